package aggregate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// TestAnchorsCoverCatalogue: every hand-written asset (the ones people
// quote most, and the bridges) has an anchor, so no pair of them escapes the
// last check. The venues' catalogue beyond them has no anchor yet: its
// offers are held to the other venues' median and the order books' mids.
func TestAnchorsCoverCatalogue(t *testing.T) {
	for _, a := range swapscout.BaseAssets() {
		if _, ok := swapscout.RoughUSD(a.Ticker); !ok {
			t.Errorf("no price anchor for %s", a.Ticker)
		}
	}
}

// TestEveryVenueWrongTogether: when every venue answers a thousand times
// the market rate, the median agrees with them and the order books'
// mids too; the anchors still refuse every offer, and an honest venue
// among the liars is kept.
func TestEveryVenueWrongTogether(t *testing.T) {
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "eth", Network: "eth"}, To: swapscout.Asset{Ticker: "btc", Network: "btc"},
		Amount: swapscout.MustAmount("1")}
	offer := func(out string) swapscout.Quoter {
		return quoterFunc(func(_ context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
			return swapscout.Offer{AmountIn: r.Amount, AmountOut: swapscout.MustAmount(out)}, nil
		})
	}
	var vs []Venue
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		vs = append(vs, Venue{ID: id, Timeout: time.Second, Quoter: offer("37.5")}) // ×1000
	}
	vs = append(vs, Venue{ID: "honest", Timeout: time.Second, Quoter: offer("0.0375")})
	e := New(vs, Options{})
	var streamed []string
	q := e.Quote(context.Background(), req, e.Venues(), func(r swapscout.Result) {
		if r.Offer != nil {
			streamed = append(streamed, r.Offer.Venue)
		}
	})
	if len(q.Offers) != 1 || q.Offers[0].Venue != "honest" {
		t.Fatalf("offers %+v, want only the honest one", q.Offers)
	}
	if len(streamed) != 1 || streamed[0] != "honest" {
		t.Errorf("streamed %v, want only honest", streamed)
	}
	for _, f := range q.Failures {
		if f.Code != swapscout.CodeBadResponse || !strings.Contains(f.Message, "× the rough market rate") {
			t.Errorf("%s: %s %q", f.Venue, f.Code, f.Message)
		}
	}
}

type quoterFunc func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error)

func (f quoterFunc) Quote(ctx context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
	return f(ctx, r)
}

// TestAbsurdMinimum: a limit failure asking for more than a billion
// dollars' worth is a wrong number, shown as bad_response.
func TestAbsurdMinimum(t *testing.T) {
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")}
	limit := func(min string) swapscout.Quoter {
		return quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
			return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "below the minimum", Min: swapscout.MustAmount(min)}
		})
	}
	e := New([]Venue{{ID: "sane", Timeout: time.Second, Quoter: limit("0.5")}, {ID: "absurd", Timeout: time.Second, Quoter: limit("76950000")}}, Options{})
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	got := map[string]string{}
	for _, f := range q.Failures {
		got[f.Venue] = string(f.Code) + ": " + f.Message
	}
	if got["sane"] != "amount_too_small: below the minimum" {
		t.Errorf("sane: %q", got["sane"])
	}
	if want := "bad_response: a minimum of 76950000 btc (about $6e+12) is not plausible"; got["absurd"] != want {
		t.Errorf("absurd: %q, want %q", got["absurd"], want)
	}
}
