package simpleswap_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcXMR = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.01"),
}

func routes(estimate string, status int, rng string, rangeStatus int) []venuetest.Route {
	return []venuetest.Route{
		{Path: "/v3/estimates", Fixture: estimate, Status: status},
		{Path: "/v3/ranges", Fixture: rng, Status: rangeStatus},
	}
}

// wantQuery checks every request carries the key and the expected parameters.
func wantQuery(want map[string]string) func(t *testing.T, reqs []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 2 {
			t.Errorf("made %d requests, want 2 (estimate and range)", len(reqs))
		}
		for _, r := range reqs {
			if got := r.Header.Get("x-api-key"); got != "test-key" {
				t.Errorf("%s x-api-key = %q, want test-key", r.Path, got)
			}
			q, err := url.ParseQuery(r.RawQuery)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range want {
				if k == "amount" && r.Path != "/v3/estimates" {
					if q.Has(k) {
						t.Errorf("%s sent amount", r.Path)
					}
					continue
				}
				if got := q.Get(k); got != v {
					t.Errorf("%s %s = %q, want %q", r.Path, k, got, v)
				}
			}
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: routes("estimate_ok.json", 200, "range_ok.json", 200),
	Check: wantQuery(map[string]string{"tickerFrom": "btc", "networkFrom": "btc", "tickerTo": "xmr", "networkTo": "xmr",
		"fixed": "false", "reverse": "false", "amount": "0.01"})}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	reverse := fixed
	reverse.Direction = swapscout.Receive
	reverse.Amount = swapscout.MustAmount("1")
	reverseFloat := reverse
	reverseFloat.RateType = swapscout.Float
	small := btcXMR
	small.Amount = swapscout.MustAmount("0.0001")
	large := fixed
	large.Amount = swapscout.MustAmount("5")
	usdtBNB := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdt", Network: "trx"}, To: swapscout.Asset{Ticker: "bnb", Network: "bsc"},
		Amount: swapscout.MustAmount("250")}
	venuetest.RunCases(t, &simpleswap.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_ok_without_range", Req: btcXMR, Routes: routes("estimate_ok.json", 200, "error_500.json", 500)},
		{Name: "quote_fixed", Req: fixed, Routes: routes("estimate_fixed.json", 200, "range_fixed.json", 200),
			Check: wantQuery(map[string]string{"fixed": "true", "reverse": "false"})},
		{Name: "quote_reverse", Req: reverse, Routes: routes("estimate_reverse.json", 200, "range_reverse.json", 200),
			Check: wantQuery(map[string]string{"fixed": "true", "reverse": "true", "amount": "1"})},
		{Name: "quote_reverse_float", Req: reverseFloat, Routes: routes("estimate_reverse_float.json", 200, "range_reverse.json", 200),
			Check: wantQuery(map[string]string{"fixed": "false", "reverse": "true"})},
		{Name: "quote_token_codes", Req: usdtBNB, Routes: routes("estimate_usdt_bnb.json", 200, "range_usdt.json", 200),
			Check: wantQuery(map[string]string{"tickerFrom": "usdt", "networkFrom": "trx", "tickerTo": "bnb-bsc", "networkTo": "bsc", "amount": "250"})},
		{Name: "quote_below_min", Req: small, Routes: routes("error_422.json", 422, "range_ok.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_above_max", Req: large, Routes: routes("error_422.json", 422, "range_fixed.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "quote_out_of_range_no_range", Req: small, Routes: routes("error_422.json", 422, "error_422.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_pair_not_found", Req: btcXMR, Routes: routes("error_404.json", 404, "error_404.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_forbidden", Req: btcXMR, Routes: routes("error_403.json", 403, "error_403.json", 403), Want: swapscout.CodeNotConfigured},
		{Name: "quote_unauthorized", Req: btcXMR, Routes: routes("error_401.json", 401, "error_401.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "quote_server_error", Req: fixed, Routes: routes("error_500.json", 500, "range_fixed.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "quote_no_estimate", Req: btcXMR, Routes: routes("estimate_empty.json", 200, "range_ok.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "unmapped_network", Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "dot", Network: "dot"}, To: btcXMR.To, Amount: btcXMR.Amount},
			Want: swapscout.CodeUnsupportedPair, Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 0 {
					t.Errorf("made %d requests for an unmapped asset, want 0", len(reqs))
				}
			}},
	})
}

// TestLimits checks the limits a 422 reports: on the amount sent (From
// units) for Send, on the amount received (To units) for Receive.
func TestLimits(t *testing.T) {
	reverse := btcXMR
	reverse.Direction = swapscout.Receive
	reverse.Amount = swapscout.MustAmount("0.05")
	for _, c := range []struct {
		name string
		req  swapscout.QuoteRequest
		rng  string
		want string // min max min_out max_out
	}{
		{"send", withAmount(btcXMR, "0.0001"), "range_fixed.json", "0.00062 1.85 0 0"},
		{"receive", reverse, "range_reverse.json", "0 0 0.11 320"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", routes("error_422.json", 422, c.rng, 200))
			_, err := venuetest.New(t, &simpleswap.Descriptor, rp.URL).Quote(context.Background(), c.req)
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall {
				t.Fatalf("err = %v, want amount_too_small", err)
			}
			if got := fmt.Sprint(ve.Min, ve.Max, ve.MinOut, ve.MaxOut); got != c.want {
				t.Errorf("limits %s, want %s (%v)", got, c.want, err)
			}
		})
	}
}

func withAmount(r swapscout.QuoteRequest, a string) swapscout.QuoteRequest {
	r.Amount = swapscout.MustAmount(a)
	return r
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &simpleswap.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: an error body with HTTP 200 is an error (its "code"
// stands for the status); a 400 or a 422 without a range is read by its words.
func TestRefusalBodies(t *testing.T) {
	big := btcXMR
	big.Amount = swapscout.MustAmount("5")
	venuetest.RunRefusals(t, &simpleswap.Descriptor, []venuetest.Refusal{
		{Name: "not_found_200", Req: btcXMR, Routes: routes("error_404.json", 200, "error_404.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Pair is not found"},
		{Name: "key_200", Req: btcXMR, Routes: routes("error_401.json", 200, "error_401.json", 200), Code: swapscout.CodeNotConfigured, Words: "API key is missing or invalid"},
		{Name: "currency_400", Req: btcXMR, Routes: routes("error_400_currency.json", 400, "error_400_currency.json", 400), Code: swapscout.CodeUnsupportedPair, Words: "Invalid currency"},
		{Name: "max_422_no_range", Req: big, Routes: routes("error_422_max.json", 422, "error_500.json", 500), Code: swapscout.CodeAmountTooLarge, Words: "greater than the maximum"},
		{Name: "max_422_range", Req: big, Routes: routes("error_422.json", 422, "range_fixed.json", 200), Code: swapscout.CodeAmountTooLarge, Words: "1.85", Min: "0.00062", Max: "1.85"},
	})
}
