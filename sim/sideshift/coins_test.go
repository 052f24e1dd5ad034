package sideshift_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	simsideshift "github.com/swapscout/swapscout/sim/sideshift"
	"github.com/swapscout/swapscout/venue/sideshift"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestCoinsFeedTheCatalogue: the catalogue's refresher reads the
// simulator's GET /v2/coins as it reads SideShift's (same parser, same
// checks) and finds in it every asset the simulator quotes, under the same
// code, and none the catalogue listed at SideShift before is retired. The
// demo's hourly refresh of SideShift's list then changes nothing.
func TestCoinsFeedTheCatalogue(t *testing.T) {
	t.Parallel()
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "sideshift", simsideshift.Sim())
	resp, err := http.Get(s.VenueURL("sideshift") + catalogue.LivePaths["sideshift"])
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET coins: HTTP %d, %v", resp.StatusCode, err)
	}

	_, sources := swapscout.CatalogueInfo()
	r := catalogue.NewRefresher(catalogue.ListsFromCatalogue(swapscout.Catalogue(), sources), func() string { return "2026-11-29" })
	var published swapscout.CatalogueSnapshot
	r.Publish = func(snap swapscout.CatalogueSnapshot) (added, retired []string) { published = snap; return nil, nil }
	ch, err := r.Update("sideshift", body)
	if err != nil {
		t.Fatalf("the refresher refused the simulator's coin list: %v", err)
	}
	if len(ch.Unmapped) > 0 {
		t.Errorf("%d of the simulator's coins unmapped, e.g. %v", len(ch.Unmapped), ch.Unmapped[0])
	}

	got := map[swapscout.Asset]string{}
	for _, a := range published.Assets {
		for _, l := range a.Listings {
			if l.Venue == "sideshift" {
				got[swapscout.Asset{Ticker: a.Ticker, Network: a.Network}] = l.Code
			}
		}
	}
	want := map[swapscout.Asset]string{}
	for _, a := range sideshift.Symbols.Assets() {
		c := sideshift.Symbols[a]
		want[a] = c.Coin + "/" + c.Network
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("assets listed at SideShift after a refresh from the simulator (-quoted +listed):\n%s", diff)
	}
	for _, l := range swapscout.ListingsOf("sideshift") {
		if _, ok := got[l.Asset]; !ok {
			t.Errorf("%s (%s) retired by the simulator's list", l.Asset, l.Code)
		}
	}
}
