package swaps

import (
	"context"
	"strings"

	"github.com/swapscout/swapscout"
)

// RecordDeposit records the transaction that paid swap id, for a venue that
// follows swaps by their deposit (swapscout.DepositTracked: THORChain,
// Maya), so that tracking can start. The id is checked by the venue's own
// form and kept as the venue writes it. Giving the same transaction again is
// a no-op; another one, once one is recorded, is a conflict, as is a deposit
// for a swap that is over. A swap at a venue that follows its own orders
// needs none: swap_unsupported. Once recorded, the swap is followed by it
// (Tracker) and its Listeners hear of it.
func (s *Service) RecordDeposit(ctx context.Context, id, txID string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	sw, _, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	txID = strings.TrimSpace(txID)
	if txID == "" {
		return nil, nil, swapscout.Errorf(swapscout.EINVALID, "tx_id is required: the id of the transaction that paid the deposit")
	}
	swapper, ok := s.Swapper(sw.Venue)
	dt, byDeposit := swapper.(swapscout.DepositTracked)
	if !ok || !byDeposit {
		return nil, nil, swapscout.Errorf(EUNSUPPORTED, "%s follows its swaps itself: it needs no deposit transaction", sw.Venue)
	}
	norm, ok := dt.DepositTxID(txID)
	if !ok {
		return nil, nil, swapscout.Errorf(swapscout.EINVALID, "tx_id %q is not a transaction id of %s", clip(txID), sw.Venue)
	}
	switch {
	case sw.DepositTx == norm:
		if !sw.Status.Terminal() {
			s.track(context.WithoutCancel(ctx), id, "could not follow a swap after its deposit")
		}
		return s.Get(ctx, id)
	case sw.DepositTx != "":
		return nil, nil, swapscout.Errorf(swapscout.EDEPOSIT, "the swap's deposit is already recorded as %s", sw.DepositTx)
	case sw.Status.Terminal():
		return nil, nil, swapscout.Errorf(swapscout.EDEPOSIT, "the swap is %s: no deposit can be recorded", sw.Status)
	}
	changed, err := s.Store.UpdateSwap(ctx, id, swapscout.SwapUpdate{DepositTx: norm}, s.now())
	if err != nil {
		return nil, nil, err
	}
	// The venue knows the swap only by that transaction: its polls can
	// begin now. Told and followed whatever the client does next.
	bg := context.WithoutCancel(ctx)
	if changed {
		s.announce(bg, id)
	}
	s.track(bg, id, "could not follow a swap after its deposit")
	return s.Get(ctx, id)
}
