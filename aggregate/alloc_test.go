//go:build !race

package aggregate_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// The fan-out's garbage is a budget (BenchmarkEngine: 6.9 KB and 21
// allocations over twelve instant venues, from 13.4 KB and 24 before the
// answer slots were reused): a route quote makes 19 fan-outs, and the
// collector's cycles fall on its path. Streaming: 22, from 42 when each
// emitted offer was a copy of its own and 28 before the judging buffers
// were reused (streamBufs). A quote given back (Release) leaves 1.3 KB.
func TestEngineAllocs(t *testing.T) {
	evs := instantVenues(2 * time.Second)
	e := aggregate.New(evs, aggregate.Options{})
	ctx := context.Background()
	quote := func() {
		if q := e.Quote(ctx, req, evs, nil); len(q.Offers) != len(evs) {
			t.Fatalf("offers %d, failures %+v", len(q.Offers), q.Failures)
		}
	}
	quote()
	if n := testing.AllocsPerRun(200, quote); n > 21 {
		t.Errorf("Engine.Quote: %.0f allocations per fan-out, want at most 21", n)
	}
	const runs = 200
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		quote()
	}
	runtime.ReadMemStats(&after)
	if b := (after.TotalAlloc - before.TotalAlloc) / runs; b > 8<<10 {
		t.Errorf("Engine.Quote: %d bytes per fan-out, want at most 8 KiB", b)
	}
	// A quote given back (Release, as a route search does with its legs')
	// lends its offers' array to the next fan-out.
	released := func() {
		q := e.Quote(ctx, req, evs, nil)
		if len(q.Offers) != len(evs) {
			t.Fatalf("offers %d, failures %+v", len(q.Offers), q.Failures)
		}
		e.Release(q)
	}
	released()
	runtime.ReadMemStats(&before)
	for range runs {
		released()
	}
	runtime.ReadMemStats(&after)
	b := (after.TotalAlloc - before.TotalAlloc) / runs
	t.Logf("Engine.Quote then Release: %d bytes per fan-out", b)
	if b > 2<<10 {
		t.Errorf("Engine.Quote then Release: %d bytes per fan-out, want at most 2 KiB", b)
	}
	// Streaming adds its judging buffers, not an allocation per offer
	// emitted (twelve here): what emit is given is the collector's.
	n := 0
	stream := func() {
		if q := e.Quote(ctx, req, evs, func(swapscout.Result) { n++ }); len(q.Offers) != len(evs) {
			t.Fatalf("offers %d, failures %+v", len(q.Offers), q.Failures)
		}
	}
	a := testing.AllocsPerRun(200, stream)
	t.Logf("Engine.Quote, streaming: %.0f allocations per fan-out", a)
	if a > 22 || n == 0 {
		t.Errorf("Engine.Quote, streaming: %.0f allocations per fan-out (%d results emitted), want at most 22", a, n)
	}
}
