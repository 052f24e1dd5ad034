// Package hostile is a misbehaving upstream for tests and drills: an HTTP
// server in front of the simulator (package sim) that serves every venue
// under "/<id>/..." as the simulator does, and applies one fault Mode to
// every venue at once: hanging, resetting or refusing connections, error
// statuses with and without Retry-After, errors with HTTP 200, malformed,
// truncated, huge, compressed-bomb or trickled bodies, huge headers, and the
// simulator's real answers rewritten with absurd amounts, a wrong echo of the
// amount asked, an HTML snippet for an address, absurd expiries, or absurd
// market and currency lists.
//
// Modes that rewrite an answer do it generically: they walk the simulator's
// real JSON and change the numbers (and strings holding numbers) under keys
// that name amounts, prices, quantities, rates, fees or minimums, so they
// work for every venue's format. A mode hits the endpoints of its scope: all,
// the quote endpoints (estimates, rates, order books), the list endpoints
// (currencies, markets, networks), or the swap venues' create-order or
// order-status calls (swapcalls.go names them per venue). SetMode switches
// modes while serving, so a test can load the lists healthy ("warm"), or
// quote healthy, before the fault starts.
//
// The server is test infrastructure: it listens on loopback and is run by
// `swapscout sim --fault MODE` and by the hostile matrix test.
package hostile

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout/sim"
)

// Config configures a Server.
type Config struct {
	// Sim configures the simulator behind the server; Venues are its venues.
	Sim    sim.Config
	Venues map[string]sim.Venue
	// Healthy and Failing, when set, are used instead of simulators built
	// from Sim and Venues: Healthy gives the real answers, Failing the
	// venues' own errors (a simulator with ErrorRate 1). The server closes
	// them.
	Healthy, Failing *sim.Server
	// Mode and Scope are the fault at start (Off when empty).
	Mode  Mode
	Scope Scope
	// HugeSize is the body size of the huge modes (default 100 MB).
	HugeSize int64
	// BombSize is how much the gzip bomb inflates to (default 10 GB; the
	// small bomb inflates to BombSize/10).
	BombSize int64
	// TrickleEvery is the pause between bytes in Trickle (default 100 ms).
	TrickleEvery time.Duration
	// HeaderBytes is the size of the header lines of HugeHeaders (default 1 MB).
	HeaderBytes int
}

// Defaults of Config.
const (
	DefaultHugeSize     = 100 << 20
	DefaultBombSize     = 10 << 30
	DefaultTrickleEvery = 100 * time.Millisecond
	DefaultHeaderBytes  = 1 << 20
)

// Server is a hostile upstream.
type Server struct {
	cfg     Config
	healthy *sim.Server // the real answers
	failing *sim.Server // the venues' own error answers (ErrorRate 1)
	state   atomic.Pointer[state]
	done    chan struct{} // closed by Close

	mu       sync.Mutex
	closed   bool
	addr     net.Addr // fixed at Start, so Refused can reopen the same port
	ln       net.Listener
	srv      *http.Server
	conns    map[*trackedConn]struct{}
	handlers sync.WaitGroup // running handlers
	serving  sync.WaitGroup // Serve loops
}

type state struct {
	mode  Mode
	scope Scope // resolved: never ScopeDefault
}

// positiveOr is v, or def when v is not above zero (a Config field left
// unset, or set to nonsense).
func positiveOr[T cmp.Ordered](v, def T) T {
	var zero T
	if v <= zero {
		return def
	}
	return v
}

// New builds the server and its simulator; Start serves it.
func New(cfg Config) (*Server, error) {
	cfg.Mode = cmp.Or(cfg.Mode, Off)
	cfg.HugeSize = positiveOr(cfg.HugeSize, DefaultHugeSize)
	cfg.BombSize = positiveOr(cfg.BombSize, DefaultBombSize)
	cfg.TrickleEvery = positiveOr(cfg.TrickleEvery, DefaultTrickleEvery)
	cfg.HeaderBytes = positiveOr(cfg.HeaderBytes, DefaultHeaderBytes)
	healthy, failing := cfg.Healthy, cfg.Failing
	var err error
	if healthy == nil {
		if healthy, err = sim.New(cfg.Sim, cfg.Venues); err != nil {
			return nil, err
		}
	}
	if failing == nil {
		fc := cfg.Sim
		fc.ErrorRate, fc.RateLimitRate, fc.VenueErrorRate, fc.VenueRateLimitRate = 1, 0, nil, nil
		if failing, err = sim.New(fc, cfg.Venues); err != nil {
			return nil, err
		}
	}
	s := &Server{cfg: cfg, healthy: healthy, failing: failing, done: make(chan struct{}), conns: map[*trackedConn]struct{}{}}
	if err := s.SetMode(cfg.Mode, cfg.Scope); err != nil {
		return nil, err
	}
	return s, nil
}

