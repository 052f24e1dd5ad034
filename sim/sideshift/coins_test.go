package sideshift_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	simsideshift "github.com/swapscout/swapscout/sim/sideshift"
	"github.com/swapscout/swapscout/sim/simtest"
	"github.com/swapscout/swapscout/venue/sideshift"
)

// TestCoinsFeedTheCatalogue: the catalogue's refresher reads the
// simulator's GET /v2/coins as it reads SideShift's (same parser, same
// checks) and finds in it every asset the simulator quotes, under the same
// code, and none the catalogue listed at SideShift before is retired. The
// demo's hourly refresh of SideShift's list then changes nothing.
func TestCoinsFeedTheCatalogue(t *testing.T) {
	t.Parallel()
	r := simtest.ListRefresh(t, "sideshift", simsideshift.Sim(), "")
	r.NoneUnmapped(t)
	want := map[swapscout.Asset]string{}
	for _, a := range sideshift.Symbols.Assets() {
		c := sideshift.Symbols[a]
		want[a] = c.Coin + "/" + c.Network
	}
	if diff := cmp.Diff(want, r.Listed); diff != "" {
		t.Errorf("assets listed at SideShift after a refresh from the simulator (-quoted +listed):\n%s", diff)
	}
	for _, l := range swapscout.ListingsOf("sideshift") {
		if _, ok := r.Listed[l.Asset]; !ok {
			t.Errorf("%s (%s) retired by the simulator's list", l.Asset, l.Code)
		}
	}
}
