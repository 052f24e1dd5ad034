package httpapi

import (
	"context"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// SwapService creates and reads swaps; *swaps.Service satisfies it. The API
// (POST /v1/swaps, GET /v1/swaps/{id}) and the web page's swap forms call the
// same two methods, so both validate and guard alike.
type SwapService interface {
	Create(ctx context.Context, r swaps.CreateRequest) (sw *swapscout.Swap, created bool, err error)
	Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error)
}

// SwapFeed tells a swap's watchers of its changes, whichever instance saw
// them (in process on one instance; PostgreSQL LISTEN/NOTIFY across
// several): swaps/feed. Subscribe returns a channel that receives the swap
// service's changes (they may coalesce: a reader re-reads the swap), and
// stop, which releases the subscription and must be called.
type SwapFeed interface {
	Subscribe(id string) (changed <-chan swapscout.SwapChange, stop func())
}
