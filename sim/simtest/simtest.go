// Package simtest is the simulator's test kit for venue lists: it starts
// one simulated venue, reads the currency list it serves where the real
// venue serves it, and runs a fresh catalogue refresher (seeded from the
// embedded catalogue) over it, as a server's hourly refresh would. It lives
// beside the simulator because only the binary and the simulator may use
// the simulator, and venuetest cannot import the catalogue (which imports
// the venue kit).
package simtest

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// Refresh is what one refresh from a simulated venue's list did.
type Refresh struct {
	Change catalogue.Change
	// Listed is every asset listed at the venue after the refresh, with
	// the venue's code for it.
	Listed map[swapscout.Asset]string
}

// ListRefresh starts venue v as venueID on loopback, GETs its list at
// path (the venue's catalogue.LivePaths entry when path is ""), and feeds
// the body to a fresh refresher. The test fails at once when the list
// cannot be read or the refresher refuses it.
func ListRefresh(t testing.TB, venueID string, v sim.Venue, path string) Refresh {
	t.Helper()
	if path == "" {
		path = catalogue.LivePaths[venueID]
	}
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, venueID, v)
	resp, err := http.Get(s.VenueURL(venueID) + path)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s from the %s simulator: HTTP %d, %v", path, venueID, resp.StatusCode, err)
	}
	return RefreshBody(t, venueID, body)
}

// RefreshBody feeds body, venueID's list, to a fresh refresher and returns
// what it listed at the venue.
func RefreshBody(t testing.TB, venueID string, body []byte) Refresh {
	t.Helper()
	_, sources := swapscout.CatalogueInfo()
	r := catalogue.NewRefresher(catalogue.ListsFromCatalogue(swapscout.Catalogue(), sources), func() string { return "2026-11-29" })
	var published swapscout.CatalogueSnapshot
	r.Publish = func(snap swapscout.CatalogueSnapshot) (added, retired []string) { published = snap; return nil, nil }
	ch, err := r.Update(venueID, body)
	if err != nil {
		t.Fatalf("the refresher refused the %s simulator's list: %v", venueID, err)
	}
	out := Refresh{Change: ch, Listed: map[swapscout.Asset]string{}}
	for _, a := range published.Assets {
		for _, l := range a.Listings {
			if l.Venue == venueID {
				out.Listed[swapscout.Asset{Ticker: a.Ticker, Network: a.Network}] = l.Code
			}
		}
	}
	return out
}

// NoneUnmapped fails the test for each entry of the refresh it could not
// map (the first few, and how many).
func (r Refresh) NoneUnmapped(t testing.TB) {
	t.Helper()
	if n := len(r.Change.Unmapped); n > 0 {
		t.Errorf("%d of the simulator's list entries unmapped, e.g. %v", n, r.Change.Unmapped[0])
	}
}
