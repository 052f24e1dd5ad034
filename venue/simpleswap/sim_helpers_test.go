package simpleswap_test

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// startSim serves SimpleSwap's simulator on loopback and returns its base URL.
func startSim(t *testing.T) string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1, Latency: time.Millisecond}, map[string]sim.Venue{"simpleswap": simpleswap.Sim()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s.VenueURL("simpleswap")
}

func venueConfig(t *testing.T, baseURL, key string) venue.Config {
	return venue.Config{BaseURL: baseURL, HTTP: venuetest.Client(t), APIKey: key}
}
