package sim

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
)

// serve is the server's root handler.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	switch path {
	case "/_sim/stats":
		s.serveStats(w)
		return
	case "/_sim/healthz":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
		return
	}
	if strings.HasPrefix(path, "/_sim/pay/") {
		s.servePay(w, r)
		return
	}
	if rest, ok := strings.CutPrefix(path, "/_chain/"); ok && s.chain != nil {
		s.chain.ServeHTTP(w, stripPrefix(r, "/_chain", "/"+rest))
		return
	}
	if strings.HasPrefix(path, "/_sim/deposit/") {
		s.serveDeposit(w, r)
		return
	}
	id, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	mt, ok := s.venues[id]
	if !ok || !strings.HasPrefix(path, "/") {
		http.Error(w, "sim: unknown venue", http.StatusNotFound)
		return
	}
	mt.requests.Add(1)
	s.inflight.Add(1)
	defer s.inflight.Add(-1)

	r2 := stripPrefix(r, "/"+id, "/"+rest)
	if mt.limit != nil && !mt.limit.Allow() {
		// Over the venue's stated limit: its rate-limit answer, at once,
		// as a real venue refuses before doing any work.
		mt.overLimit.Add(1)
		mt.fault(w, r2, FaultRateLimit)
		return
	}
	wait, fault := mt.draw(s.cfg.Sigma, s.cfg.Jitter, mt.isList(r2))
	if wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-r.Context().Done(): // the client went away: nobody to answer
			t.Stop()
			return
		case <-s.closing:
			t.Stop()
			http.Error(w, "sim: shutting down", http.StatusServiceUnavailable)
			return
		}
	}

	var gz *gzipWriter
	if acceptsGzip(r.Header) {
		gz = &gzipWriter{w: w}
		w = gz
	}
	switch fault {
	case FaultError:
		mt.errors.Add(1)
		mt.fault(w, r2, fault)
	case FaultRateLimit:
		mt.rateLimits.Add(1)
		mt.fault(w, r2, fault)
	default:
		mt.handler.ServeHTTP(w, r2)
	}
	if gz != nil {
		gz.finish(r.Method)
	}
}

// draw picks a request's latency and fault: a list request (see
// Venue.Lists) may fail with the list error rate, any other with the error
// and rate-limit rates.
func (mt *mount) draw(sigma float64, jitter time.Duration, list bool) (time.Duration, Fault) {
	mt.mu.Lock()
	z, j, u := mt.rng.NormFloat64(), mt.rng.Float64(), mt.rng.Float64()
	mt.mu.Unlock()
	var f Fault
	switch {
	case list:
		if u < mt.listRate {
			f = FaultError
		}
	case u < mt.errRate:
		f = FaultError
	case u < mt.errRate+mt.rateRate:
		f = FaultRateLimit
	}
	return latency(mt.median, sigma, jitter, z, j), f
}

// latency is median × exp(sigma×z) (z clamped to [-2, +4]) + u×jitter.
func latency(median time.Duration, sigma float64, jitter time.Duration, z, u float64) time.Duration {
	z = max(-2, min(z, 4))
	d := time.Duration(float64(median) * math.Exp(sigma*z))
	return d + time.Duration(u*float64(jitter))
}

func (mt *mount) fault(w http.ResponseWriter, r *http.Request, f Fault) {
	if mt.venue.Fault != nil {
		mt.venue.Fault(w, r, f)
		return
	}
	if f == FaultRateLimit {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "sim: rate limited", http.StatusTooManyRequests)
		return
	}
	http.Error(w, "sim: injected error", http.StatusInternalServerError)
}

// stripPrefix returns a shallow copy of r whose URL path is path (r's path
// without prefix), as http.StripPrefix does.
func stripPrefix(r *http.Request, prefix, path string) *http.Request {
	r2 := new(http.Request)
	*r2 = *r
	r2.URL = new(url.URL)
	*r2.URL = *r.URL
	r2.URL.Path = path
	if r.URL.RawPath != "" {
		r2.URL.RawPath = "/" + strings.TrimPrefix(strings.TrimPrefix(r.URL.RawPath, prefix), "/")
	}
	return r2
}

// acceptsGzip reports whether the Accept-Encoding header lists gzip with a
// non-zero quality.
func acceptsGzip(h http.Header) bool {
	for _, v := range h.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
				continue
			}
			if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
				if f, err := strconv.ParseFloat(strings.TrimSpace(q), 64); err == nil && f == 0 {
					return false
				}
			}
			return true
		}
	}
	return false
}

// gzipWriter buffers a handler's response, to write it compressed once the
// handler returns.
type gzipWriter struct {
	w      http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (g *gzipWriter) Header() http.Header { return g.w.Header() }

func (g *gzipWriter) WriteHeader(code int) {
	if g.status == 0 && code >= 200 {
		g.status = code
	}
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if g.status == 0 {
		g.status = http.StatusOK
	}
	return g.buf.Write(p)
}

// gzipPool holds the compressors: klauspost/compress (the client's
// decoder already) at its fastest level. The standard library's at its
// default level spent about three quarters of a quote miss's CPU in the
// simulator's gzip (BenchmarkQuoteMiss), which a load test's simulator
// takes from the instances it shares the machine with; the wire format is
// the same gzip.
var gzipPool = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// finish writes the buffered response: compressed unless it is empty, its
// status has no body, or the handler encoded it itself.
func (g *gzipWriter) finish(method string) {
	status := g.status
	if status == 0 {
		status = http.StatusOK
	}
	h := g.w.Header()
	body := g.buf.Bytes()
	if len(body) == 0 || method == http.MethodHead || status == http.StatusNoContent ||
		status == http.StatusNotModified || h.Get("Content-Encoding") != "" {
		g.w.WriteHeader(status)
		_, _ = g.w.Write(body)
		return
	}
	if _, set := h["Content-Type"]; !set {
		h.Set("Content-Type", http.DetectContentType(body))
	}
	var out bytes.Buffer
	zw := gzipPool.Get().(*gzip.Writer)
	zw.Reset(&out)
	_, _ = zw.Write(body)
	_ = zw.Close()
	gzipPool.Put(zw)
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Length", strconv.Itoa(out.Len()))
	g.w.WriteHeader(status)
	_, _ = g.w.Write(out.Bytes())
}

// Stats is what "/_sim/stats" serves.
type Stats struct {
	Venues   map[string]VenueStats `json:"venues"`
	InFlight int64                 `json:"in_flight"` // venue requests being handled
}

// VenueStats are one venue's counters.
type VenueStats struct {
	Requests   int64 `json:"requests"`    // received (counted on arrival)
	Errors     int64 `json:"errors"`      // answered with an injected FaultError
	RateLimits int64 `json:"rate_limits"` // answered with an injected FaultRateLimit
	// OverLimit: answered with the venue's rate-limit response because
	// the client went beyond the venue's stated limit (Config.Limits).
	OverLimit int64 `json:"over_limit"`
}

// Stats returns the server's counters.
func (s *Server) Stats() Stats {
	st := Stats{Venues: make(map[string]VenueStats, len(s.venues)), InFlight: s.inflight.Load()}
	for id, mt := range s.venues {
		st.Venues[id] = VenueStats{mt.requests.Load(), mt.errors.Load(), mt.rateLimits.Load(), mt.overLimit.Load()}
	}
	return st
}

func (s *Server) serveStats(w http.ResponseWriter) {
	b, err := json.Marshal(s.Stats())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(append(b, '\n'))
}
