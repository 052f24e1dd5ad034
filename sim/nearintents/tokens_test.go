package nearintents_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	simnear "github.com/swapscout/swapscout/sim/nearintents"
	adapter "github.com/swapscout/swapscout/venue/nearintents"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestTokensFeedTheCatalogue: the catalogue's refresher reads the
// simulator's GET /v0/tokens as it reads 1-Click's and accepts it, and
// every asset the simulator quotes is listed at NEAR Intents after the
// refresh (tokens by their contract), so the demo's hourly refresh keeps
// the list instead of refusing it as truncated.
func TestTokensFeedTheCatalogue(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "nearintents", simnear.Venue())
	resp, err := http.Get(s.VenueURL("nearintents") + catalogue.LivePaths["nearintents"])
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET tokens: HTTP %d, %v", resp.StatusCode, err)
	}
	_, sources := swapscout.CatalogueInfo()
	r := catalogue.NewRefresher(catalogue.ListsFromCatalogue(swapscout.Catalogue(), sources), func() string { return "2026-11-29" })
	var published swapscout.CatalogueSnapshot
	r.Publish = func(snap swapscout.CatalogueSnapshot) (added, retired []string) { published = snap; return nil, nil }
	ch, err := r.Update("nearintents", body)
	if err != nil {
		t.Fatalf("the refresher refused the simulator's token list: %v", err)
	}
	if len(ch.Unmapped) > 0 {
		t.Errorf("%d of the simulator's tokens unmapped, e.g. %v", len(ch.Unmapped), ch.Unmapped[0])
	}
	listed := map[swapscout.Asset]bool{}
	for _, a := range published.Assets {
		for _, l := range a.Listings {
			if l.Venue == "nearintents" {
				listed[swapscout.Asset{Ticker: a.Ticker, Network: a.Network}] = true
			}
		}
	}
	for _, a := range adapter.Symbols.Assets() {
		if !listed[a] {
			t.Errorf("%s (%s) quoted by the simulator, not listed after a refresh from its token list", a, adapter.Symbols[a].ID)
		}
	}
}
