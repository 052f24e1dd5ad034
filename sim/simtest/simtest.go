// Package simtest is the simulator's test kit for venue lists: it starts
// one simulated venue, reads the currency list it serves where the real
// venue serves it, and runs a fresh catalogue refresher (seeded from the
// embedded catalogue) over it, as a server's hourly refresh would. It lives
// beside the simulator because only the binary and the simulator may use
// the simulator, and venuetest cannot import the catalogue (which imports
// the venue kit).
package simtest

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
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
	return RefreshBody(t, venueID, get(t, s.VenueURL(venueID)+path, nil))
}

// PagedListRefresh is ListRefresh for a list served in pages, as clients
// read it: path?limit=size&offset=N from 0 until a page shorter than size,
// each page a JSON array, sent with header (an API key). The pages are
// joined into one array for the refresher.
func PagedListRefresh(t testing.TB, venueID string, v sim.Venue, path string, size int, header http.Header) Refresh {
	t.Helper()
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, venueID, v)
	var all []json.RawMessage
	for offset := 0; ; offset += size {
		var page []json.RawMessage
		body := get(t, s.VenueURL(venueID)+path+"?limit="+strconv.Itoa(size)+"&offset="+strconv.Itoa(offset), header)
		if err := json.Unmarshal(body, &page); err != nil {
			t.Fatalf("page at offset %d of %s's list: %v", offset, venueID, err)
		}
		all = append(all, page...)
		if len(page) < size {
			break
		}
	}
	body, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return RefreshBody(t, venueID, body)
}

// get reads url with header, failing the test on anything but a 200.
func get(t testing.TB, url string, header http.Header) []byte {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: HTTP %d, %v", url, resp.StatusCode, err)
	}
	return body
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

// ListsExactly fails the test unless the refresh mapped every entry and
// lists at the venue exactly the assets of symbols (what the simulator
// quotes), each under the listing code code gives its venue code.
func ListsExactly[C comparable](t testing.TB, r Refresh, symbols venue.Symbols[C], code func(C) string) {
	t.Helper()
	r.NoneUnmapped(t)
	want := map[swapscout.Asset]string{}
	for _, a := range symbols.Assets() {
		want[a] = code(symbols[a])
	}
	if diff := cmp.Diff(want, r.Listed); diff != "" {
		t.Errorf("assets listed after a refresh from the simulator (-quoted +listed):\n%s", diff)
	}
}
