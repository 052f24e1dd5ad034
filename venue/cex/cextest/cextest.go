// Package cextest is venuetest for CEX adapters: a case runner with golden offers, and the checks every order-book venue
// passes (a larger amount gets a worse rate).
package cextest

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// Route is one answer of venuetest's replay server, whose Query tells
// apart the books of a route fetched from one path.
type Route = venuetest.Route

// Case is one fixture-driven quote.
type Case struct {
	Name   string // subtest name; the golden file is testdata/<Name>.want.json
	Routes []Route
	Req    swapscout.QuoteRequest
	// Want is the failure code expected; empty when an offer is expected,
	// which is then compared with the golden file.
	Want swapscout.FailureCode
	// Check, when set, inspects the answer and the requests made after the
	// market list was loaded.
	Check func(t *testing.T, o swapscout.Offer, err error, reqs []venuetest.Recorded)
}

// RunCases runs each case against a replay of its routes, through
// venuetest.New (which loads the market list) and venuetest.Golden.
func RunCases(t *testing.T, d *venue.Descriptor, cases []Case) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", c.Routes)
			q := venuetest.New(t, d, rp.URL)
			before := len(rp.Requests())
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			offer, err := q.Quote(ctx, c.Req)
			if c.Check != nil {
				c.Check(t, offer, err, rp.Requests()[before:])
			}
			if c.Want != "" {
				if err == nil {
					t.Fatalf("Quote(%s→%s) = offer %s, want failure %s", c.Req.From, c.Req.To, offer.AmountOut, c.Want)
				}
				if code := venuetest.Code(err); code != c.Want {
					t.Fatalf("Quote(%s→%s) error %v has code %s, want %s", c.Req.From, c.Req.To, err, code, c.Want)
				}
				return
			}
			if err != nil {
				t.Fatalf("Quote(%s→%s): %v", c.Req.From, c.Req.To, err)
			}
			venuetest.Golden(t, filepath.Join("testdata", c.Name+".want.json"), d.ID, offer)
		})
	}
}

// Rate is what one unit sent buys, before the withdrawal fee: the measure
// that must fall as the amount walks deeper into the book.
func Rate(o swapscout.Offer) swapscout.Amount {
	out := o.AmountOut
	for _, f := range o.Fees {
		if f.Kind == "withdrawal" {
			out = out.Add(f.Amount)
		}
	}
	return out.Quo(o.AmountIn, 18, swapscout.RoundDown)
}

// Slippage quotes small and then large (same pair and direction) against
// routes and fails unless large gets the strictly worse rate.
func Slippage(t *testing.T, d *venue.Descriptor, routes []Route, small, large swapscout.QuoteRequest) {
	t.Helper()
	rp := venuetest.NewReplay(t, "testdata", routes)
	q := venuetest.New(t, d, rp.URL)
	var rates [2]swapscout.Amount
	for i, req := range []swapscout.QuoteRequest{small, large} {
		o, err := q.Quote(context.Background(), req)
		if err != nil {
			t.Fatalf("Quote(%s %s→%s): %v", req.Amount, req.From, req.To, err)
		}
		rates[i] = Rate(o)
	}
	if rates[1].Cmp(rates[0]) >= 0 {
		t.Errorf("%s %s gets %s %s each, %s gets %s: the larger amount should get the worse rate",
			large.Amount, large.From, rates[1], large.To, small.Amount, rates[0])
	}
}

// SimulatorChecks is what a CEX adapter's test asks of the venue's
// simulator, which serves a deep, seeded book for every market.
type SimulatorChecks struct {
	// From → To at three increasing Amounts, each at a worse rate than the
	// one before (the walk goes deeper).
	From, To swapscout.Asset
	Amounts  [3]string
	// Offers must each be quoted: direct, bridged, receive side…
	Offers []swapscout.QuoteRequest
	// TooLarge asks for more than the whole book holds: amount_too_large.
	TooLarge swapscout.QuoteRequest
	// Unsupported must each be unsupported_pair.
	Unsupported []swapscout.QuoteRequest
}

