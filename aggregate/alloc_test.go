//go:build !race

package aggregate_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/swapscout/swapscout/aggregate"
)

// The fan-out's garbage is a budget (BenchmarkEngine: 6.9 KB and 21
// allocations over twelve instant venues, from 13.4 KB and 24 before the
// answer slots were reused): a route quote makes 19 fan-outs, and the
// collector's cycles fall on its path.
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
}
