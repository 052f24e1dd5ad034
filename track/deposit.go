package track

import (
	"context"

	"github.com/swapscout/swapscout"
)

// pollStatus asks the venue for the swap's status by key (StatusKey). A
// deposit-tracked swap (THORChain, Maya) whose deposit transaction nobody
// gave (!ready) has nothing to ask: as far as anyone knows it is still
// waiting, and past its expiry and the grace the expiry rule ends it.
func pollStatus(ctx context.Context, sw swapscout.Swapper, s *swapscout.Swap, key string, ready bool) (swapscout.SwapUpdate, error) {
	if !ready {
		return swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: s.VenueStatus}, nil
	}
	return sw.SwapStatus(ctx, key)
}
