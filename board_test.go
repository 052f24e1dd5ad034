package swapscout_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// TestComputeBoard: each venue's line counts its swaps by how they ended,
// times deposit to payout, and sums up what the chain showed of payouts:
// delivered against promised (median, p10), short past the slippage,
// unverified, and the venue's word where no chain could tell.
func TestComputeBoard(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	paid := func(got string) swapscout.ChainFact {
		return swapscout.ChainFact{Side: "payout", State: swapscout.ChainConfirmed, Amount: swapscout.MustAmount(got), Expected: swapscout.MustAmount("1")}
	}
	fin := func(v string, took time.Duration, p swapscout.ChainFact) swapscout.BoardSwap {
		return swapscout.BoardSwap{Venue: v, Status: swapscout.StatusFinished, DepositAt: t0, PaidAt: t0.Add(took), Payout: p}
	}
	got := swapscout.ComputeBoard([]swapscout.BoardSwap{
		fin("a", time.Minute, paid("1")),
		fin("a", 3*time.Minute, paid("0.8")),
		fin("a", 2*time.Minute, paid("0.999")),
		fin("a", 0, swapscout.ChainFact{Side: "payout", State: swapscout.ChainNotSeen, Overdue: true}),
		{Venue: "a", Status: swapscout.StatusRefunded},
		{Venue: "a", Status: swapscout.StatusHeld, Held: true, Late: true},
		fin("b", time.Minute, swapscout.ChainFact{Side: "payout", State: swapscout.ChainNotVerifiable}),
		{Venue: "b", Status: swapscout.StatusExpired},
	})
	want := []swapscout.VenueBoard{
		{Venue: "a", Swaps: 6, Finished: 4, Refunded: 1, Open: 1, Held: 1, Late: 1, Timed: 4, MedianTime: 90 * time.Second, P90Time: 3 * time.Minute,
			OnChain: 3, MedianDelivered: swapscout.MustAmount("0.999"), P10Delivered: swapscout.MustAmount("0.8"), ShortOnChain: 1, Unverified: 1},
		{Venue: "b", Swaps: 2, Finished: 1, Expired: 1, Timed: 1, MedianTime: time.Minute, P90Time: time.Minute, VenueWord: 1},
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y swapscout.Amount) bool { return x.Equal(y) })); diff != "" {
		t.Errorf("ComputeBoard (-want +got):\n%s", diff)
	}
}

// TestShownETA: an offer's ETA is its venue's median time here once at
// least RankMinSwaps swaps were timed (and says of how many), else the
// venue's own estimate; without a board line, the venue's.
func TestShownETA(t *testing.T) {
	line := func(timed int) *swapscout.OfferOutcome {
		return &swapscout.OfferOutcome{VenueBoard: swapscout.VenueBoard{Timed: timed, MedianTime: 12 * time.Minute, P90Time: time.Hour}}
	}
	for _, c := range []struct {
		name     string
		outcome  *swapscout.OfferOutcome
		min, max time.Duration
		basis    int
	}{
		{"no board line", nil, 5 * time.Minute, 30 * time.Minute, 0},
		{"too few timed", line(swapscout.RankMinSwaps - 1), 5 * time.Minute, 30 * time.Minute, 0},
		{"enough timed", line(swapscout.RankMinSwaps), 12 * time.Minute, 12 * time.Minute, swapscout.RankMinSwaps},
		{"many timed", line(40), 12 * time.Minute, 12 * time.Minute, 40},
	} {
		o := swapscout.Offer{ETAMin: 5 * time.Minute, ETAMax: 30 * time.Minute, Outcome: c.outcome}
		if lo, hi, n := o.ShownETA(); lo != c.min || hi != c.max || n != c.basis {
			t.Errorf("%s: ShownETA() = %v, %v, %d; want %v, %v, %d", c.name, lo, hi, n, c.min, c.max, c.basis)
		}
	}
}