// CheckSimulator quotes q, an adapter pointed at its simulator, as c says.
func CheckSimulator(t *testing.T, q swapscout.Quoter, c SimulatorChecks) {
	t.Helper()
	ctx := context.Background()
	send := func(amount string) swapscout.QuoteRequest {
		return swapscout.QuoteRequest{From: c.From, To: c.To, Amount: swapscout.MustAmount(amount)}
	}
	var rates []swapscout.Amount
	for _, amount := range c.Amounts {
		o, err := q.Quote(ctx, send(amount))
		if err != nil {
			t.Fatalf("%s %s → %s: %v", amount, c.From, c.To, err)
		}
		rates = append(rates, Rate(o))
	}
	if rates[1].Cmp(rates[0]) >= 0 || rates[2].Cmp(rates[1]) >= 0 {
		t.Errorf("rates %v for %v %s: want each worse", rates, c.Amounts, c.From)
	}
	for _, req := range c.Offers {
		if o, err := q.Quote(ctx, req); err != nil || o.AmountOut.Sign() <= 0 {
			t.Errorf("%s→%s: %+v %v", req.From, req.To, o, err)
		}
	}
	if _, err := q.Quote(ctx, c.TooLarge); venuetest.Code(err) != swapscout.CodeAmountTooLarge {
		t.Errorf("%s %s → %s: %v, want amount_too_large", c.TooLarge.Amount, c.TooLarge.From, c.TooLarge.To, err)
	}
	for _, req := range c.Unsupported {
		if _, err := q.Quote(ctx, req); venuetest.Code(err) != swapscout.CodeUnsupportedPair {
			t.Errorf("%s→%s: %v, want unsupported_pair", req.From, req.To, err)
		}
	}
}

// CheckBooks compares the book requests of a quote (got) with those of the
// route its fixtures serve (want), in any order: none at all when want is
// empty (refused without a call); otherwise each of want, and perhaps more:
// the engine prices every candidate route, and the replay answers a book it
// has no fixture for with an error, which leaves that route out.
func CheckBooks(t *testing.T, got, want []string) {
	t.Helper()
	if len(want) == 0 {
		if len(got) != 0 {
			t.Errorf("requests %q, want none", got)
		}
		return
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("requests %q, want among them %q", got, want)
			return
		}
	}
}

// Envelope is one of a venue's error answers, replayed in place of a book
// or of the market list.
type Envelope struct {
	Fixture string // under testdata/
	Status  int    // the HTTP status it comes with (200 when zero)
	List    bool   // answers the market list; otherwise every book of the request's market
	Want    swapscout.FailureCode
	Words   string // the venue's own words, which the message must carry
}

// CheckEnvelopes replays each envelope through d's engine, so the venue's
// cex.Spec.ErrorBody is what classifies it. A book envelope answers book
// (a route for the request's direct market: the path, and the query when
// several books share it) while lists serve the market (and currency)
// lists: quoting req must fail with Want. A List envelope answers
// lists[0]: Refresh must fail with Want. Either way the error's message
// carries Words.
func CheckEnvelopes(t *testing.T, d *venue.Descriptor, req swapscout.QuoteRequest, lists []Route, book Route, cases []Envelope) {
	t.Helper()
	for _, c := range cases {
		where := "book"
		if c.List {
			where = "list"
		}
		t.Run(fmt.Sprintf("%s_%d_%s", where, c.Status, strings.TrimSuffix(c.Fixture, ".json")), func(t *testing.T) {
			var err error
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if c.List {
				routes := append([]Route{{Path: lists[0].Path, Query: lists[0].Query, Status: c.Status, Fixture: c.Fixture}}, lists[1:]...)
				rp := venuetest.NewReplay(t, "testdata", routes)
				q, nerr := d.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
				if nerr != nil {
					t.Fatal(nerr)
				}
				err = q.(swapscout.Refresher).Refresh(ctx)
			} else {
				b := book
				b.Status, b.Fixture = c.Status, c.Fixture
				rp := venuetest.NewReplay(t, "testdata", append(append([]Route(nil), lists...), b))
				_, err = venuetest.New(t, d, rp.URL).Quote(ctx, req)
			}
			if code := venuetest.Code(err); code != c.Want {
				t.Errorf("%s answered with HTTP %d: %v (%s), want %s", c.Fixture, c.Status, err, code, c.Want)
			}
			if err != nil && !strings.Contains(err.Error(), c.Words) {
				t.Errorf("message %q lacks the venue's words %q", err, c.Words)
			}
		})
	}
}
