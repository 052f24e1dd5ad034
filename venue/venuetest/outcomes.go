package venuetest

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// runOutcomes sets the venue's simulator to each explicit outcome
// (sim.Config.Outcomes) and checks that the adapter reports what happened:
// a short payment finishes with less received than promised; a refund is
// refunded, with its transaction and amount where the venue reports them
// (SwapOptions.NoRefundTx, NoRefundAmount); a venue whose status table has
// a word for a verification hold is simulated holding (sim.Profile.Holds),
// and its held order reads held.
func runOutcomes(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, o SwapOptions) {
	held := false
	for _, w := range o.Words {
		held = held || o.Map(w) == swapscout.StatusHeld
	}
	if sv := newSim(); sv.Profile.Holds != held {
		t.Errorf("the status table maps a word to held: %v; the simulator holds orders (Profile.Holds): %v; want both or neither", held, sv.Profile.Holds)
	}
	t.Run("Short", func(t *testing.T) {
		u, order := runOutcome(t, d, newSim, o, sim.Outcome{Mode: sim.OutcomeShort, Short: 0.3}, swapscout.StatusFinished)
		if o.NoAmountReceived {
			return
		}
		// 30 % kept back: well under 80 % of the promise arrives.
		if limit := order.AmountOut.Mul(swapscout.MustAmount("0.8")); u.AmountReceived.Sign() <= 0 || u.AmountReceived.Cmp(limit) >= 0 {
			t.Errorf("paid short by 30 %%: received %s of a promised %s", u.AmountReceived, order.AmountOut)
		}
	})
	t.Run("Refund", func(t *testing.T) {
		if o.NoRefund {
			t.Skipf("%s documents no status for a refund", d.Name)
		}
		u, order := runOutcome(t, d, newSim, o, sim.Outcome{Mode: sim.OutcomeRefund}, swapscout.StatusRefunded)
		if !o.NoRefundTx && u.RefundTx == "" {
			t.Errorf("refunded without the refund's transaction: %+v", u)
		}
		if !o.NoRefundAmount && (u.AmountRefunded.Sign() <= 0 || u.AmountRefunded.Cmp(order.AmountIn) > 0) {
			t.Errorf("refunded %s of a deposit of %s; want the refund's amount", u.AmountRefunded, order.AmountIn)
		}
	})
	if held {
		t.Run("Hold", func(t *testing.T) {
			u, _ := runOutcome(t, d, newSim, o, sim.Outcome{Mode: sim.OutcomeHold}, swapscout.StatusHeld)
			if u.VenueStatus == "" {
				t.Errorf("held without the venue's word: %+v", u)
			}
		})
	}
}

// runOutcome makes a swap on a simulator set to outcome for the venue,
// auto-paid, and follows it until its status is want (failing on any other
// end); it returns the last update and the order.
func runOutcome(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, o SwapOptions, outcome sim.Outcome, want swapscout.SwapStatus) (swapscout.SwapUpdate, swapscout.SwapOrder) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, sw, _, order := makeSwap(ctx, t, d, newSim, o, sim.Config{Seed: 3, Latency: time.Millisecond, SwapStage: 20 * time.Millisecond,
		AutoPay: 30 * time.Millisecond, Outcomes: map[string]sim.Outcome{d.ID: outcome}})
	return follow(ctx, t, sw, order.Ref, want), order
}
