package aggregate_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// plainSwapper creates orders; checkSwapper also offers an AML pre-check.
type plainSwapper struct{}

func (plainSwapper) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	return swapscout.SwapOrder{}, nil
}
func (plainSwapper) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, nil
}

type checkSwapper struct{ plainSwapper }

func (checkSwapper) CheckAddressRisk(context.Context, string, string) (swapscout.AddressRisk, error) {
	return swapscout.AddressRisk{}, nil
}

// TestSelectPreCheck: precheck selects the venues whose swapper offers an
// AML pre-check, and no venue that creates no swaps.
func TestSelectPreCheck(t *testing.T) {
	e := newEngine(t, []aggregate.Venue{
		{ID: "plain", KYC: 'A', Swapper: plainSwapper{}}, {ID: "checks", KYC: 'B', Swapper: checkSwapper{}}, {ID: "book", KYC: 'D'},
	}, aggregate.Options{})
	for _, tc := range []struct {
		sel  aggregate.Selection
		want []string
	}{
		{aggregate.Selection{}, []string{"plain", "checks", "book"}},
		{aggregate.Selection{PreCheck: true}, []string{"checks"}},
		{aggregate.Selection{PreCheck: true, MaxKYC: 'A'}, nil},
	} {
		vs, err := e.Select(tc.sel)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range vs {
			got = append(got, v.ID)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Select(%+v) (-want +got):\n%s", tc.sel, diff)
		}
	}
}
