package swapscout_test

import (
	"context"
	"testing"

	"github.com/swapscout/swapscout"
)

type orderVenue struct{}

func (orderVenue) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	return swapscout.SwapOrder{}, nil
}
func (orderVenue) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, nil
}

type depositVenue struct{ orderVenue }

func (depositVenue) DepositTxID(id string) (string, bool) { return id, id != "" }

// TestStatusKey: a venue with orders is asked by its order id; a
// deposit-tracked venue by the deposit's transaction, and not before it is
// known.
func TestStatusKey(t *testing.T) {
	s := &swapscout.Swap{VenueOrder: swapscout.OrderRef{ID: "=:ETH.ETH:0xabc"}}
	if k, ok := swapscout.StatusKey(orderVenue{}, s); k != s.VenueOrder || !ok {
		t.Errorf("order venue: %q %v", k, ok)
	}
	if k, ok := swapscout.StatusKey(depositVenue{}, s); ok {
		t.Errorf("deposit venue before the deposit: %q, want nothing to ask", k)
	}
	s.DepositTx = "A3F8"
	if k, ok := swapscout.StatusKey(depositVenue{}, s); k.ID != "A3F8" || !ok {
		t.Errorf("deposit venue after the deposit: %q %v", k, ok)
	}
}
