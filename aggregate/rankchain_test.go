package aggregate_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// chainLine is a board line whose payouts seen on chain delivered median of
// their promise, over onChain payouts.
func chainLine(venue string, onChain int, median string) *swapscout.OfferOutcome {
	return &swapscout.OfferOutcome{VenueBoard: swapscout.VenueBoard{Venue: venue, Swaps: onChain, Finished: onChain,
		OnChain: onChain, MedianDelivered: swapscout.MustAmount(median), P10Delivered: swapscout.MustAmount(median)}}
}

// TestEngineRanksOnChain: at equal promise, the venue whose payouts the
// chain showed 3 % short ranks below the honest one; every offer carries its
// venue's board line; too few payouts seen, a venue that delivers in full
// or the ranking switched off leave the order on promises.
func TestEngineRanksOnChain(t *testing.T) {
	lines := map[string]*swapscout.OfferOutcome{}
	outcome := func(id string) *swapscout.OfferOutcome { return lines[id] }
	cases := []struct {
		name  string
		lines map[string]*swapscout.OfferOutcome
		rank  bool
		alpha string // alpha's promise; beta's is 2.02
		want  []string
	}{
		{"no board: on promises", nil, true, "2.03", []string{"alpha", "beta"}},
		{"equal promise, alpha short on chain", map[string]*swapscout.OfferOutcome{
			"alpha": chainLine("alpha", 12, "0.97"), "beta": chainLine("beta", 12, "1")}, true, "2.02", []string{"beta", "alpha"}},
		{"a better promise, 3% short on chain", map[string]*swapscout.OfferOutcome{
			"alpha": chainLine("alpha", 12, "0.97"), "beta": chainLine("beta", 12, "1")}, true, "2.03", []string{"beta", "alpha"}},
		{"a small shortfall keeps the lead", map[string]*swapscout.OfferOutcome{
			"alpha": chainLine("alpha", 12, "0.999")}, true, "2.03", []string{"alpha", "beta"}},
		{"too few payouts seen", map[string]*swapscout.OfferOutcome{
			"alpha": chainLine("alpha", swapscout.RankMinSwaps-1, "0.5")}, true, "2.03", []string{"alpha", "beta"}},
		{"delivering more never raises", map[string]*swapscout.OfferOutcome{
			"beta": chainLine("beta", 30, "1.2")}, true, "2.03", []string{"alpha", "beta"}},
		{"ranking off", map[string]*swapscout.OfferOutcome{
			"alpha": chainLine("alpha", 12, "0.97")}, false, "2.03", []string{"alpha", "beta"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEngine(t, []aggregate.Venue{v("alpha", after(0, c.alpha)), v("beta", after(0, "2.02"))}, aggregate.Options{})
			lines = c.lines
			e.SetOutcomes(outcome, c.rank)
			q := e.Quote(context.Background(), req, e.Venues(), nil)
			if d := cmp.Diff(c.want, venuesOf(q.Offers)); d != "" {
				t.Errorf("order (-want +got):\n%s", d)
			}
			for _, o := range q.Offers {
				if o.Outcome != lines[o.Venue] {
					t.Errorf("%s's offer carries %v, want its board line %v", o.Venue, o.Outcome, lines[o.Venue])
				}
				if want := map[string]string{"alpha": c.alpha, "beta": "2.02"}[o.Venue]; o.AmountOut.Cmp(swapscout.MustAmount(want)) != 0 {
					t.Errorf("%s's amount changed to %s, want %s", o.Venue, o.AmountOut, want)
				}
			}
		})
	}
}
