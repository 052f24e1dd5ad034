package track

import (
	"context"
	"time"

	"github.com/swapscout/swapscout"
)

// Late configures marking swaps late: a swap whose deposit was seen longer
// ago than its venue's usual time from deposit to payout, and that is not
// over, is marked late once (the store records an event for it, so streams
// and webhooks hear of it like any change).
type Late struct {
	// Usual returns the venue's usual time from deposit to payout and how
	// many of its finished swaps that came from (0: a default, too few
	// seen): swapscout.VenueAccuracy.Usual over the store's outcomes.
	Usual func(ctx context.Context, venue string) (usual time.Duration, basis int)
	// OnLate, when set, hears of each swap marked late (a metric).
	OnLate func(venue string)
}

// LateMarker is a SwapStore that records a swap running late
// (sqlstore.DB.MarkLate); without it nothing is marked.
type LateMarker interface {
	MarkLate(ctx context.Context, id string, at time.Time, usual time.Duration, basis int) (bool, error)
}

// checkLate marks sw late when it has run past its venue's usual time. It
// runs after each poll of a created swap; sw is the record the poll began
// with. Most polls stop at the first test, which needs no read: the deposit
// comes after the swap was made, so a swap younger than the usual time
// cannot be late.
func (w *worker) checkLate(ctx context.Context, sw *swapscout.Swap) {
	c := w.cfg
	marker, ok := c.Store.(LateMarker)
	if c.Late == nil || c.Late.Usual == nil || !ok || sw.Late() || sw.Status.Terminal() {
		return
	}
	now := c.Now()
	usual, basis := c.Late.Usual(ctx, sw.Venue)
	if usual <= 0 || now.Sub(sw.CreatedAt) <= usual {
		return
	}
	rec, err := c.Store.Swap(ctx, sw.ID)
	if err != nil || rec.Late() || !rec.Status.DepositSeen() {
		return
	}
	hist, err := c.Store.SwapEvents(ctx, sw.ID)
	if err != nil {
		return
	}
	if dep, seen := swapscout.DepositSeenAt(hist); !seen || now.Sub(dep) <= usual {
		return
	}
	marked, err := marker.MarkLate(ctx, sw.ID, now, usual, basis)
	if err != nil {
		c.Logger.Warn("swap late: not recorded; the next poll tries again", "swap", sw.ID, "err", err)
		return
	}
	if !marked {
		return
	}
	c.Logger.Info("swap late", "swap", sw.ID, "venue", sw.Venue, "usual", usual, "basis", basis)
	if c.Late.OnLate != nil {
		c.Late.OnLate(sw.Venue)
	}
	if rec, err := c.Store.Swap(ctx, sw.ID); err == nil {
		w.changed(ctx, rec)
	}
}
