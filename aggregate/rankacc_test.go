package aggregate_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

func venuesOf(offers []swapscout.Offer) []string {
	var ids []string
	for _, o := range offers {
		ids = append(ids, o.Venue)
	}
	return ids
}

// TestRankByAccuracy: a venue that habitually pays less than it promises
// ranks as if it delivered that much less, but only with enough finished
// swaps; a venue that pays more is never raised; the amounts shown stay.
func TestRankByAccuracy(t *testing.T) {
	amt := swapscout.MustAmount
	short := func(count int, median string) swapscout.VenueAccuracy {
		return swapscout.VenueAccuracy{Count: count, MedianShortfall: amt(median), WorstShortfall: amt(median)}
	}
	send := []swapscout.Offer{
		{Venue: "promiser", AmountIn: amt("0.1"), AmountOut: amt("2.03")},
		{Venue: "honest", AmountIn: amt("0.1"), AmountOut: amt("2.02")},
		{Venue: "generous", AmountIn: amt("0.1"), AmountOut: amt("2.00")},
	}
	receive := []swapscout.Offer{
		{Venue: "promiser", AmountIn: amt("0.0490"), AmountOut: amt("1")},
		{Venue: "honest", AmountIn: amt("0.0492"), AmountOut: amt("1")},
		{Venue: "generous", AmountIn: amt("0.0500"), AmountOut: amt("1")},
	}
	cases := []struct {
		name string
		d    swapscout.Direction
		in   []swapscout.Offer
		acc  map[string]swapscout.VenueAccuracy
		want []string
	}{
		{"no records: on promises", swapscout.Send, send, nil, []string{"promiser", "honest", "generous"}},
		{"1% short over 12 swaps", swapscout.Send, send,
			map[string]swapscout.VenueAccuracy{"promiser": short(12, "1")}, []string{"honest", "promiser", "generous"}},
		{"too few swaps to judge", swapscout.Send, send,
			map[string]swapscout.VenueAccuracy{"promiser": short(swapscout.RankMinSwaps-1, "5")}, []string{"promiser", "honest", "generous"}},
		{"paying more never raises", swapscout.Send, send,
			map[string]swapscout.VenueAccuracy{"generous": short(50, "-5")}, []string{"promiser", "honest", "generous"}},
		{"a small shortfall keeps the lead", swapscout.Send, send,
			map[string]swapscout.VenueAccuracy{"promiser": short(12, "0.2")}, []string{"promiser", "honest", "generous"}},
		{"pays nothing: last", swapscout.Send, send,
			map[string]swapscout.VenueAccuracy{"promiser": short(12, "100")}, []string{"honest", "generous", "promiser"}},
		{"receive: on promises", swapscout.Receive, receive, nil, []string{"promiser", "honest", "generous"}},
		{"receive: 1% short costs more to send", swapscout.Receive, receive,
			map[string]swapscout.VenueAccuracy{"promiser": short(12, "1")}, []string{"honest", "promiser", "generous"}},
		{"receive: pays nothing: last", swapscout.Receive, receive,
			map[string]swapscout.VenueAccuracy{"promiser": short(12, "120")}, []string{"honest", "generous", "promiser"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			offers := append([]swapscout.Offer(nil), c.in...)
			aggregate.RankByAccuracy(c.d, offers, c.acc)
			if d := cmp.Diff(c.want, venuesOf(offers)); d != "" {
				t.Errorf("order (-want +got):\n%s", d)
			}
			for _, o := range offers {
				for _, w := range c.in {
					if o.Venue == w.Venue && (o.AmountOut.Cmp(w.AmountOut) != 0 || o.AmountIn.Cmp(w.AmountIn) != 0) {
						t.Errorf("%s's amounts changed: %v → %v", o.Venue, w, o)
					}
				}
			}
		})
	}
}

// TestEngineRanksByAccuracy: an engine set to rank by accuracy reads the
// venues' records for each quote, and ranks on promises when it cannot.
func TestEngineRanksByAccuracy(t *testing.T) {
	e := newEngine(t, []aggregate.Venue{v("promiser", after(0, "2.03")), v("honest", after(0, "2.02"))}, aggregate.Options{})
	if got := venuesOf(e.Quote(context.Background(), req, e.Venues(), nil).Offers); !cmp.Equal(got, []string{"promiser", "honest"}) {
		t.Fatalf("without accuracy: %v", got)
	}
	var fail bool
	e.SetAccuracy(func(context.Context) (map[string]swapscout.VenueAccuracy, error) {
		if fail {
			return nil, errors.New("database down")
		}
		return map[string]swapscout.VenueAccuracy{"promiser": {Count: 40, MedianShortfall: swapscout.MustAmount("1.5")}}, nil
	})
	if got := venuesOf(e.Quote(context.Background(), req, e.Venues(), nil).Offers); !cmp.Equal(got, []string{"honest", "promiser"}) {
		t.Errorf("by accuracy: %v", got)
	}
	fail = true
	if got := venuesOf(e.Quote(context.Background(), req, e.Venues(), nil).Offers); !cmp.Equal(got, []string{"promiser", "honest"}) {
		t.Errorf("accuracy unavailable: %v", got)
	}
}
