package metrics_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/metrics"
)

type quoterFunc func(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error)

func (f quoterFunc) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	return f(ctx, req)
}

type service struct{ in chan int }

func (s service) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	<-s.in
	return &swapscout.Quote{}, nil
}

// TestVenueAndRouteSeries: the decorators and route recorders produce the
// documented series with bounded labels, and the registry passes promlint.
func TestVenueAndRouteSeries(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := metrics.New()
	m.Add(metrics.VenueGauges("breaker_state", "Breaker state per venue.", []string{"kraken", "binance"}, func(v string) float64 {
		if v == "kraken" {
			return 2
		}
		return 0
	}))
	if err := m.Register(reg); err != nil {
		t.Fatal(err)
	}
	ok := m.Quoter("kraken", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) { return swapscout.Offer{}, nil }), nil)
	limited := m.Quoter("binance", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "slow down"}
	}), nil)
	late := m.Quoter("exolix", quoterFunc(func(ctx context.Context, _ swapscout.QuoteRequest) (swapscout.Offer, error) {
		<-ctx.Done()
		return swapscout.Offer{}, fmt.Errorf("read: %w", ctx.Err())
	}), nil)
	ctx := context.Background()
	for range 3 {
		_, _ = ok.Quote(ctx, swapscout.QuoteRequest{})
	}
	_, _ = limited.Quote(ctx, swapscout.QuoteRequest{})
	tctx, cancel := context.WithTimeout(ctx, time.Millisecond)
	_, _ = late.Quote(tctx, swapscout.QuoteRequest{})
	cancel()
	route := m.Route("/v1/quotes/{id}")
	route(200, time.Millisecond)
	route(404, time.Millisecond)
	route(200, 2*time.Millisecond)
	m.CacheLookup(true)
	m.CacheLookup(false)
	m.StreamDelta(1)

	s := service{in: make(chan int)}
	fs := m.FanOuts(s)
	done := make(chan struct{})
	go func() { _, _ = fs.Quote(ctx, swapscout.QuoteRequest{}, aggregate.Selection{}, nil); close(done) }()
	time.Sleep(20 * time.Millisecond)

	want := `
# HELP swapscout_venue_calls_total Quote calls made to each venue.
# TYPE swapscout_venue_calls_total counter
swapscout_venue_calls_total{venue="binance"} 1
swapscout_venue_calls_total{venue="exolix"} 1
swapscout_venue_calls_total{venue="kraken"} 3
# HELP swapscout_venue_failures_total Quote calls that failed, by venue and failure code.
# TYPE swapscout_venue_failures_total counter
swapscout_venue_failures_total{code="rate_limited",venue="binance"} 1
swapscout_venue_failures_total{code="timeout",venue="binance"} 0
swapscout_venue_failures_total{code="timeout",venue="exolix"} 1
swapscout_venue_failures_total{code="timeout",venue="kraken"} 0
# HELP swapscout_http_requests_total HTTP requests answered, by route pattern and status class.
# TYPE swapscout_http_requests_total counter
swapscout_http_requests_total{class="1xx",route="/v1/quotes/{id}"} 0
swapscout_http_requests_total{class="2xx",route="/v1/quotes/{id}"} 2
swapscout_http_requests_total{class="3xx",route="/v1/quotes/{id}"} 0
swapscout_http_requests_total{class="4xx",route="/v1/quotes/{id}"} 1
swapscout_http_requests_total{class="5xx",route="/v1/quotes/{id}"} 0
# HELP swapscout_quote_cache_lookups_total Identical-request cache lookups, by result (hit or miss).
# TYPE swapscout_quote_cache_lookups_total counter
swapscout_quote_cache_lookups_total{result="hit"} 1
swapscout_quote_cache_lookups_total{result="miss"} 1
# HELP swapscout_fanouts_in_flight Fan-outs to the venues running now.
# TYPE swapscout_fanouts_in_flight gauge
swapscout_fanouts_in_flight 1
# HELP swapscout_streams_in_flight Server-sent event streams open now.
# TYPE swapscout_streams_in_flight gauge
swapscout_streams_in_flight 1
# HELP swapscout_venue_breaker_state Breaker state per venue.
# TYPE swapscout_venue_breaker_state gauge
swapscout_venue_breaker_state{venue="binance"} 0
swapscout_venue_breaker_state{venue="kraken"} 2
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "swapscout_venue_calls_total", "swapscout_venue_failures_total",
		"swapscout_http_requests_total", "swapscout_quote_cache_lookups_total", "swapscout_fanouts_in_flight",
		"swapscout_streams_in_flight", "swapscout_venue_breaker_state"); err != nil {
		t.Error(err)
	}
	close(s.in)
	<-done
	if got := testutil.ToFloat64(prometheus.Collector(gaugeOf(t, reg))); got != 0 {
		t.Errorf("fan-outs in flight after it ended = %v", got)
	}
	if n := testutil.CollectAndCount(reg, "swapscout_venue_call_duration_seconds"); n != 3 {
		t.Errorf("%d latency histograms, want one per venue (3)", n)
	}
	lint(t, reg)
}

// lint fails t on every promlint problem of reg's metrics.
func lint(t *testing.T, reg prometheus.Gatherer) {
	t.Helper()
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("promlint: %s: %s", p.Metric, p.Text)
	}
}

// gaugeOf returns the fan-outs gauge re-read through the registry.
func gaugeOf(t *testing.T, reg *prometheus.Registry) prometheus.Gauge {
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: "x"})
	for _, mf := range mfs {
		if mf.GetName() == "swapscout_fanouts_in_flight" {
			g.Set(mf.GetMetric()[0].GetGauge().GetValue())
		}
	}
	return g
}

// TestExposition: the text the /metrics route serves parses and carries
// the Go runtime and process collectors of NewRegistry.
func TestExposition(t *testing.T) {
	reg := metrics.NewRegistry()
	m := metrics.New()
	if err := m.Register(reg); err != nil {
		t.Fatal(err)
	}
	body, ctype, err := metrics.Exposition(reg)()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ctype, "text/plain") {
		t.Errorf("content type %q", ctype)
	}
	for _, want := range []string{"go_goroutines ", "process_resident_memory_bytes ", "swapscout_fanouts_in_flight 0"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("exposition lacks %q", want)
		}
	}
}

// TestHeldBackAndCutCalls: a call our side never sent (own rate limit,
// cool-down, open circuit) counts in held_back_total, neither as a call
// nor as a failure of the venue; a call its caller cut counts nowhere. One
// client's flood of quotes cannot make a venue look broken.
func TestHeldBackAndCutCalls(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := metrics.New()
	if err := m.Register(reg); err != nil {
		t.Fatal(err)
	}
	held := m.Quoter("kraken", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "over our own rate limit", Err: swapscout.ErrHeldBack}
	}), nil)
	cut := m.Quoter("kraken", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
		return swapscout.Offer{}, fmt.Errorf("read: %w", context.Canceled)
	}), nil)
	ctx := context.Background()
	for range 3 {
		_, _ = held.Quote(ctx, swapscout.QuoteRequest{})
		_, _ = cut.Quote(ctx, swapscout.QuoteRequest{})
	}
	want := `
# HELP swapscout_venue_calls_total Quote calls made to each venue.
# TYPE swapscout_venue_calls_total counter
swapscout_venue_calls_total{venue="kraken"} 0
# HELP swapscout_venue_failures_total Quote calls that failed, by venue and failure code.
# TYPE swapscout_venue_failures_total counter
swapscout_venue_failures_total{code="timeout",venue="kraken"} 0
# HELP swapscout_venue_held_back_total Quote calls our own side did not send to each venue (own rate limit, cool-down, open circuit), by failure code; not in calls_total nor failures_total.
# TYPE swapscout_venue_held_back_total counter
swapscout_venue_held_back_total{code="rate_limited",venue="kraken"} 3
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "swapscout_venue_held_back_total",
		"swapscout_venue_calls_total", "swapscout_venue_failures_total"); err != nil {
		t.Error(err)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == "swapscout_venue_call_duration_seconds" {
			if n := mf.GetMetric()[0].GetHistogram().GetSampleCount(); n != 0 {
				t.Errorf("%d latencies observed for calls never made or cut, want 0", n)
			}
		}
	}
}
