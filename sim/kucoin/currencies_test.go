package kucoin_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	simkucoin "github.com/swapscout/swapscout/sim/kucoin"
	"github.com/swapscout/swapscout/venue/kucoin"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestCurrenciesFeedTheCatalogue: the catalogue's refresher reads the
// simulator's GET /api/v3/currencies as it reads KuCoin's and accepts it,
// and every asset the adapter maps (each chain by KuCoin's chainId, each
// token by its contract) is listed at KuCoin after the refresh, so the
// demo's hourly refresh keeps the list instead of refusing it as
// truncated.
func TestCurrenciesFeedTheCatalogue(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "kucoin", simkucoin.Sim())
	resp, err := http.Get(s.VenueURL("kucoin") + catalogue.LivePaths["kucoin"])
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET currencies: HTTP %d, %v", resp.StatusCode, err)
	}
	_, sources := swapscout.CatalogueInfo()
	r := catalogue.NewRefresher(catalogue.ListsFromCatalogue(swapscout.Catalogue(), sources), func() string { return "2026-11-29" })
	var published swapscout.CatalogueSnapshot
	r.Publish = func(snap swapscout.CatalogueSnapshot) (added, retired []string) { published = snap; return nil, nil }
	if _, err := r.Update("kucoin", body); err != nil {
		t.Fatalf("the refresher refused the simulator's currency list: %v", err)
	}
	listed := map[swapscout.Asset]bool{}
	for _, a := range published.Assets {
		for _, l := range a.Listings {
			if l.Venue == "kucoin" {
				listed[swapscout.Asset{Ticker: a.Ticker, Network: a.Network}] = true
			}
		}
	}
	for _, l := range swapscout.ListingsOf("kucoin") {
		if _, mapped := kucoin.Spec().Symbols[l.Asset]; mapped && !listed[l.Asset] {
			t.Errorf("%s (%s) quoted by the simulator, not listed after a refresh from its currency list", l.Asset, l.Code)
		}
	}
}
