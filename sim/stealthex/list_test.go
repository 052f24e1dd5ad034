package stealthex_test

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim/simtest"
	simstealthex "github.com/swapscout/swapscout/sim/stealthex"
	"github.com/swapscout/swapscout/venue/stealthex"
)

// TestCurrenciesFeedTheCatalogue: the catalogue reads the simulator's GET
// /v4/currencies, page by page as the clients do (250 at a time, with the
// API key), with StealthEX's reader, maps every entry, and lists at
// StealthEX exactly the assets the simulator quotes, each under the code
// the adapter sends ("symbol/network").
func TestCurrenciesFeedTheCatalogue(t *testing.T) {
	t.Parallel()
	key := http.Header{"Authorization": {"Bearer sim-key"}}
	for _, size := range []int{stealthex.PageSize, 7} {
		r := simtest.PagedListRefresh(t, "stealthex", simstealthex.Sim(), stealthex.CurrenciesPath, size, key)
		r.NoneUnmapped(t)
		want := map[swapscout.Asset]string{}
		for _, a := range stealthex.Symbols.Assets() {
			c := stealthex.Symbols[a]
			want[a] = c.Symbol + "/" + c.Network
		}
		if diff := cmp.Diff(want, r.Listed); diff != "" {
			t.Errorf("pages of %d: assets listed at StealthEX after a refresh from the simulator (-quoted +listed):\n%s", size, diff)
		}
	}
}
