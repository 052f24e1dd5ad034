package httpapi_test

import (
	"context"
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

// cachingHandler serves three venues with the identical-request cache on,
// and records every selection that reached the service.
func cachingHandler(t *testing.T) (*httpapi.Handler, *[]aggregate.Selection) {
	var seen []aggregate.Selection
	h := httpapi.NewHandler(httpapi.Deps{
		Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour,
		Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
			seen = append(seen, sel)
			return twoOffers(ctx, req, sel)
		}},
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "changenow", KYC: 'C'}, {ID: "exolix", KYC: 'A'}, {ID: "kraken", KYC: 'D'}}
		},
	})
	return h, &seen
}

func cacheHeader(r httpapi.Response) string {
	for _, f := range r.Headers {
		if strings.EqualFold(f.Key, "X-Swapscout-Cache") {
			return f.Value
		}
	}
	return ""
}

// TestUnknownVenueNeverFromCache: a venue name that spells a known list
// (changenow+exolix) is refused as unknown even when the list's answer is
// cached; before, both had the key "+changenow+exolix" and the cache
// answered 200.
func TestUnknownVenueNeverFromCache(t *testing.T) {
	h, _ := cachingHandler(t)
	const base = "/v1/quotes?from=btc&to=eth&amount=0.1&venues="
	if r := get(h, base+"changenow,exolix"); r.Status != 200 {
		t.Fatalf("known list: %d %s", r.Status, r.Body)
	}
	for _, bad := range []string{"changenow%2Bexolix", "changenow%2B6:exolix", "changenow,nope", "exolix&exclude=changenow%2Bexolix"} {
		r := get(h, base+bad)
		if r.Status != 400 || !strings.Contains(string(r.Body), "unknown venue") {
			t.Errorf("venues=%s: %d %s (cache %q), want 400 unknown venue", bad, r.Status, r.Body, cacheHeader(r))
		}
	}
}

// TestEquivalentSpellingsShareAKey: the order of ids, repeats, case,
// exclusions outside the list, the amount's trailing zeros, the asset's
// case and kyc=D change nothing, so the second spelling is a cache hit.
func TestEquivalentSpellingsShareAKey(t *testing.T) {
	for _, tc := range [][2]string{
		{"venues=changenow,exolix", "venues=exolix,changenow,exolix"},
		{"venues=changenow,exolix", "venues=EXOLIX,+changenow"},
		{"venues=changenow,exolix", "venues=changenow,exolix,kraken&exclude=kraken"},
		{"venues=exolix&exclude=kraken", "venues=exolix"},
		{"exclude=kraken,exolix", "exclude=exolix,kraken,kraken"},
		{"kyc=d", ""},
		{"kyc=b", "kyc=B"},
		{"logpolicy=a", "logpolicy=A"},
	} {
		h, seen := cachingHandler(t)
		first := get(h, "/v1/quotes?from=btc&to=eth&amount=0.1&"+tc[0])
		second := get(h, "/v1/quotes?from=BTC&to=eth&amount=0.1000&"+tc[1])
		if first.Status != 200 || second.Status != 200 {
			t.Errorf("%q then %q: %d %d %s%s", tc[0], tc[1], first.Status, second.Status, first.Body, second.Body)
			continue
		}
		if got := cacheHeader(second); got != "hit" {
			t.Errorf("%q then %q: second is a cache %s, want hit (selections %+v)", tc[0], tc[1], got, *seen)
		}
	}
}

// TestDifferentSelectionsDoNotShareAKey: requests that select different
// venues never answer each other from the cache.
func TestDifferentSelectionsDoNotShareAKey(t *testing.T) {
	h, seen := cachingHandler(t)
	for _, q := range []string{"", "venues=changenow", "venues=exolix", "venues=changenow,exolix", "exclude=changenow", "exclude=exolix", "kyc=a", "kyc=c", "logpolicy=a", "logpolicy=b"} {
		if r := get(h, "/v1/quotes?from=btc&to=eth&amount=0.1&"+q); r.Status != 200 || cacheHeader(r) != "miss" {
			t.Errorf("%q: %d cache %q, want a 200 miss", q, r.Status, cacheHeader(r))
		}
	}
	if len(*seen) != 10 {
		t.Errorf("service asked %d times, want 10", len(*seen))
	}
}

