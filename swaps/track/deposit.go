package track

import (
	"context"

	"github.com/swapscout/swapscout"
)

// pollStatus asks the venue for the swap's status by key (StatusKey). A
// deposit-tracked swap (THORChain, Maya) whose deposit transaction nobody
// gave nor anyone found (!ready; see findDeposit) has nothing to ask: as
// far as anyone knows it is still waiting, and past its expiry and the
// grace the expiry rule ends it.
func pollStatus(ctx context.Context, sw swapscout.Swapper, s *swapscout.Swap, key swapscout.OrderRef, ready bool) (swapscout.SwapUpdate, error) {
	if !ready {
		return swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: s.VenueStatus}, nil
	}
	return sw.SwapStatus(ctx, key)
}

// findDeposit asks a venue that can find deposits (swapscout.DepositFinder)
// for the transaction that paid sw, and records it through the store's
// update, as a deposit the user gives is recorded: the history and the
// listeners hear of it. It returns the swap as it now stands and whether a
// deposit is known. A deposit the user gave meanwhile wins: the found one
// is recorded only while none is.
func (w *worker) findDeposit(ctx context.Context, swapper swapscout.Swapper, sw *swapscout.Swap) (*swapscout.Swap, bool) {
	c := w.cfg
	f, ok := swapper.(swapscout.DepositFinder)
	if !ok {
		return sw, false
	}
	tx, found, err := f.FindDeposit(ctx, sw)
	if err != nil {
		c.Logger.Debug("deposit discovery", "swap", sw.ID, "venue", sw.Venue, "err", err)
		return sw, false
	}
	if !found || tx == "" {
		return sw, false
	}
	cur, err := c.Store.Swap(ctx, sw.ID)
	if err != nil {
		return sw, false
	}
	if cur.DepositTx != "" || cur.Status.Terminal() {
		return cur, cur.DepositTx != ""
	}
	changed, err := c.Store.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{DepositTx: tx}, c.Now())
	if err != nil {
		return sw, false
	}
	rec, err := c.Store.Swap(ctx, sw.ID)
	if err != nil {
		return sw, false
	}
	if changed {
		c.Logger.Info("deposit found", "swap", sw.ID, "venue", sw.Venue, "tx", rec.DepositTx)
		w.changed(ctx, rec)
	}
	return rec, rec.DepositTx != ""
}