// Sim returns the healthy simulator behind the server (for its exchanges and
// counters).
func (s *Server) Sim() *sim.Server { return s.healthy }

// Mode returns the current mode and its resolved scope.
func (s *Server) Mode() (Mode, Scope) {
	st := s.state.Load()
	return st.mode, st.scope
}

// SetMode switches every venue to mode m over scope (ScopeDefault: the
// mode's own). Switching to Refused closes the port and every open
// connection; switching away from it listens on the same port again.
func (s *Server) SetMode(m Mode, scope Scope) error {
	mi, ok := lookup(m)
	if !ok {
		return fmt.Errorf("hostile: unknown mode %q", m)
	}
	if scope == ScopeDefault {
		scope = mi.Scope
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state.Store(&state{mode: m, scope: scope})
	if s.srv == nil || s.closed {
		return nil
	}
	if m == Refused {
		s.closeListenerLocked()
		return nil
	}
	if s.ln == nil {
		return s.listenLocked()
	}
	return nil
}

// Start listens on addr (e.g. "127.0.0.1:0") and serves until Close.
func (s *Server) Start(addr string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	ln, err := sim.Listen("hostile", s.closed, s.srv != nil, addr)
	if err != nil {
		return err
	}
	s.addr = ln.Addr()
	s.srv = sim.HTTPServer(s)
	if s.state.Load().mode == Refused {
		return ln.Close() // the port is known, and closed
	}
	s.serveLocked(ln)
	return nil
}

func (s *Server) listenLocked() error {
	ln, err := net.Listen("tcp", s.addr.String())
	if err != nil {
		return fmt.Errorf("hostile: listening again on %s: %w", s.addr, err)
	}
	s.serveLocked(ln)
	return nil
}

func (s *Server) serveLocked(ln net.Listener) {
	s.ln = &trackingListener{Listener: ln, s: s}
	s.serving.Add(1)
	go func(ln net.Listener) {
		defer s.serving.Done()
		_ = s.srv.Serve(ln)
	}(s.ln)
}

func (s *Server) closeListenerLocked() {
	if s.ln != nil {
		_ = s.ln.Close()
		s.ln = nil
	}
	for c := range s.conns {
		_ = c.Conn.Close()
		delete(s.conns, c)
	}
}

// URL returns "http://HOST:PORT" after Start ("" before); an unspecified
// listen address is reported as 127.0.0.1.
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.addr == nil {
		return ""
	}
	return sim.BaseURL(s.addr)
}

// VenueURL returns URL()+"/"+id, the base URL an adapter is given.
func (s *Server) VenueURL(id string) string { return s.URL() + "/" + id }

// Close stops serving, cuts every connection (hanging and trickling ones
// included) and returns once every handler has returned.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.done)
	srv := s.srv
	s.closeListenerLocked()
	s.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
	s.serving.Wait()
	s.handlers.Wait()
	return errors.Join(s.healthy.Close(), s.failing.Close())
}

// trackingListener records accepted connections so Refused and Close can cut
// them, hijacked ones included.
type trackingListener struct {
	net.Listener
	s *Server
}

func (l *trackingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &trackedConn{Conn: c, s: l.s}
	l.s.mu.Lock()
	if l.s.closed {
		l.s.mu.Unlock()
		_ = c.Close()
		return nil, net.ErrClosed
	}
	l.s.conns[tc] = struct{}{}
	l.s.mu.Unlock()
	return tc, nil
}

type trackedConn struct {
	net.Conn
	s *Server
}

func (c *trackedConn) Close() error {
	c.s.mu.Lock()
	delete(c.s.conns, c)
	c.s.mu.Unlock()
	return c.Conn.Close()
}

