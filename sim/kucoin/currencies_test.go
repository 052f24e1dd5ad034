package kucoin_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	simkucoin "github.com/swapscout/swapscout/sim/kucoin"
	"github.com/swapscout/swapscout/sim/simtest"
	"github.com/swapscout/swapscout/venue/kucoin"
)

// TestCurrenciesFeedTheCatalogue: the catalogue's refresher reads the
// simulator's GET /api/v3/currencies as it reads KuCoin's and accepts it,
// and every asset the adapter maps (each chain by KuCoin's chainId, each
// token by its contract) is listed at KuCoin after the refresh, so the
// demo's hourly refresh keeps the list instead of refusing it as
// truncated.
func TestCurrenciesFeedTheCatalogue(t *testing.T) {
	r := simtest.ListRefresh(t, "kucoin", simkucoin.Sim(), "")
	for _, l := range swapscout.ListingsOf("kucoin") {
		if _, mapped := kucoin.Spec().Symbols[l.Asset]; mapped {
			if _, listed := r.Listed[l.Asset]; !listed {
				t.Errorf("%s (%s) quoted by the simulator, not listed after a refresh from its currency list", l.Asset, l.Code)
			}
		}
	}
}
