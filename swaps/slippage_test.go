package swaps_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// TestCreateKeepsSlippage: the swap records the slippage its creator
// allowed (the default when none was asked), so that its outcome is judged
// against it: a finished swap short by more is shown short.
func TestCreateKeepsSlippage(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	r := request("slip")
	r.MaxSlippage = swapscout.MustAmount("0.03")
	for _, tc := range []struct {
		r    swaps.CreateRequest
		want swapscout.Amount
	}{{request("default"), swaps.DefaultSlippage}, {r, swapscout.MustAmount("0.03")}} {
		sw, _, err := f.svc.Create(ctx, tc.r)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := f.svc.Get(ctx, sw.ID)
		if err != nil || got.MaxSlippage.Cmp(tc.want) != 0 {
			t.Errorf("%s: MaxSlippage = %s, %v; want %s", tc.r.IdempotencyKey, got.MaxSlippage, err, tc.want)
		}
	}
	// A record made without one is held to the same default.
	if swapscout.DefaultMaxSlippage.Cmp(swaps.DefaultSlippage) != 0 {
		t.Errorf("swapscout.DefaultMaxSlippage %s differs from swaps.DefaultSlippage %s", swapscout.DefaultMaxSlippage, swaps.DefaultSlippage)
	}
}
