package aggregate_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// swapVenue is a fake venue that quotes out and can create swaps; refuse,
// when set, makes it a SwapChecker refusing every offer with those words.
type swapVenue struct {
	out    string
	min    string
	refuse string
	calls  *atomic.Int32
}

func (s swapVenue) Quote(_ context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
	if s.calls != nil {
		s.calls.Add(1)
	}
	o := swapscout.Offer{AmountIn: r.Amount, AmountOut: swapscout.MustAmount(s.out)}
	if s.min != "" {
		o.Min = swapscout.MustAmount(s.min)
	}
	return o, nil
}

func (swapVenue) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	return swapscout.SwapOrder{}, nil
}

func (swapVenue) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, nil
}

type checkingVenue struct{ swapVenue }

func (c checkingVenue) CannotSwap(swapscout.QuoteRequest, *swapscout.Offer) string { return c.refuse }

// downVenue creates swaps but answers no quote.
type downVenue struct{ swapVenue }

func (downVenue) Quote(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
	return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: "down"}
}

// wrapped hides its venue's capabilities, as the metrics' wrapper does.
type wrapped struct{ q swapscout.Quoter }

func (w wrapped) Quote(ctx context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
	return w.q.Quote(ctx, r)
}

func swapVenues(calls *atomic.Int32) []aggregate.Venue {
	book := v("book", swapVenue{out: "2.09"}.quoteOnly(calls))
	book.Kind = swapscout.OrderBook
	hidden := v("hidden", wrapped{swapVenue{out: "2.02"}})
	hidden.Swapper = swapVenue{}
	return []aggregate.Venue{
		v("swaps", swapVenue{out: "2.0"}),
		v("router", checkingVenue{swapVenue{out: "2.1", refuse: "deposits go through a router contract"}}),
		v("small", swapVenue{out: "2.05", min: "0.5"}),
		book,
		v("pricesonly", quoterFunc(func(_ context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
			return swapscout.Offer{AmountIn: r.Amount, AmountOut: swapscout.MustAmount("1.98")}, nil
		})),
		hidden,
	}
}

// quoteOnly is s without its swap capability, counting its calls.
func (s swapVenue) quoteOnly(calls *atomic.Int32) swapscout.Quoter {
	s.calls = calls
	return quoterFunc(s.Quote)
}

// TestOffersSayCanSwap: every offer the engine gives says whether it can
// become a swap, by one rule for every venue: the venue creates swaps (its
// capability, even behind a wrapper), its SwapChecker accepts the offer,
// and the amount is within the offer's own limits; an order book's price
// says it needs an account. Ranking stays by what each offer gives.
func TestOffersSayCanSwap(t *testing.T) {
	e := newEngine(t, swapVenues(nil), aggregate.Options{})
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	type mark struct {
		Venue   string
		CanSwap bool
		NoSwap  string
	}
	var got []mark
	for _, o := range q.Offers {
		got = append(got, mark{o.Venue, o.CanSwap, o.NoSwap})
	}
	want := []mark{
		{"router", false, "deposits go through a router contract"},
		{"book", false, "an exchange's price, for comparison: trading there needs an account"},
		{"small", false, "the amount is below the venue's minimum of 0.5 BTC"},
		{"hidden", true, ""},
		{"swaps", true, ""},
		{"pricesonly", false, "this venue cannot create swaps through its API"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
}

// TestSwappableSelection: swappable=true asks no venue that creates no
// swaps, and answers (and streams) only the offers that can become a swap,
// ranked; failures stay.
func TestSwappableSelection(t *testing.T) {
	var bookCalls atomic.Int32
	vs := swapVenues(&bookCalls)
	vs = append(vs, v("down", downVenue{}))
	s := &aggregate.Service{Engine: newEngine(t, vs, aggregate.Options{})}
	var streamed []string
	q, err := s.Quote(context.Background(), req, aggregate.Selection{Swappable: true}, func(r swapscout.Result) {
		if r.Offer != nil {
			streamed = append(streamed, r.Offer.Venue)
		} else {
			streamed = append(streamed, r.Failure.Venue+":"+string(r.Failure.Code))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range q.Offers {
		got = append(got, o.Venue)
	}
	if diff := cmp.Diff([]string{"hidden", "swaps"}, got); diff != "" {
		t.Errorf("swappable offers (-want +got):\n%s", diff)
	}
	if n := bookCalls.Load(); n != 0 {
		t.Errorf("the order book was asked %d times", n)
	}
	if len(q.Failures) != 1 || q.Failures[0].Venue != "down" {
		t.Errorf("failures %+v, want the venue that is down", q.Failures)
	}
	for _, v := range streamed {
		if v != "hidden" && v != "swaps" && !strings.HasPrefix(v, "down:") {
			t.Errorf("streamed %s, which cannot become a swap (all streamed: %v)", v, streamed)
		}
	}
	if len(streamed) != 3 {
		t.Errorf("streamed %v, want two offers and a failure", streamed)
	}
	// Without the filter every offer is answered, swappable or not.
	q, _ = s.Quote(context.Background(), req, aggregate.Selection{}, nil)
	if len(q.Offers) != 6 || bookCalls.Load() != 1 {
		t.Errorf("without swappable: %d offers and %d book calls, want 6 and 1", len(q.Offers), bookCalls.Load())
	}
}
