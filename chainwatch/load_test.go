package chainwatch_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/chainwatch"
)

// TestChecksPerMinute pins the schedule arithmetic the load estimate in
// BENCHMARKS.md rests on.
func TestChecksPerMinute(t *testing.T) {
	s := chainwatch.DefaultSchedule
	for _, tc := range []struct {
		span time.Duration
		want float64 // checks a minute for 10,000 transfers
	}{
		// 10 min at 2/min, 50 min at 1/min, 60 min at 0.2/min: 82 checks in 120 min.
		{2 * time.Hour, 10000 * 82.0 / 120},
		{10 * time.Minute, 20000},
		// 20 + 50 + 60 + 168 checks in 48 h.
		{48 * time.Hour, 10000 * 298.0 / 2880},
		// Past the horizon nothing is checked: 298 checks in 96 h.
		{96 * time.Hour, 10000 * 298.0 / 5760},
	} {
		if got := s.ChecksPerMinute(10000, tc.span); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("ChecksPerMinute(10000, %v) = %.2f, want %.2f", tc.span, got, tc.want)
		}
	}
}

// TestLoadEstimate prints the calls a minute each endpoint takes for
// 10,000 open swaps on its network (the table in BENCHMARKS.md; run with
// -v to see it).
func TestLoadEstimate(t *testing.T) {
	s := chainwatch.DefaultSchedule
	names := make([]string, 0, len(chainwatch.Costs))
	for n := range chainwatch.Costs {
		names = append(names, n)
	}
	slices.Sort(names)
	var b strings.Builder
	fmt.Fprintf(&b, "\n| endpoint (format, network, asset) | calls per check | shared calls/min | calls/min, ages over 2 h | calls/min, ages over 48 h |\n|---|---|---|---|---|\n")
	for _, n := range names {
		c := chainwatch.Costs[n]
		fmt.Fprintf(&b, "| %s | %g | %g | %.0f | %.0f |\n", n, c.PerCheck, c.Shared,
			c.CallsPerMinute(s, 10000, 2*time.Hour), c.CallsPerMinute(s, 10000, 48*time.Hour))
	}
	t.Log(b.String())
	if c := chainwatch.Costs["esplora btc"].CallsPerMinute(s, 10000, 2*time.Hour); math.Round(c) != 6835 {
		t.Errorf("esplora btc, 10,000 swaps over 2 h: %.1f calls/min", c)
	}
}
