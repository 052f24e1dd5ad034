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

// Checks that a venue's simulator and its adapter agree. A venue's
// simulator lives in a package of its own under sim/, beside the adapter;
// its tests call these, with newSim building the simulated API (a fresh one
// for every server). They prove the model serves what the adapter reads,
// nothing about the venue itself: that is the recorded fixtures' part.

// QuoteSim checks that d's adapter quotes req against its venue's
// simulator: an offer with positive amounts.
func QuoteSim(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, req swapscout.QuoteRequest) {
	t.Helper()
	s := StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, Secrets: map[string]string{d.ID: "test-secret"}}, d.ID, newSim())
	q := New(t, d, s.VenueURL(d.ID))
	offer, err := q.Quote(context.Background(), req)
	if err != nil {
		t.Fatalf("Quote(%s→%s) against the simulator: %v", req.From, req.To, err)
	}
	if offer.AmountOut.Sign() <= 0 || offer.AmountIn.Sign() <= 0 {
		t.Errorf("simulated offer in %s out %s, want positive", offer.AmountIn, offer.AmountOut)
	}
}

// CheckSimErrorBodies checks the simulator's injected errors: they come as
// the venue's error body with HTTP 500 and, every other time, with HTTP 200
// (as these venues may send their error bodies), and the adapter reads both
// as unavailable when it quotes req. It is RunInjectedErrors probing any
// path under the venue's root.
func CheckSimErrorBodies(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, req swapscout.QuoteRequest) {
	t.Helper()
	RunInjectedErrors(t, d, newSim(), req, func(root string) (*http.Response, error) { return http.Get(root + "/any") })
}
