package stealthex_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/simtest"
	simstealthex "github.com/swapscout/swapscout/sim/stealthex"
	"github.com/swapscout/swapscout/venue/stealthex"
	"github.com/swapscout/swapscout/venue/venuetest"
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

// TestCurrenciesRefuseBadPaging: a limit below 1 or an offset below 0 (or
// either not an integer) is refused with 400 InvalidData, as StealthEX
// refuses a bad parameter.
func TestCurrenciesRefuseBadPaging(t *testing.T) {
	t.Parallel()
	s := venuetest.StartSim(t, sim.Config{Seed: 7}, "stealthex", simstealthex.Sim())
	for _, query := range []string{"limit=0", "limit=x", "offset=-1", "offset=1.5", "limit=5&offset=-2"} {
		req, err := http.NewRequest(http.MethodGet, s.VenueURL("stealthex")+stealthex.CurrenciesPath+"?"+query, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer sim-key")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "InvalidData") {
			t.Errorf("?%s: HTTP %d %s, want 400 InvalidData", query, resp.StatusCode, body)
		}
	}
}
