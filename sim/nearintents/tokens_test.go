package nearintents_test

import (
	"testing"

	simnear "github.com/swapscout/swapscout/sim/nearintents"
	"github.com/swapscout/swapscout/sim/simtest"
	adapter "github.com/swapscout/swapscout/venue/nearintents"
)

// TestTokensFeedTheCatalogue: the catalogue's refresher reads the
// simulator's GET /v0/tokens as it reads 1-Click's and accepts it, and
// every asset the simulator quotes is listed at NEAR Intents after the
// refresh (tokens by their contract), so the demo's hourly refresh keeps
// the list instead of refusing it as truncated.
func TestTokensFeedTheCatalogue(t *testing.T) {
	r := simtest.ListRefresh(t, "nearintents", simnear.Venue(), "")
	r.NoneUnmapped(t)
	for _, a := range adapter.Symbols.Assets() {
		if _, listed := r.Listed[a]; !listed {
			t.Errorf("%s (%s) quoted by the simulator, not listed after a refresh from its token list", a, adapter.Symbols[a].ID)
		}
	}
}
