//go:build !race

package quotes_test

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/quotes"
)

// A quote with routes is a budget (BenchmarkQuoteWithRoutes): 19 fan-outs
// whose garbage sets how often the collector runs, and its cycles fall on
// the route's path (first legs in, second legs out, the answer assembled).
// Twelve venues answering at once, so that only the service's and the
// engine's allocations count (the benchmark's venues add a timer per call).
// Measured: 351 allocations and 47 KB per quote, from 423 and 136 KB before
// the legs' quotes went back to the engine and the searches' and streams'
// buffers were reused.
func TestQuoteWithRoutesAllocs(t *testing.T) {
	s := routeServiceOver(make([]time.Duration, len(routeLatencies)))
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "zec", Network: "zec"}, To: swapscout.Asset{Ticker: "ton", Network: "ton"},
		Amount: swapscout.MustAmount("10")}
	ctx := context.Background()
	quote := func() {
		a, err := s.Quote(ctx, quotes.Request{QuoteRequest: req, Deadline: 3 * time.Second, Routes: quotes.RoutesOn})
		if err != nil {
			t.Fatal(err)
		}
		q, _ := a.Quote()
		if !slices.ContainsFunc(q.Offers, func(o swapscout.Offer) bool { return len(o.Legs) == 2 }) {
			t.Fatalf("no route among %d offers", len(q.Offers))
		}
	}
	quote()
	const runs = 100
	allocs := testing.AllocsPerRun(runs, quote)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		quote()
	}
	runtime.ReadMemStats(&after)
	b := (after.TotalAlloc - before.TotalAlloc) / runs
	t.Logf("a quote with routes: %.0f allocations, %d bytes", allocs, b)
	if allocs > 360 {
		t.Errorf("Quote with routes: %.0f allocations, want at most 360", allocs)
	}
	if b > 54<<10 {
		t.Errorf("Quote with routes: %d bytes, want at most 54 KiB", b)
	}
}
