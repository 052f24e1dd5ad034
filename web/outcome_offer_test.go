package web

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// Each offer shows its venue's record here beside it; a venue whose
// payouts on chain fall short is marked as ranked on what it delivered.
func TestOfferOutcomeShown(t *testing.T) {
	a := swapscout.MustAmount
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	short := &swapscout.OfferOutcome{Window: 30 * 24 * time.Hour, VenueBoard: swapscout.VenueBoard{Venue: "alpha",
		Swaps: 20, Finished: 18, Held: 1, Late: 2, OnChain: 12, MedianDelivered: a("0.975"), P10Delivered: a("0.9"),
		Timed: 15, MedianTime: 25 * time.Minute, P90Time: time.Hour}}
	q := &swapscout.Quote{ID: "q1", Request: swapscout.QuoteRequest{From: btc, To: eth, Amount: a("0.1")}, Offers: []swapscout.Offer{
		{Venue: "beta", AmountIn: a("0.1"), AmountOut: a("2.02"), CanSwap: true},
		{Venue: "alpha", AmountIn: a("0.1"), AmountOut: a("2.03"), CanSwap: true, Outcome: short},
	}}
	res := NewResults(q, 0, map[string]string{"alpha": "Alpha", "beta": "Beta"}, "")
	want := "here over 30 days: 18 of 20 swaps finished, delivered 97.5 % of the promise on chain (median of 12), 1 held, 2 late, payout 25 min after the deposit (median)"
	if got := res.Offers[1].Outcome; got != want || !res.Offers[1].Short {
		t.Errorf("alpha's outcome = %q (short %v), want %q (short)", got, res.Offers[1].Short, want)
	}
	if res.Offers[0].Outcome != "" {
		t.Errorf("beta has no record here, shows %q", res.Offers[0].Outcome)
	}
	b, err := Render("quote", QuotePage{Results: res})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "ranked on what it delivered: "+want) {
		t.Error("the page does not show alpha's record beside its offer")
	}
}

// An offer's time is the median of its venue's swaps here once the board
// has enough of them (the ranking's sample), else the venue's own estimate;
// the page shows it, and sorts by it.
func TestOfferETAFromBoard(t *testing.T) {
	a := swapscout.MustAmount
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	line := func(timed int) *swapscout.OfferOutcome {
		return &swapscout.OfferOutcome{Window: 30 * 24 * time.Hour, VenueBoard: swapscout.VenueBoard{Swaps: timed + 2, Finished: timed,
			Timed: timed, MedianTime: 12 * time.Minute, P90Time: 40 * time.Minute}}
	}
	q := &swapscout.Quote{ID: "q1", Request: swapscout.QuoteRequest{From: btc, To: eth, Amount: a("0.1")}, Offers: []swapscout.Offer{
		{Venue: "alpha", AmountIn: a("0.1"), AmountOut: a("2.03"), ETAMin: 5 * time.Minute, ETAMax: 30 * time.Minute, Outcome: line(40)},
		{Venue: "beta", AmountIn: a("0.1"), AmountOut: a("2.02"), ETAMin: 5 * time.Minute, ETAMax: 30 * time.Minute, Outcome: line(swapscout.RankMinSwaps - 1)},
		{Venue: "gamma", AmountIn: a("0.1"), AmountOut: a("2.01"), Outcome: line(swapscout.RankMinSwaps)},
	}}
	res := NewResults(q, 0, nil, "")
	for i, want := range []struct {
		eta  string
		etas int64
	}{
		{"about 12 min, median of 40 swaps here", 720},
		{"5 min–30 min", 1800}, // too few swaps here: the venue's word
		{"about 12 min, median of 10 swaps here", 720},
	} {
		if got := res.Offers[i]; got.ETA != want.eta || got.ETAS != want.etas {
			t.Errorf("%s: ETA %q (%d s), want %q (%d s)", got.Venue, got.ETA, got.ETAS, want.eta, want.etas)
		}
	}
	b, err := Render("quote", QuotePage{Results: res})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `<td class="eta">about 12 min, median of 40 swaps here</td>`) {
		t.Error("the page does not show alpha's time from the board")
	}
}
