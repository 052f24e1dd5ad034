// Package metrics holds swapscout's Prometheus metrics: one Metrics struct
// whose collectors are registered on a registry the caller owns (never the
// global one), and decorators that record what venues, fan-outs and routes
// do. Labels are bounded: venue ids, route patterns, failure codes and
// status classes, never anything taken from a request.
package metrics

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/common/expfmt"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

const namespace = "swapscout"

// Metrics are the service's collectors. Make them with New, register them
// with Register, and hand its methods to the code they observe.
type Metrics struct {
	venueCalls    *prometheus.CounterVec
	venueLatency  *prometheus.HistogramVec
	venueFailures *prometheus.CounterVec
	venueHeld     *prometheus.CounterVec
	fanOuts       prometheus.Gauge
	requests      *prometheus.CounterVec
	reqLatency    *prometheus.HistogramVec
	cache         *prometheus.CounterVec
	streams       prometheus.Gauge
	swapsLate     *prometheus.CounterVec
	tracker
	extra []prometheus.Collector
}

// New returns unregistered metrics.
func New() *Metrics {
	m := &Metrics{
		venueCalls: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "venue",
			Name: "calls_total", Help: "Quote calls made to each venue."}, []string{"venue"}),
		venueLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "venue",
			Name: "call_duration_seconds", Help: "Time each venue took to answer a quote call, failures included.",
			Buckets: []float64{.025, .05, .1, .2, .35, .5, .75, 1, 1.5, 2, 3, 5, 10}}, []string{"venue"}),
		venueFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "venue",
			Name: "failures_total", Help: "Quote calls that failed, by venue and failure code."}, []string{"venue", "code"}),
		venueHeld: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "venue",
			Name: "held_back_total", Help: "Quote calls our own side did not send to each venue (own rate limit, cool-down, open circuit), by failure code; not in calls_total nor failures_total."}, []string{"venue", "code"}),
		fanOuts: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: namespace, Name: "fanouts_in_flight",
			Help: "Fan-outs to the venues running now."}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "http",
			Name: "requests_total", Help: "HTTP requests answered, by route pattern and status class."}, []string{"route", "class"}),
		reqLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "http",
			Name: "request_duration_seconds", Help: "Time to answer an HTTP request (to the start of a stream), by route pattern.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "quote_cache",
			Name: "lookups_total", Help: "Identical-request cache lookups, by result (hit or miss)."}, []string{"result"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: namespace, Name: "streams_in_flight",
			Help: "Server-sent event streams open now."}),
		swapsLate: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "swaps",
			Name: "late_total", Help: "Swaps this instance marked late: past their venue's usual time from deposit to payout, by venue."}, []string{"venue"}),
		tracker: newTracker(),
	}
	// Both results exist at 0 from the start (rate() and ratios over them
	// work before the first lookup).
	m.cache.WithLabelValues("hit")
	m.cache.WithLabelValues("miss")
	return m
}

// Add adds collectors registered along with the others (call before
// Register), e.g. CounterFunc or VenueGauges hooks.
func (m *Metrics) Add(cs ...prometheus.Collector) { m.extra = append(m.extra, cs...) }

// Register registers every collector on reg.
func (m *Metrics) Register(reg prometheus.Registerer) error {
	for _, c := range append([]prometheus.Collector{m.venueCalls, m.venueLatency, m.venueFailures, m.venueHeld, m.fanOuts,
		m.requests, m.reqLatency, m.cache, m.streams, m.swapsLate, m.polls, m.pollLatency, m.pollLag, m.webhooks, m.changes, m.pushLag}, m.extra...) {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// NewRegistry returns a registry holding the Go runtime and process
// collectors.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

var classes = [...]string{"1xx", "2xx", "3xx", "4xx", "5xx"}

// Route returns the recorder for one route pattern (see httpapi.Handler.Observe).
// Its series are made here, once, so recording is two atomic adds and a
// histogram observation.
func (m *Metrics) Route(pattern string) func(status int, took time.Duration) {
	var byClass [len(classes)]prometheus.Counter
	for i, c := range classes {
		byClass[i] = m.requests.WithLabelValues(pattern, c)
	}
	lat := m.reqLatency.WithLabelValues(pattern)
	return func(status int, took time.Duration) {
		if c := status/100 - 1; c >= 0 && c < len(byClass) {
			byClass[c].Inc()
		}
		lat.Observe(took.Seconds())
	}
}

// CacheLookup counts one identical-request cache lookup (httpapi.Deps.OnCache).
func (m *Metrics) CacheLookup(hit bool) {
	if hit {
		m.cache.WithLabelValues("hit").Inc()
	} else {
		m.cache.WithLabelValues("miss").Inc()
	}
}

// SwapLate counts a swap marked late at venue (track.Late.OnLate).
func (m *Metrics) SwapLate(venue string) { m.swapsLate.WithLabelValues(venue).Inc() }

// SwapVenue makes the late counter and the tracker's series of a venue
// that creates swaps exist at 0 from the start, so they are exported (and
// rate() over them works) before its first late swap or status poll.
func (m *Metrics) SwapVenue(venue string) {
	m.swapsLate.WithLabelValues(venue)
	m.polls.WithLabelValues(venue, pollOK)
	m.pollLatency.WithLabelValues(venue)
}

// StreamDelta tracks open streams (httpapi.Deps.OnStream).
func (m *Metrics) StreamDelta(n int) { m.streams.Add(float64(n)) }

// CounterFunc returns a counter read from f at scrape time (e.g. a store's
// evictions); Add it before Register.
func CounterFunc(name, help string, f func() float64) prometheus.Collector {
	return prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help}, f)
}

