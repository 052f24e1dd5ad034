package exolix_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	simexolix "github.com/swapscout/swapscout/sim/exolix"
	"github.com/swapscout/swapscout/sim/simtest"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestCurrenciesFeedTheCatalogue: the adapter's reader pages through the
// simulator's GET /api/v2/currencies?withNetworks=true without a key, and
// the catalogue maps every entry and lists at Exolix exactly the assets
// the simulator quotes, each under the code the adapter sends
// ("COIN/NETWORK").
func TestCurrenciesFeedTheCatalogue(t *testing.T) {
	t.Parallel()
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "exolix", simexolix.Sim())
	body, err := exolix.FetchCurrencies(context.Background(), &venue.Config{BaseURL: s.VenueURL("exolix"), HTTP: venuetest.Client(t), Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	simtest.ListsExactly(t, simtest.RefreshBody(t, "exolix", body), exolix.Symbols, func(c exolix.Code) string { return c.Coin + "/" + c.Network })
}

// TestCurrenciesRefuseBadPaging: a page or size below 1, or either not an
// integer, is refused with 400 in Exolix's validation shape.
func TestCurrenciesRefuseBadPaging(t *testing.T) {
	t.Parallel()
	s := venuetest.StartSim(t, sim.Config{Seed: 7}, "exolix", simexolix.Sim())
	for _, query := range []string{"page=0", "page=x", "size=0", "size=-1", "page=1.5"} {
		resp, err := http.Get(s.VenueURL("exolix") + exolix.CurrenciesPath + "?" + query)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"errors"`) {
			t.Errorf("?%s: HTTP %d %s, want 400 {\"errors\"}", query, resp.StatusCode, body)
		}
	}
}
