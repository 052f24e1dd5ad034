package all_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simall "github.com/swapscout/swapscout/sim/all"
	"github.com/swapscout/swapscout/venue/all"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestEveryVenueSimulated: every venue of venue/all has a simulated API, so
// the demo and the tests serve all of them.
func TestEveryVenueSimulated(t *testing.T) {
	got := simall.Venues()
	for _, d := range all.Descriptors {
		if _, ok := got[d.ID]; !ok {
			t.Errorf("venue %s has no simulator", d.ID)
		}
	}
	if len(got) != len(all.Descriptors) {
		t.Errorf("%d simulators for %d venues", len(got), len(all.Descriptors))
	}
}

// TestEveryAdapterQuotesItsSimulator: each venue's adapter, pointed at its
// simulated API, quotes 0.1 BTC to ETH (or, for a venue whose simulator
// lists its assets without ETH, to the first other asset it lists) with a
// positive offer. The adapters know nothing of their simulators, so this is
// where the two are held together for every venue at once; each
// sim/<venue> package goes further for its own (modes, swaps, outcomes).
func TestEveryAdapterQuotesItsSimulator(t *testing.T) {
	venues := simall.Venues()
	s, err := sim.New(sim.Config{Seed: 1, Latency: time.Millisecond, Secrets: secrets()}, venues)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	for _, d := range all.Descriptors {
		t.Run(d.ID, func(t *testing.T) {
			t.Parallel()
			req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
			if served := venues[d.ID].Profile.Assets; served != nil && !slices.Contains(served, eth) {
				i := slices.IndexFunc(served, func(a swapscout.Asset) bool { return a != btc })
				if i < 0 || !slices.Contains(served, btc) {
					t.Fatalf("the simulator serves %v: no pair from BTC", served)
				}
				req.To = served[i]
			}
			q := venuetest.New(t, d, s.VenueURL(d.ID))
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			offer, err := q.Quote(ctx, req)
			if err != nil {
				t.Fatalf("Quote(%s→%s) against the simulator: %v", req.From, req.To, err)
			}
			if offer.AmountIn.Sign() <= 0 || offer.AmountOut.Sign() <= 0 {
				t.Errorf("simulated offer in %s out %s, want positive", offer.AmountIn, offer.AmountOut)
			}
		})
	}
}

// secrets is the test secret for every venue, as venuetest.New signs with.
func secrets() map[string]string {
	m := make(map[string]string, len(all.Descriptors))
	for _, d := range all.Descriptors {
		m[d.ID] = "test-secret"
	}
	return m
}