// GaugeFunc returns a gauge read from f at scrape time (e.g. a store's
// bytes); Add it before Register.
func GaugeFunc(name, help string, f func() float64) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: namespace, Name: name, Help: help}, f)
}

// VenueGauges returns one gauge per venue, read from value at scrape time,
// labelled venue="<id>": the hook for state kept elsewhere (breaker state,
// market list age). Add it before Register.
func VenueGauges(name, help string, venues []string, value func(venue string) float64) prometheus.Collector {
	return &venueGauges{desc: prometheus.NewDesc(prometheus.BuildFQName(namespace, "venue", name), help, []string{"venue"}, nil),
		venues: venues, value: value}
}

type venueGauges struct {
	desc   *prometheus.Desc
	venues []string
	value  func(string) float64
}

func (g *venueGauges) Describe(ch chan<- *prometheus.Desc) { ch <- g.desc }
func (g *venueGauges) Collect(ch chan<- prometheus.Metric) {
	for _, v := range g.venues {
		ch <- prometheus.MustNewConstMetric(g.desc, prometheus.GaugeValue, g.value(v), v)
	}
}

// Quoter wraps one venue's quoter: it counts calls, times them and counts
// failures by code, and logs each failure with its cause at debug (with
// the request id when the context carries one). log may be nil.
func (m *Metrics) Quoter(venue string, q swapscout.Quoter, log *slog.Logger) swapscout.Quoter {
	// The series every venue can always have exist at 0 from the start, so
	// they are exported (and rate() over them works) before the first
	// failure: a timeout, and a call our own rate limit held back.
	m.venueFailures.WithLabelValues(venue, string(swapscout.CodeTimeout))
	m.venueHeld.WithLabelValues(venue, string(swapscout.CodeRateLimited))
	return &quoter{venue: venue, q: q, log: log, calls: m.venueCalls.WithLabelValues(venue),
		lat: m.venueLatency.WithLabelValues(venue), failures: m.venueFailures.MustCurryWith(prometheus.Labels{"venue": venue}),
		held: m.venueHeld.MustCurryWith(prometheus.Labels{"venue": venue})}
}

type quoter struct {
	venue    string
	q        swapscout.Quoter
	log      *slog.Logger
	calls    prometheus.Counter
	lat      prometheus.Observer
	failures *prometheus.CounterVec
	held     *prometheus.CounterVec
}

func (w *quoter) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	start := time.Now()
	o, err := w.q.Quote(ctx, req)
	took := time.Since(start)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // the engine counts a late answer as a timeout too
	}
	switch {
	case errors.Is(err, context.Canceled):
		// Cut by its caller (the engine cuts a call its request no longer
		// waits for when it cannot let it run on, and starts none once the
		// request is over): neither the venue's call nor its failure. A
		// client's short deadline never shows here: calls run under the
		// venue's own deadline.
		return o, err
	case errors.Is(err, swapscout.ErrHeldBack):
		// Never sent (our rate limit, a cool-down, an open circuit): one
		// client's flood of quotes must not make the venue look broken.
		w.held.WithLabelValues(FailureCode(err)).Inc()
		return o, err
	}
	w.calls.Inc()
	w.lat.Observe(took.Seconds())
	if err != nil {
		code := FailureCode(err)
		w.failures.WithLabelValues(code).Inc()
		if w.log != nil && w.log.Enabled(ctx, slog.LevelDebug) {
			w.log.DebugContext(ctx, "venue failure", "venue", w.venue, "code", code, "took", took, "err", err)
		}
	}
	return o, err
}

// FailureCode is the bounded label for a venue error, as the engine codes
// it in its answer: the VenueError's code, "timeout" for deadlines,
// cancellations and network timeouts, "unavailable" otherwise.
func FailureCode(err error) string {
	var ve *swapscout.VenueError
	var ne net.Error
	switch {
	case errors.As(err, &ve) && ve.Code != "":
		return string(ve.Code)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled), errors.As(err, &ne) && ne.Timeout():
		return string(swapscout.CodeTimeout)
	}
	return string(swapscout.CodeUnavailable)
}

// QuoteService is what the HTTP API fans out through (httpapi.QuoteService).
type QuoteService interface {
	Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error)
}

// FanOuts wraps a quote service so fan-outs in flight are counted.
func (m *Metrics) FanOuts(s QuoteService) QuoteService { return &fanOuts{s: s, g: m.fanOuts} }

type fanOuts struct {
	s QuoteService
	g prometheus.Gauge
}

func (f *fanOuts) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	f.g.Inc()
	defer f.g.Dec()
	return f.s.Quote(ctx, req, sel, emit)
}

// Exposition returns a function that renders g in the Prometheus text
// format, for a /metrics route.
func Exposition(g prometheus.Gatherer) func() ([]byte, string, error) {
	format := expfmt.NewFormat(expfmt.TypeTextPlain)
	return func() ([]byte, string, error) {
		mfs, err := g.Gather()
		if err != nil && len(mfs) == 0 {
			return nil, "", err
		}
		var buf bytes.Buffer
		enc := expfmt.NewEncoder(&buf, format)
		for _, mf := range mfs {
			if err := enc.Encode(mf); err != nil {
				return nil, "", err
			}
		}
		return buf.Bytes(), string(format), nil
	}
}
