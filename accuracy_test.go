package swapscout_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

func TestShortfall(t *testing.T) {
	for _, tc := range []struct{ promised, received, want string }{
		{"2", "2", "0"},
		{"2", "1.99", "0.5"},
		{"3", "2", "33.333"},
		{"2", "2.02", "-1"},
		{"0.00012345", "0.00012", "2.795"},
	} {
		got, ok := swapscout.Shortfall(swapscout.MustAmount(tc.promised), swapscout.MustAmount(tc.received))
		if !ok || got.Cmp(swapscout.MustAmount(tc.want)) != 0 {
			t.Errorf("Shortfall(%s, %s) = %s, %v; want %s", tc.promised, tc.received, got, ok, tc.want)
		}
	}
	if _, ok := swapscout.Shortfall(swapscout.Amount{}, swapscout.MustAmount("1")); ok {
		t.Error("Shortfall of a zero promise is defined")
	}
}

func TestAccuracy(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	o := func(v, p, r string, dep, took time.Duration) swapscout.SwapOutcome {
		out := swapscout.SwapOutcome{Venue: v, Promised: swapscout.MustAmount(p), PaidAt: t0.Add(dep + took)}
		if r != "" {
			out.Received = swapscout.MustAmount(r)
		}
		if dep >= 0 {
			out.DepositAt = t0.Add(dep)
		}
		return out
	}
	got := swapscout.Accuracy([]swapscout.SwapOutcome{
		o("a", "100", "99", 0, 10*time.Minute),
		o("a", "100", "98", 0, 20*time.Minute),
		o("a", "100", "100", 0, 30*time.Minute),
		o("a", "100", "101", -1, 0), // deposit never seen: counted for the amount only
		o("b", "10", "", 0, 5*time.Minute),
	})
	want := map[string]swapscout.VenueAccuracy{
		"a": {Venue: "a", Count: 4, MedianShortfall: swapscout.MustAmount("0.5"), WorstShortfall: swapscout.MustAmount("2"), Timed: 3, MedianTime: 20 * time.Minute},
		"b": {Venue: "b", Count: 0, Timed: 1, MedianTime: 5 * time.Minute},
	}
	if diff := cmp.Diff(got, want, cmp.Comparer(func(x, y swapscout.Amount) bool { return x.Cmp(y) == 0 })); diff != "" {
		t.Errorf("Accuracy (-got +want):\n%s", diff)
	}
}
