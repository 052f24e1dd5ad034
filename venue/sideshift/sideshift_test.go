package sideshift_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/sideshift"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	// usdcPolygon and near are in SideShift's coin list (testdata/coins.json).
	usdcPolygon = swapscout.Asset{Ticker: "usdc", Network: "matic"}
	near        = swapscout.Asset{Ticker: "near", Network: "near"}
)

// btcETH is the pair Cake's recordings were made with.
var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}

const pairBTCETH = "/api/v2/pair/btc-bitcoin/eth-ethereum"

func pair(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: pairBTCETH, Fixture: fixture, Status: status}}
}

// fixedRoutes answers the fixed quote and the pair call beside it.
func fixedRoutes(quote string, status int) []venuetest.Route {
	return []venuetest.Route{{Method: "POST", Path: "/api/v2/quotes", Fixture: quote, Status: status}, {Path: pairBTCETH, Fixture: "pair.json"}}
}

// pairQuery checks the one pair call: its path and amount ("" for none).
func pairQuery(path, amount string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Method != "GET" || r.Path != path {
			t.Errorf("called %s %s, want GET %s", r.Method, r.Path, path)
		}
		q, _ := url.ParseQuery(r.RawQuery)
		if got := q.Get("amount"); got != amount || (amount == "" && q.Has("amount")) {
			t.Errorf("amount = %q, want %q", got, amount)
		}
	}
}

// receiveCalls checks a floating quote by the amount to receive: the rate
// without an amount first, then the rate for the deposit it gives.
func receiveCalls(t *testing.T, reqs []venuetest.Recorded) {
	t.Helper()
	if len(reqs) != 2 {
		t.Fatalf("made %d calls, want 2", len(reqs))
	}
	if reqs[0].RawQuery != "" || reqs[1].RawQuery != "amount=0.03028552" {
		t.Errorf("queries %q then %q, want none then the deposit 1/33.019082874271 rounded up", reqs[0].RawQuery, reqs[1].RawQuery)
	}
}

var okCase = venuetest.Case{Name: "quote_float", Req: btcETH, Routes: pair("pair_with_amount.json", 200), Check: pairQuery(pairBTCETH, "0.1")}

