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
		"a": {Venue: "a", Count: 4, MedianShortfall: swapscout.MustAmount("0.5"), WorstShortfall: swapscout.MustAmount("2"), Timed: 3, MedianTime: 20 * time.Minute,
			P90Time: 30 * time.Minute, Short: 2}, // 1 % and 2 % short, past the default 0.5 %
		"b": {Venue: "b", Count: 0, Timed: 1, MedianTime: 5 * time.Minute, P90Time: 5 * time.Minute},
	}
	if diff := cmp.Diff(got, want, cmp.Comparer(func(x, y swapscout.Amount) bool { return x.Cmp(y) == 0 })); diff != "" {
		t.Errorf("Accuracy (-got +want):\n%s", diff)
	}
}

func TestAccuracyShortHeldUsual(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	var outs []swapscout.SwapOutcome
	// Ten timed swaps taking 1..10 minutes: the 90th percentile is 9.
	for i := 1; i <= 10; i++ {
		outs = append(outs, swapscout.SwapOutcome{Venue: "a", Status: swapscout.StatusFinished, Promised: swapscout.MustAmount("100"),
			Received: swapscout.MustAmount("99.8"), DepositAt: t0, PaidAt: t0.Add(time.Duration(i) * time.Minute)})
	}
	outs = append(outs,
		// 15 % short against a 10 % allowance, then 2 % short against the default.
		swapscout.SwapOutcome{Venue: "a", Promised: swapscout.MustAmount("100"), Received: swapscout.MustAmount("85"), MaxSlippage: swapscout.MustAmount("0.1"), PaidAt: t0},
		swapscout.SwapOutcome{Venue: "a", Promised: swapscout.MustAmount("100"), Received: swapscout.MustAmount("98"), PaidAt: t0},
		swapscout.SwapOutcome{Venue: "a", Promised: swapscout.MustAmount("100"), Received: swapscout.MustAmount("95"), MaxSlippage: swapscout.MustAmount("0.05"), PaidAt: t0, Held: true},
		// Held and still open: counted as held, nothing else.
		swapscout.SwapOutcome{Venue: "b", Status: swapscout.StatusHeld, Promised: swapscout.MustAmount("1"), Held: true},
	)
	acc := swapscout.Accuracy(outs)
	if a := acc["a"]; a.Short != 2 || a.Held != 1 || a.Count != 13 || a.P90Time != 9*time.Minute {
		t.Errorf(`Accuracy["a"] = %+v; want 2 short, 1 held, 13 counted, p90 9m`, a)
	}
	if b, ok := acc["b"]; !ok || b.Held != 1 || b.Count != 0 || b.Timed != 0 {
		t.Errorf(`Accuracy["b"] = %+v, %v; want one held swap and nothing else`, b, ok)
	}
	if d, n := acc["a"].Usual(0); d != 9*time.Minute || n != 10 {
		t.Errorf("Usual = %s from %d swaps; want 9m from 10", d, n)
	}
	if d, n := acc["b"].Usual(0); d != swapscout.DefaultUsualTime || n != 0 {
		t.Errorf("Usual with no timed swaps = %s from %d; want the default", d, n)
	}
	if d, _ := acc["b"].Usual(5 * time.Second); d != 5*time.Second {
		t.Errorf("Usual(5s) with no timed swaps = %s; want the given default", d)
	}
	nine := swapscout.VenueAccuracy{Timed: 9, P90Time: time.Minute}
	if d, n := nine.Usual(0); d != swapscout.DefaultUsualTime || n != 0 {
		t.Errorf("Usual from 9 swaps = %s, %d; want the default until %d", d, n, swapscout.UsualMinSwaps)
	}
}
