package simpleswap_test

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	simsimpleswap "github.com/swapscout/swapscout/sim/simpleswap"
	"github.com/swapscout/swapscout/sim/simtest"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestCurrenciesFeedTheCatalogue: the adapter's reader reads the
// simulator's GET /v3/currencies with the key, and the catalogue maps
// every entry and lists at SimpleSwap exactly the assets the simulator
// quotes, each under the code the adapter sends ("ticker/network").
// Without a key nothing is asked.
func TestCurrenciesFeedTheCatalogue(t *testing.T) {
	t.Parallel()
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "simpleswap", simsimpleswap.Sim())
	cfg := venue.Config{BaseURL: s.VenueURL("simpleswap"), HTTP: venuetest.Client(t), Now: time.Now}
	if _, err := simpleswap.FetchCurrencies(context.Background(), &cfg); err == nil {
		t.Error("read without a key")
	}
	cfg.APIKey = "sim-key"
	body, err := simpleswap.FetchCurrencies(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	simtest.ListsExactly(t, simtest.RefreshBody(t, "simpleswap", body), simpleswap.Symbols, func(c simpleswap.Code) string { return c.Ticker + "/" + c.Network })
}
