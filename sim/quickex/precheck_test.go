package quickex_test

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simquickex "github.com/swapscout/swapscout/sim/quickex"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/quickex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestPreCheckOnSimulator: the address report answers passed for a clean
// address and flags one the simulator's rule flags (ending in "0"), signed
// with a configured key as the order calls are, and refused unsigned with a
// wrong signature.
func TestPreCheckOnSimulator(t *testing.T) {
	d := &quickex.Descriptor
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, Secrets: map[string]string{d.ID: "test-secret"}}, d.ID, simquickex.Sim())
	hc := upstream.New(upstream.Options{})
	t.Cleanup(func() { hc.Close() })
	for _, tc := range []struct {
		name, secret, addr string
		want               swapscout.AddressRisk
		fail               bool
	}{
		{"clean", "test-secret", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", swapscout.AddressRisk{Venue: "quickex", Completed: true, Passed: true}, false},
		{"flagged", "test-secret", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5md0", swapscout.AddressRisk{Venue: "quickex", Completed: true}, false},
		{"bad signature", "wrong", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", swapscout.AddressRisk{}, true},
	} {
		c := quickex.New(venue.Config{BaseURL: s.VenueURL(d.ID), HTTP: hc, APIKey: "pk", APISecret: tc.secret})
		got, err := c.CheckAddressRisk(context.Background(), "btc", tc.addr)
		if (err != nil) != tc.fail || got != tc.want {
			t.Errorf("%s: CheckAddressRisk = %+v, %v; want %+v (error %v)", tc.name, got, err, tc.want, tc.fail)
		}
	}
}