func TestQuote(t *testing.T) {
	receive := btcETH
	receive.Direction, receive.Amount = swapscout.Receive, swapscout.MustAmount("1")
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	fixedReceive := receive
	fixedReceive.RateType = swapscout.Fixed
	below := btcETH
	below.Amount = swapscout.MustAmount("0.00001")
	above := btcETH
	above.Amount = swapscout.MustAmount("2")
	token := swapscout.QuoteRequest{From: xmr, To: usdtTRX, Amount: swapscout.MustAmount("2")}

	venuetest.RunCases(t, &sideshift.Descriptor, []venuetest.Case{
		okCase,
		// By the amount to receive: the rate without an amount (Cake's pair.json), worked back.
		{Name: "quote_float_receive", Req: receive, Routes: []venuetest.Route{
			{Path: pairBTCETH, Query: "amount=", Fixture: "pair_with_amount.json"}, {Path: pairBTCETH, Fixture: "pair.json"}},
			Check: receiveCalls},
		{Name: "quote_token_network", Req: token, Routes: []venuetest.Route{{Path: "/api/v2/pair/xmr-monero/usdt-tron", Fixture: "pair_xmr_usdt_trx.json"}},
			Check: pairQuery("/api/v2/pair/xmr-monero/usdt-tron", "2")},
		// Assets SideShift lists (coins.json) that came later to the table: the same answers.
		{Name: "quote_usdc_polygon", Req: swapscout.QuoteRequest{From: usdcPolygon, To: btc, Amount: swapscout.MustAmount("100")},
			Routes: []venuetest.Route{{Path: "/api/v2/pair/usdc-polygon/btc-bitcoin", Fixture: "pair_usdc_polygon_btc.json"}},
			Check:  pairQuery("/api/v2/pair/usdc-polygon/btc-bitcoin", "100")},
		{Name: "quote_near", Req: swapscout.QuoteRequest{From: btc, To: near, Amount: swapscout.MustAmount("0.01")},
			Routes: []venuetest.Route{{Path: "/api/v2/pair/btc-bitcoin/near-near", Fixture: "pair_btc_near.json"}},
			Check:  pairQuery("/api/v2/pair/btc-bitcoin/near-near", "0.01")},
		{Name: "quote_fixed", Req: fixed, Routes: fixedRoutes("quote_fixed.json", 201), Check: quoteBody(map[string]any{"depositAmount": "0.1"})},
		{Name: "quote_fixed_receive", Req: fixedReceive, Routes: fixedRoutes("quote_fixed_receive.json", 201),
			Check: quoteBody(map[string]any{"settleAmount": "1"})},
		// The pair endpoint answers limits; the adapter compares.
		{Name: "below_min", Req: below, Routes: pair("pair_with_amount.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max", Req: above, Routes: pair("pair_with_amount.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "unknown_coin_400", Req: btcETH, Routes: pair("pair_unknown.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_coin_200", Req: btcETH, Routes: pair("pair_unknown.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_network", Req: btcETH, Routes: pair("invalid_network.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "method_not_found", Req: btcETH, Routes: pair("method_not_found.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_unavailable", Req: btcETH, Routes: pair("rate_unavailable.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "server_error", Req: btcETH, Routes: pair("internal_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "server_error_200", Req: btcETH, Routes: pair("internal_error.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "fixed_too_low", Req: fixed, Routes: fixedRoutes("amount_too_low.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "fixed_too_high", Req: fixed, Routes: fixedRoutes("amount_too_high.json", 400), Want: swapscout.CodeAmountTooLarge},
		{Name: "fixed_bad_affiliate", Req: fixed, Routes: fixedRoutes("invalid_affiliate.json", 400), Want: swapscout.CodeNotConfigured},
		{Name: "fixed_country_blocked", Req: fixed, Routes: fixedRoutes("country_blocked.json", 403), Want: swapscout.CodeNotConfigured},
	})
}

// quoteBody checks the fixed quote's JSON body and its secret header.
func quoteBody(want map[string]any) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		var found bool
		for _, r := range reqs {
			if r.Method != "POST" {
				continue
			}
			found = true
			var m map[string]any
			if err := json.Unmarshal(r.Body, &m); err != nil {
				t.Fatal(err)
			}
			base := map[string]any{"depositCoin": "BTC", "depositNetwork": "bitcoin", "settleCoin": "ETH", "settleNetwork": "ethereum"}
			for k, v := range want {
				base[k] = v
			}
			for k, v := range base {
				if m[k] != v {
					t.Errorf("%s = %v, want %v (body %s)", k, m[k], v, r.Body)
				}
			}
			if len(m) != len(base) {
				t.Errorf("body %s has other fields than %v", r.Body, base)
			}
			if r.Header.Get("x-sideshift-secret") != "test-key" {
				t.Error("no x-sideshift-secret")
			}
		}
		if !found {
			t.Fatal("no POST /api/v2/quotes")
		}
	}
}

// TestLimits: refusals carry the deposit limits, from the pair answer (a
// fixed quote's "Amount too low" does not say them).
func TestLimits(t *testing.T) {
	below := btcETH
	below.Amount = swapscout.MustAmount("0.00001")
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	for _, c := range []struct {
		name   string
		req    swapscout.QuoteRequest
		routes []venuetest.Route
		want   string
	}{
		{"float_below", below, pair("pair_with_amount.json", 200), "amount_too_small 0.00004641 0.92821782"},
		{"fixed_below", fixed, fixedRoutes("amount_too_low.json", 400), "amount_too_small 0.00004642 0.92841318"},
		{"fixed_above", fixed, fixedRoutes("amount_too_high.json", 400), "amount_too_large 0.00004642 0.92841318"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", c.routes)
			_, err := venuetest.New(t, &sideshift.Descriptor, rp.URL).Quote(context.Background(), c.req)
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v is not a *VenueError", err)
			}
			if got := fmt.Sprint(ve.Code, " ", ve.Min, " ", ve.Max); got != c.want {
				t.Errorf("got %s, want %s (%v)", got, c.want, err)
			}
		})
	}
}

// TestAffiliateAndSecret: the configured affiliate id goes in the pair
// query and the quote body; without a secret nothing is sent, and a fixed
// quote is not_configured without a call.
func TestAffiliateAndSecret(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", fixedRoutes("quote_fixed.json", 201))
	c := sideshift.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "secret", Affiliate: "aff123", Now: time.Now})
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	if _, err := c.Quote(context.Background(), fixed); err != nil {
		t.Fatal(err)
	}
	for _, r := range rp.Requests() {
		if r.Method == "GET" && r.Header.Get("x-sideshift-secret") != "" {
			t.Errorf("the public pair call carries the secret")
		}
		q, _ := url.ParseQuery(r.RawQuery)
		var m map[string]any
		_ = json.Unmarshal(r.Body, &m)
		if q.Get("affiliateId") != "aff123" && m["affiliateId"] != "aff123" {
			t.Errorf("%s %s?%s %s: no affiliateId", r.Method, r.Path, r.RawQuery, r.Body)
		}
	}

	rp = venuetest.NewReplay(t, "testdata", pair("pair_with_amount.json", 200))
	c = sideshift.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), Now: time.Now})
	if _, err := c.Quote(context.Background(), btcETH); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Quote(context.Background(), fixed); venuetest.Code(err) != swapscout.CodeNotConfigured {
		t.Errorf("fixed quote without a secret: %v, want not_configured", err)
	}
	reqs := rp.Requests()
	if len(reqs) != 1 {
		t.Fatalf("made %d calls, want the float quote's one", len(reqs))
	}
	if _, ok := reqs[0].Header["X-Sideshift-Secret"]; ok || reqs[0].RawQuery != "amount=0.1" {
		t.Errorf("without configuration sent secret %q and query %q", reqs[0].Header.Get("x-sideshift-secret"), reqs[0].RawQuery)
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &sideshift.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: {"error":{"message"}} is read by its words whatever
// the status.
func TestRefusalBodies(t *testing.T) {
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	venuetest.RunRefusals(t, &sideshift.Descriptor, []venuetest.Refusal{
		{Name: "invalid_coin_400", Req: btcETH, Routes: pair("pair_unknown.json", 400), Code: swapscout.CodeUnsupportedPair, Words: "Invalid coin"},
		{Name: "invalid_coin_200", Req: btcETH, Routes: pair("pair_unknown.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Invalid coin"},
		{Name: "affiliate_400", Req: btcETH, Routes: pair("invalid_affiliate.json", 400), Code: swapscout.CodeNotConfigured, Words: "affiliateId"},
		{Name: "internal_200", Req: btcETH, Routes: pair("internal_error.json", 200), Code: swapscout.CodeUnavailable, Words: "Internal server error"},
		{Name: "too_low_fixed", Req: fixed, Routes: fixedRoutes("amount_too_low.json", 400), Code: swapscout.CodeAmountTooSmall,
			Words: "Amount too low", Min: "0.00004642", Max: "0.92841318"},
		{Name: "too_low_fixed_200", Req: fixed, Routes: fixedRoutes("amount_too_low.json", 200), Code: swapscout.CodeAmountTooSmall,
			Words: "Amount too low", Min: "0.00004642", Max: "0.92841318"},
	})
}

// TestDuplicateKeys: a repeated JSON key takes its last value (venue/text.go).
func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &sideshift.Descriptor, okCase)
}