// TestSelectionLeavingNothing: a selection that leaves no venue to ask is a
// 400, never an empty list read as "every venue".
func TestSelectionLeavingNothing(t *testing.T) {
	h, seen := cachingHandler(t)
	for _, q := range []string{"venues=exolix&exclude=exolix", "venues=kraken&kyc=a", "exclude=changenow,exolix,kraken"} {
		r := get(h, "/v1/quotes?from=btc&to=eth&amount=0.1&"+q)
		if r.Status != 400 {
			t.Errorf("%q: %d %s, want 400", q, r.Status, r.Body)
		}
	}
	if r := get(h, "/v1/quotes/stream?from=btc&to=eth&amount=0.1&venues=nope"); r.Status != 400 {
		t.Errorf("stream with an unknown venue: %d, want a JSON 400 before the stream starts", r.Status)
	}
	if diff := cmp.Diff(0, len(*seen)); diff != "" {
		t.Errorf("service asked for refused selections: %+v", *seen)
	}
}

// custodyHandler serves a custodial and a non-custodial venue with the
// identical-request cache on, recording every selection that reached the
// service.
func custodyHandler(t *testing.T) (*httpapi.Handler, *[]aggregate.Selection) {
	var seen []aggregate.Selection
	h := httpapi.NewHandler(httpapi.Deps{
		Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour,
		Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
			seen = append(seen, sel)
			return twoOffers(ctx, req, sel)
		}},
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "exolix", KYC: 'A'}, {ID: "chainflip", KYC: 'A', Custody: swapscout.NonCustodial}}
		},
	})
	return h, &seen
}

// TestCustodyParam: custody= reaches the selection, is part of the cache
// key (custody=non_custodial is never answered with every venue's quote),
// and a bad value or a selection it empties is a 400 before any venue.
func TestCustodyParam(t *testing.T) {
	h, seen := custodyHandler(t)
	const base = "/v1/quotes?from=btc&to=eth&amount=0.1"
	for _, q := range []string{"", "&custody=non_custodial", "&custody=custodial"} {
		if r := get(h, base+q); r.Status != 200 || cacheHeader(r) != "miss" {
			t.Errorf("%q: %d cache %q, want a 200 miss: %s", q, r.Status, cacheHeader(r), r.Body)
		}
	}
	if r := get(h, base+"&custody=non_custodial"); cacheHeader(r) != "hit" {
		t.Errorf("the same custody again: cache %q, want hit", cacheHeader(r))
	}
	want := []swapscout.Custody{"", swapscout.NonCustodial, swapscout.Custodial}
	var got []swapscout.Custody
	for _, s := range *seen {
		got = append(got, s.Custody)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("custody reaching the service (-want +got):\n%s", diff)
	}
	for q, words := range map[string]string{
		"&custody=noncustodial":                      "custody must be custodial or non_custodial",
		"&custody=":                                  "",
		"&custody=non_custodial&venues=exolix":       "no venue matches",
		"&custody=custodial&exclude=exolix":          "no venue matches",
		"&custody=non_custodial&custody=custodial&x": "unknown parameter",
	} {
		r := get(h, base+q)
		if words == "" {
			if r.Status != 200 {
				t.Errorf("%q: %d %s, want 200 (empty is any)", q, r.Status, r.Body)
			}
			continue
		}
		if r.Status != 400 || !strings.Contains(string(r.Body), words) {
			t.Errorf("%q: %d %s, want 400 saying %q", q, r.Status, r.Body, words)
		}
	}
	if len(*seen) != 3 {
		t.Errorf("service asked %d times, want 3 (custody= is the first request again)", len(*seen))
	}
}

// TestOfferCustodyEncoded: offers carry custody and deposit in the JSON.
func TestOfferCustodyEncoded(t *testing.T) {
	o := swapscout.Offer{Venue: "chainflip", AmountIn: swapscout.MustAmount("1"), AmountOut: swapscout.MustAmount("2"), KYC: 'A',
		Custody: swapscout.NonCustodial, Deposit: swapscout.DepositTransfer}
	got := string(api.AppendOffer(nil, &o))
	if !strings.Contains(got, `"kyc":"A","custody":"non_custodial","deposit":"transfer","took_ms":0}`) {
		t.Errorf("offer JSON %s lacks custody and deposit", got)
	}
}
