package cexsim_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/okx"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestDefaultsFromSpec: an API that names neither its profile nor its book
// path takes them from the adapter's spec: the profile filed under the
// spec's ID, and the book route of venue.json's book_path template.
func TestDefaultsFromSpec(t *testing.T) {
	spec := okx.Spec()
	if spec.ID != "okx" || spec.BookTemplate == "" {
		t.Fatalf("okx spec: ID %q, BookTemplate %q", spec.ID, spec.BookTemplate)
	}
	v := cexsim.Venue(cexsim.API{
		Spec:      spec,
		Markets:   func(c *cexsim.Call, _ []cexsim.Market) { c.Write(200, []byte(`[]`)) },
		BookQuery: func(c *cexsim.Call) (string, int, bool) { return c.Query("instId"), 1, true },
		Book:      func(c *cexsim.Call, b *cexsim.Book) { c.Write(200, []byte(`{"symbol":"`+b.Symbol+`"}`)) },
		NoMarket:  func(c *cexsim.Call, _ string) { c.Write(404, []byte(`{}`)) },
	})
	if want := sim.ProfileOf("okx").Markets; !slices.Equal(v.Profile.Markets, want) {
		t.Errorf("profile markets %v, want okx's %v", v.Profile.Markets, want)
	}
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "okx", v)
	if status, _, body := cextest.Get(t, s.VenueURL("okx")+"/api/v5/market/books?instId=BTCUSDT", nil); status != http.StatusOK ||
		body != `{"symbol":"BTCUSDT"}` {
		t.Errorf("book at the template's path: HTTP %d %s", status, body)
	}
}
