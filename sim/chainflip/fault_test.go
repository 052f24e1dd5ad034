package chainflip

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	adapter "github.com/swapscout/swapscout/venue/chainflip"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestSimulatorErrorBodies: injected errors come as a ProblemDetails body
// with HTTP 500 and, every other time, with HTTP 200; both are unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, VenueErrorRate: map[string]float64{"chainflip": 1}},
		"chainflip", Venue())
	statuses := map[int]int{}
	for range 4 {
		resp, err := http.Get(s.VenueURL("chainflip") + "/quotes-native")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		statuses[resp.StatusCode]++
	}
	http.DefaultClient.CloseIdleConnections()
	if statuses[200] != 2 || statuses[500] != 2 {
		t.Errorf("injected errors came with statuses %v, want 200 and 500 alike", statuses)
	}
	q := venuetest.New(t, &adapter.Descriptor, s.VenueURL("chainflip"))
	for range 4 {
		if _, err := q.Quote(context.Background(), btcETH); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote against injected errors: %v (%s), want unavailable", err, venuetest.Code(err))
		}
	}
}
