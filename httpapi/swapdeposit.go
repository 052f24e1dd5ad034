package httpapi

import (
	"context"

	"github.com/swapscout/swapscout"
)

// POST /v1/swaps/{id}/deposit records the transaction that paid a swap at a
// venue that follows swaps by their deposit (THORChain, Maya: a swap there
// is a deposit carrying a memo, and the network knows it only by that
// transaction). Tracking starts from it; the answer is the swap.

// SwapDeposits records a swap's deposit transaction; *swaps.Service
// satisfies it. A SwapService without it answers the route 422.
type SwapDeposits interface {
	RecordDeposit(ctx context.Context, id, txID string) (*swapscout.Swap, []swapscout.SwapEvent, error)
}

// swapDepositBody is the route's JSON; any other field is refused.
type swapDepositBody struct {
	TxID string `json:"tx_id"`
}

var errNoDeposits = swapscout.Errorf(swapscout.ESWAPUNSUPPORTED, "this server does not record deposit transactions")

func handleSwapDeposit(d *deps) Action {
	return func(r *Request) (Response, error) {
		id, err := d.swapParam(r)
		if err != nil {
			return Response{}, err
		}
		var b swapDepositBody
		if err := JSONBody(r, &b); err != nil {
			return Response{}, err
		}
		if b.TxID == "" {
			return Response{}, invalid("tx_id is required: the id of the transaction that paid the deposit")
		}
		rec, ok := d.Swaps.(SwapDeposits)
		if !ok {
			return Response{}, errNoDeposits
		}
		sw, hist, err := rec.RecordDeposit(r.Ctx, id, b.TxID)
		if err != nil {
			return Response{}, err
		}
		return swapJSON(200, swapHeaders, sw, hist), nil
	}
}
