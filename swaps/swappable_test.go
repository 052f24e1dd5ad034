package swaps_test

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// refusingSwapper is a fakeSwapper whose SwapChecker refuses every offer.
type refusingSwapper struct{ *fakeSwapper }

func (refusingSwapper) CannotSwap(swapscout.QuoteRequest, *swapscout.Offer) string {
	return "deposits go through a router contract"
}

// TestCreateRefusesWhatCannotBeSwapped: an offer the rule says cannot
// become a swap (swapscout.SwapRefusal: the venue's SwapChecker refuses it,
// or the amount is outside the offer's own limits) is a 422 saying why,
// before the venue is asked again or anything is reserved; a swap that is
// made passes the user's slippage to the venue, for its own limit.
func TestCreateRefusesWhatCannotBeSwapped(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.svc.Swapper = func(string) (swapscout.Swapper, bool) { return refusingSwapper{f.swapper}, true }
	_, _, err := f.svc.Create(ctx, request("k1"))
	if swapscout.ErrorCode(err) != swaps.EUNSUPPORTED || !strings.Contains(swapscout.ErrorMessage(err), "router contract") {
		t.Errorf("Create = %v, want swap_unsupported saying why", err)
	}

	f = newFixture(t, swapscout.Send)
	f.quotes.quote.Offers[0].Min = swapscout.MustAmount("1")
	_, _, err = f.svc.Create(ctx, request("k2"))
	if swapscout.ErrorCode(err) != swaps.EUNSUPPORTED || !strings.Contains(swapscout.ErrorMessage(err), "below the venue's minimum of 1 BTC") {
		t.Errorf("Create under the offer's minimum = %v, want swap_unsupported", err)
	}
	if n := f.quotes.requote.Load(); n != 0 || f.swapper.creates.Load() != 0 {
		t.Errorf("%d re-quotes and %d creates for refused offers, want none", n, f.swapper.creates.Load())
	}

	f = newFixture(t, swapscout.Send)
	r := request("k3")
	r.MaxSlippage = swapscout.MustAmount("0.02")
	if _, _, err := f.svc.Create(ctx, r); err != nil {
		t.Fatal(err)
	}
	if got := f.swapper.last.MaxSlippage; got.String() != "0.02" {
		t.Errorf("the venue was asked with max slippage %s, want 0.02", got)
	}
	if _, _, err := f.svc.Create(ctx, request("k4")); err != nil {
		t.Fatal(err)
	}
	if got := f.swapper.last.MaxSlippage; got.Cmp(swaps.DefaultSlippage) != 0 {
		t.Errorf("without max_slippage the venue was asked with %s, want the default %s", got, swaps.DefaultSlippage)
	}
}
