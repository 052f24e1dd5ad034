package venuetest

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// RunInjectedErrors serves v, d's simulated API, failing every call
// (sim.Config.VenueErrorRate 1): the venue's error body comes with HTTP 500
// and, every other time, with HTTP 200, which probe (one call to the
// venue's root URL) sees alike; and the adapter reads req's quote as
// unavailable either way. A call in the middle flips which status each of
// a quote's calls gets, so an adapter that makes two calls sees both on
// each.
func RunInjectedErrors(t *testing.T, d *venue.Descriptor, v sim.Venue, req swapscout.QuoteRequest, probe func(root string) (*http.Response, error)) {
	t.Helper()
	s := StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, VenueErrorRate: map[string]float64{d.ID: 1}}, d.ID, v)
	call := func() int {
		resp, err := probe(s.VenueURL(d.ID))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	defer http.DefaultClient.CloseIdleConnections()
	statuses := map[int]int{}
	for range 4 {
		statuses[call()]++
	}
	if statuses[200] != 2 || statuses[500] != 2 {
		t.Errorf("injected errors came with statuses %v, want 200 and 500 alike", statuses)
	}
	q := New(t, d, s.VenueURL(d.ID))
	for i := range 4 {
		if i == 2 {
			call()
		}
		if _, err := q.Quote(context.Background(), req); Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote against injected errors: %v (%s), want unavailable", err, Code(err))
		}
	}
}