// ServeHTTP applies the current mode to one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "hostile: closed", http.StatusServiceUnavailable)
		return
	}
	s.handlers.Add(1)
	s.mu.Unlock()
	defer s.handlers.Done()

	st := s.state.Load()
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	_ = r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	if st.mode == Off || !strings.HasPrefix(r.URL.Path, "/") || strings.HasPrefix(r.URL.Path, "/_sim/") || !st.hits(r, body) {
		s.healthy.Handler().ServeHTTP(w, r)
		return
	}
	switch st.mode {
	case Hang:
		s.hang(w)
	case Reset:
		reset(w)
	case Refused: // a connection made before the port closed
		reset(w)
	case HTML5xx:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><p>hostile</p></body></html>\n")
	case RateLimit429, RateLimit429Secs, RateLimit429Date, RateLimit429Huge,
		RateLimit418, RateLimit418Secs, RateLimit418Date, RateLimit418Huge:
		rateLimit(w, st.mode)
	case Error200:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"error":"hostile: internal error, please try again later"}`)
	case VenueError200:
		rec := capture(s.failing.Handler(), r, body)
		writeRecorded(w, rec, http.StatusOK, rec.buf.Bytes())
	case HugeChunked, HugeLength:
		s.huge(w, st.mode == HugeLength)
	case GzipBomb:
		bombResponse(w, s.cfg.BombSize)
	case GzipBombSmall:
		bombResponse(w, s.cfg.BombSize/10)
	case Trickle, Truncated, HugeHeaders:
		rec := capture(s.healthy.Handler(), r, body)
		switch st.mode {
		case Trickle:
			s.trickle(w, rec)
		case Truncated:
			truncate(w, rec)
		default:
			s.hugeHeaders(w, rec)
		}
	default: // the modes that rewrite the real answer
		rec := capture(s.healthy.Handler(), r, body)
		out, ok := rewriteAnswer(st.mode, rec.buf.Bytes(), echoes(r, body))
		if !ok || rec.status/100 != 2 { // an error answer is left as it is
			out = rec.buf.Bytes()
		}
		writeRecorded(w, rec, rec.status, out)
	}
}

func (st *state) hits(r *http.Request, body []byte) bool {
	switch st.scope {
	case ScopeQuotes:
		return !isListRequest(r, body) && SwapCall(r, body) == NotSwap
	case ScopeLists:
		return isListRequest(r, body)
	case ScopeCreate:
		return SwapCall(r, body) == CreateCall
	case ScopeStatus:
		return SwapCall(r, body) == StatusCall
	}
	return true
}

// listWords mark an endpoint (path or JSON-RPC method) that lists
// currencies, markets or networks rather than quoting.
var listWords = []string{"currenc", "ccies", "coins", "symbols", "markets", "networks", "exchangeinfo", "instruments",
	"assetpairs", "assets", "pairs", "products", "tickers", "conf"}

// quoteWords mark a quote endpoint even when a list word is in its path
// (Coinbase's /products/ETH-BTC/book).
var quoteWords = []string{"book", "depth"}

// isListRequest reports whether r asks for a market or currency list.
func isListRequest(r *http.Request, body []byte) bool {
	p := strings.ToLower(r.URL.Path)
	if len(body) > 0 && body[0] == '{' {
		var rpc struct {
			Method string `json:"method"`
		}
		if json.Unmarshal(body, &rpc) == nil && rpc.Method != "" {
			p += " " + strings.ToLower(rpc.Method)
		}
	}
	for _, w := range quoteWords {
		if strings.Contains(p, w) {
			return false
		}
	}
	for _, w := range listWords {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}

// recorder captures a simulator answer.
type recorder struct {
	h      http.Header
	status int
	buf    bytes.Buffer
}

func (rc *recorder) Header() http.Header { return rc.h }
func (rc *recorder) WriteHeader(code int) {
	if rc.status == 0 {
		rc.status = code
	}
}
func (rc *recorder) Write(p []byte) (int, error) {
	if rc.status == 0 {
		rc.status = http.StatusOK
	}
	return rc.buf.Write(p)
}

// capture runs h on a copy of r that does not accept gzip, so the answer
// is plain.
func capture(h http.Handler, r *http.Request, body []byte) *recorder {
	r2 := r.Clone(r.Context())
	r2.Header.Del("Accept-Encoding")
	r2.Body = io.NopCloser(bytes.NewReader(body))
	rec := &recorder{h: http.Header{}}
	h.ServeHTTP(rec, r2)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return rec
}

func writeRecorded(w http.ResponseWriter, rec *recorder, status int, body []byte) {
	for k, v := range rec.h {
		if k != "Content-Length" && k != "Content-Encoding" {
			w.Header()[k] = v
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// Rewrite applies mode m to a venue's real JSON answer, as the server does
// for the modes that rewrite one (malformed-json, duplicate-keys, the
// amounts-* modes and the lists-* modes; wrong-echo needs the request and
// changes nothing here). ok is false when body is not JSON or m rewrites
// nothing. Adapter tests use it to turn their recorded fixtures hostile.
func Rewrite(m Mode, body []byte) (out []byte, ok bool) { return rewriteAnswer(m, body, nil) }

// IsListRequest reports whether r (whose body is body) asks for a market,
// fee or currency list rather than a quote: the endpoints ScopeLists hits
// and ScopeQuotes spares.
func IsListRequest(r *http.Request, body []byte) bool { return isListRequest(r, body) }

// rewriteAnswer applies a rewriting mode to a JSON answer; ok is false when
// the answer is not JSON.
func rewriteAnswer(m Mode, body []byte, echo []*big.Rat) ([]byte, bool) {
	if m == Malformed {
		t := bytes.TrimRight(body, " \t\r\n")
		if len(t) == 0 {
			return []byte(`{"hostile":`), true
		}
		out := append([]byte(nil), t[:len(t)-1]...)
		return append(out, `,"hostile":NaN,}`...), true
	}
	root, err := parseJSON(body)
	if err != nil {
		return nil, false
	}
	switch m {
	case DuplicateKeys:
		duplicateAmounts(root)
	case AmountsX1000:
		scaleAmounts(root, big.NewRat(1000, 1))
	case AmountsX1e12:
		scaleAmounts(root, big.NewRat(1e12, 1))
	case AmountsZero:
		scaleAmounts(root, new(big.Rat))
	case AmountsNegative:
		scaleAmounts(root, big.NewRat(-1, 1))
	case WrongEcho:
		changeEcho(root, echo)
	case DepositHTML:
		setStrings(root, addressWords, `<a href="https://evil.example/pay">send here</a>`)
	case ExpiryHuge:
		setExpiries(root)
	case ListsEmpty:
		emptyLists(root)
	case ListsZeroFee:
		setKeyed(root, feeWords, "0")
	case ListsHugeMinimums:
		setKeyed(root, minWords, "1000000000000000000000000000000")
	default:
		return nil, false
	}
	return root.encode(make([]byte, 0, len(body)+len(body)/4)), true
}

// echoes are the amounts a request asks about: numbers in its query or body
// that have a fraction or sit under an amount-like key. A venue that echoes
// the amount in repeats one of them.
func echoes(r *http.Request, body []byte) []*big.Rat {
	var out []*big.Rat
	add := func(key, v string) {
		n := &node{kind: 's', text: v}
		if x, ok := n.number(); ok && (strings.ContainsAny(v, ".eE") || amountKey(key) && key != "") {
			out = append(out, x)
		}
	}
	vals := r.URL.Query()
	if ct := r.Header.Get("Content-Type"); strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		if f, err := url.ParseQuery(string(body)); err == nil {
			for k, v := range f {
				vals[k] = append(vals[k], v...)
			}
		}
	}
	for k, vs := range vals {
		for _, v := range vs {
			add(k, v)
		}
	}
	if root, err := parseJSON(body); err == nil {
		walkLeaves(root, "", func(key string, n *node) { add(key, n.text) })
	}
	return out
}

// hang holds the connection without answering until the client leaves or
// the server closes.
func (s *Server) hang(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		<-s.done
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	gone := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, conn)
		close(gone)
	}()
	select {
	case <-gone:
	case <-s.done:
	}
	_ = conn.Close()
	<-gone
}

// hijack takes the connection of w over, to misbehave below HTTP; a writer
// that cannot give it (HTTP/2) aborts the request instead. ok is false when
// the connection could not be taken (it is already gone).
func hijack(w http.ResponseWriter) (conn net.Conn, bw *bufio.ReadWriter, ok bool) {
	hj, can := w.(http.Hijacker)
	if !can {
		panic(http.ErrAbortHandler)
	}
	conn, bw, err := hj.Hijack()
	return conn, bw, err == nil
}

// reset closes the connection with an RST instead of a FIN.
func reset(w http.ResponseWriter) {
	conn, _, ok := hijack(w)
	if !ok {
		return
	}
	if tc, ok := conn.(*trackedConn); ok {
		if tcp, ok := tc.Conn.(*net.TCPConn); ok {
			_ = tcp.SetLinger(0)
		}
	}
	_ = conn.Close()
}

func rateLimit(w http.ResponseWriter, m Mode) {
	status := http.StatusTooManyRequests
	body := `{"error":"too many requests"}`
	if strings.HasPrefix(string(m), "418") {
		status = http.StatusTeapot
		body = `{"code":-1003,"msg":"Way too much request weight used; IP banned until later."}`
	}
	switch {
	case strings.HasSuffix(string(m), "-retry-seconds"):
		w.Header().Set("Retry-After", "2")
	case strings.HasSuffix(string(m), "-retry-date"):
		w.Header().Set("Retry-After", time.Now().Add(2*time.Second).UTC().Format(http.TimeFormat))
	case strings.HasSuffix(string(m), "-retry-huge"):
		w.Header().Set("Retry-After", "1000000000")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// hugeChunk is one repeat of the huge body: a JSON string of 'x' in an array.
var hugeChunk = []byte(`"` + strings.Repeat("x", 64<<10-3) + `",`)

// huge streams a JSON document of about HugeSize bytes.
func (s *Server) huge(w http.ResponseWriter, withLength bool) {
	const head, tail = `{"data":[`, `"x"]}`
	n := max(1, (s.cfg.HugeSize-int64(len(head)+len(tail)))/int64(len(hugeChunk)))
	w.Header().Set("Content-Type", "application/json")
	if withLength {
		w.Header().Set("Content-Length", strconv.FormatInt(int64(len(head)+len(tail))+n*int64(len(hugeChunk)), 10))
	}
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, head); err != nil {
		return
	}
	f, _ := w.(http.Flusher)
	for range n {
		if s.isDone() {
			return
		}
		if _, err := w.Write(hugeChunk); err != nil {
			return
		}
		if f != nil && !withLength {
			f.Flush()
		}
	}
	_, _ = io.WriteString(w, tail)
}

func bombResponse(w http.ResponseWriter, size int64) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Set("Content-Length", strconv.FormatInt(bombLength(size), 10))
	w.WriteHeader(http.StatusOK)
	_, _ = writeBomb(w, size)
}

func (s *Server) isDone() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// trickle sends the real answer one byte at a time.
func (s *Server) trickle(w http.ResponseWriter, rec *recorder) {
	body := rec.buf.Bytes()
	for k, v := range rec.h {
		if k != "Content-Length" && k != "Content-Encoding" {
			w.Header()[k] = v
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(rec.status)
	f, _ := w.(http.Flusher)
	t := time.NewTicker(s.cfg.TrickleEvery)
	defer t.Stop()
	for i := range body {
		if _, err := w.Write(body[i : i+1]); err != nil {
			return
		}
		if f != nil {
			f.Flush()
		}
		select {
		case <-t.C:
		case <-s.done:
			return
		}
	}
}

// truncate announces twice the real answer's length, sends half of it and
// closes the connection.
func truncate(w http.ResponseWriter, rec *recorder) {
	body := rec.buf.Bytes()
	conn, bw, ok := hijack(w)
	if !ok {
		return
	}
	defer conn.Close()
	ct := rec.h.Get("Content-Type")
	if ct == "" {
		ct = "application/json"
	}
	fmt.Fprintf(bw, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", rec.status, http.StatusText(rec.status), ct, 2*len(body)+16)
	_, _ = bw.Write(body[:len(body)/2])
	_ = bw.Flush()
}

// hugeHeaders sends the real answer after HeaderBytes of header lines.
func (s *Server) hugeHeaders(w http.ResponseWriter, rec *recorder) {
	line := strings.Repeat("h", 1000)
	for i := 0; i*(len(line)+20) < s.cfg.HeaderBytes; i++ {
		w.Header().Set(fmt.Sprintf("X-Hostile-%06d", i), line)
	}
	writeRecorded(w, rec, rec.status, rec.buf.Bytes())
}
