package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// TestOfferETAFromBoard: an offer whose venue has enough timed swaps on
// the board (the ranking's sample) gives as its ETA their median, says so
// (eta_source board, eta_swaps) and keeps the venue's own estimate beside
// it; with fewer, its ETA is the venue's own, with no eta_source. Both read
// back as the offer they were.
func TestOfferETAFromBoard(t *testing.T) {
	line := func(timed int) *swapscout.OfferOutcome {
		return &swapscout.OfferOutcome{Window: 30 * 24 * time.Hour, VenueBoard: swapscout.VenueBoard{Venue: "alpha",
			Swaps: timed, Finished: timed, Timed: timed, MedianTime: 12 * time.Minute, P90Time: 40 * time.Minute}}
	}
	for _, c := range []struct {
		name                   string
		timed                  int
		min, max, swaps, venue int64
		source                 string
	}{
		{name: "board", timed: 40, min: 720, max: 720, swaps: 40, venue: 300, source: "board"},
		{name: "too few swaps here", timed: swapscout.RankMinSwaps - 1, min: 300, max: 1800},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := swapscout.Offer{Venue: "alpha", AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.5"),
				Rate: swapscout.MustAmount("25"), KYC: 'A', ETAMin: 5 * time.Minute, ETAMax: 30 * time.Minute, Outcome: line(c.timed)}
			b := api.AppendOffer(nil, &o)
			var got struct {
				Min      int64  `json:"eta_min_s"`
				Max      int64  `json:"eta_max_s"`
				Source   string `json:"eta_source"`
				Swaps    int64  `json:"eta_swaps"`
				VenueMin int64  `json:"venue_eta_min_s"`
				VenueMax int64  `json:"venue_eta_max_s"`
			}
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatalf("%v in %s", err, b)
			}
			if got.Min != c.min || got.Max != c.max || got.Source != c.source || got.Swaps != c.swaps || got.VenueMin != c.venue {
				t.Errorf("ETA in %s: %+v; want %d–%d s, source %q, %d swaps, the venue's %d s", b, got, c.min, c.max, c.source, c.swaps, c.venue)
			}
			q, err := api.DecodeQuote(api.AppendQuote(nil, &swapscout.Quote{ID: "q", Offers: []swapscout.Offer{o}}))
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(o, q.Offers[0], cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Cmp(b) == 0 })); d != "" {
				t.Errorf("read back (-want +got):\n%s", d)
			}
		})
	}
}
