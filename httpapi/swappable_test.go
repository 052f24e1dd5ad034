package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// TestSwappableParam: swappable= reaches the selection (true, or false as
// absent), is part of the cache key (swappable=true is never answered with
// every offer, nor the reverse), in the stream too, and a bad value, or a
// selection of venues that create no swaps, is a 400 before any venue.
func TestSwappableParam(t *testing.T) {
	var seen []aggregate.Selection
	h := httpapi.NewHandler(httpapi.Deps{
		Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour,
		Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
			seen = append(seen, sel)
			return twoOffers(ctx, req, sel)
		}},
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "changenow", KYC: 'C', CanSwap: true}, {ID: "kraken", KYC: 'D', Kind: swapscout.OrderBook}}
		},
	})
	const base = "/v1/quotes?from=btc&to=eth&amount=0.1"
	for _, c := range []struct{ q, cache string }{{"&swappable=true", "miss"}, {"", "miss"}, {"&swappable=false", "hit"}, {"&swappable=true", "hit"}} {
		if r := get(h, base+c.q); r.Status != 200 || cacheHeader(r) != c.cache {
			t.Errorf("%q: %d cache %q, want a 200 %s: %s", c.q, r.Status, cacheHeader(r), c.cache, r.Body)
		}
	}
	var got []bool
	for _, s := range seen {
		got = append(got, s.Swappable)
	}
	if diff := cmp.Diff([]bool{true, false}, got); diff != "" {
		t.Errorf("swappable reaching the service (-want +got):\n%s", diff)
	}
	if r := get(h, "/v1/quotes/stream?from=btc&to=eth&amount=0.2&swappable=true"); r.Status != 200 || r.Stream == nil {
		t.Errorf("stream with swappable=true: %d", r.Status)
	}
	for q, words := range map[string]string{
		"&swappable=yes":                    "swappable must be true or false",
		"&swappable=1":                      "swappable must be true or false",
		"&swappable=true&venues=kraken":     "no venue matches",
		"&swappable=true&exclude=changenow": "no venue matches",
	} {
		if r := get(h, base+q); r.Status != 400 || !strings.Contains(string(r.Body), words) {
			t.Errorf("%q: %d %s, want 400 saying %q", q, r.Status, r.Body, words)
		}
	}
}

// TestOfferCanSwapEncoded: every offer the engine judged says can_swap,
// with the reason when it cannot be swapped; the reason is escaped like
// any string, and decodes back.
func TestOfferCanSwapEncoded(t *testing.T) {
	o := swapscout.Offer{Venue: "changenow", AmountIn: swapscout.MustAmount("1"), AmountOut: swapscout.MustAmount("2"), KYC: 'A',
		Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true}
	if got := string(api.AppendOffer(nil, &o)); !strings.Contains(got, `"deposit":"transfer","can_swap":true,"took_ms":0}`) {
		t.Errorf("swappable offer JSON %s", got)
	}
	o.CanSwap, o.NoSwap = false, `deposits go through the "router" <contract>`
	got := api.AppendOffer(nil, &o)
	var m map[string]any
	if err := json.Unmarshal(got, &m); err != nil {
		t.Fatal(err)
	}
	if m["can_swap"] != false || m["no_swap_reason"] != o.NoSwap || strings.Contains(string(got), "<") {
		t.Errorf("unswappable offer JSON %s", got)
	}
	// An adapter's own offer, which the engine has not judged, says nothing.
	bare := swapscout.Offer{Venue: "x", AmountIn: swapscout.MustAmount("1"), AmountOut: swapscout.MustAmount("2")}
	if got := string(api.AppendOffer(nil, &bare)); strings.Contains(got, "can_swap") {
		t.Errorf("unjudged offer JSON %s", got)
	}
	q := &swapscout.Quote{ID: "q1", Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"},
		To: swapscout.Asset{Ticker: "eth", Network: "eth"}, Amount: swapscout.MustAmount("1")}, Offers: []swapscout.Offer{o}}
	back, err := api.DecodeQuote(api.AppendQuote(nil, q))
	if err != nil || back.Offers[0].CanSwap || back.Offers[0].NoSwap != o.NoSwap {
		t.Errorf("decoded %+v (%v)", back.Offers, err)
	}
}

// TestPreCheckParam: precheck=true keeps the venues that offer an AML
// pre-check (and swappable offers only), is part of the cache key, and a
// bad value or a selection with no such venue is a 400 before any venue.
func TestPreCheckParam(t *testing.T) {
	var seen []aggregate.Selection
	h := httpapi.NewHandler(httpapi.Deps{
		Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour,
		Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
			seen = append(seen, sel)
			return twoOffers(ctx, req, sel)
		}},
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "changenow", KYC: 'C', CanSwap: true},
				{ID: "quickex", KYC: 'B', CanSwap: true, Ratings: swapscout.Ratings{PreCheck: true}}}
		},
	})
	const base = "/v1/quotes?from=btc&to=eth&amount=0.1"
	for _, c := range []struct{ q, cache string }{{"&precheck=true", "miss"}, {"", "miss"}, {"&precheck=false", "hit"}, {"&precheck=true", "hit"}} {
		if r := get(h, base+c.q); r.Status != 200 || cacheHeader(r) != c.cache {
			t.Errorf("%q: %d cache %q, want a 200 %s: %s", c.q, r.Status, cacheHeader(r), c.cache, r.Body)
		}
	}
	if len(seen) != 2 || !seen[0].PreCheck || !seen[0].Swappable || seen[1].PreCheck {
		t.Errorf("selections reaching the service = %+v, want precheck (and swappable) then neither", seen)
	}
	for q, words := range map[string]string{
		"&precheck=yes":                   "precheck must be true or false",
		"&precheck=true&venues=changenow": "no venue matches",
		"&precheck=true&exclude=quickex":  "no venue matches",
	} {
		if r := get(h, base+q); r.Status != 400 || !strings.Contains(string(r.Body), words) {
			t.Errorf("%q: %d %s, want 400 saying %q", q, r.Status, r.Body, words)
		}
	}
}
