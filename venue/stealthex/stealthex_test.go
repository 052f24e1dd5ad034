package stealthex_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/stealthex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	usdtETH = swapscout.Asset{Ticker: "usdt", Network: "eth"}
)

// btcXMR is the request of Cake's recordings.
var btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01")}

func routes(estimate string, estStatus int, rng string, rangeStatus int) []venuetest.Route {
	return []venuetest.Route{
		{Method: "POST", Path: "/v4/rates/estimated-amount", Fixture: estimate, Status: estStatus},
		{Method: "POST", Path: "/v4/rates/range", Fixture: rng, Status: rangeStatus},
	}
}

// bodies checks both calls: the Bearer key, and the exact JSON each sent (the
// amount a bare number, the range without one).
func bodies(rangeBody, estimateBody string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 2 {
			t.Fatalf("made %d calls, want 2", len(reqs))
		}
		for _, r := range reqs {
			if got := r.Header.Get("Authorization"); got != "Bearer test-key" {
				t.Errorf("%s: Authorization = %q", r.Path, got)
			}
			want := map[string]string{"/v4/rates/range": rangeBody, "/v4/rates/estimated-amount": estimateBody}[r.Path]
			if r.Method != "POST" || string(r.Body) != want {
				t.Errorf("%s %s sent\n %s\nwant\n %s", r.Method, r.Path, r.Body, want)
			}
		}
	}
}

const route = `{"route":{"from":{"symbol":"btc","network":"mainnet"},"to":{"symbol":"xmr","network":"mainnet"}},`

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR,
	Routes: routes("rates_estimated_amount.json", 200, "rates_range.json", 200),
	// The bodies of Cake's recorded requests, in the same key order.
	Check: bodies(route+`"estimation":"direct","rate":"floating"}`, route+`"estimation":"direct","rate":"floating","amount":0.01}`)}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	receive := btcXMR
	receive.RateType, receive.Direction, receive.Amount = swapscout.Fixed, swapscout.Receive, swapscout.MustAmount("1")
	receiveFloat := receive
	receiveFloat.RateType = swapscout.Float
	token := swapscout.QuoteRequest{From: eth, To: usdtETH, Amount: swapscout.MustAmount("0.01")}
	below := btcXMR
	below.Amount = swapscout.MustAmount("0.00005")
	above := fixed
	above.Amount = swapscout.MustAmount("5")
	receiveBelow := receive
	receiveBelow.Amount = swapscout.MustAmount("0.01")
	same := btcXMR
	same.To = btc
	noCall := func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 0 {
			t.Errorf("made %d calls, want 0", len(reqs))
		}
	}
	kind := func(fixture string, status int) []venuetest.Route {
		return routes(fixture, status, fixture, status)
	}

	venuetest.RunCases(t, &stealthex.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: routes("rates_estimated_amount_fixed.json", 200, "rates_range_fixed.json", 200),
			Check: bodies(route+`"estimation":"direct","rate":"fixed"}`, route+`"estimation":"direct","rate":"fixed","amount":0.01}`)},
		{Name: "quote_receive_fixed", Req: receive, Routes: routes("rates_estimated_amount_reversed.json", 200, "rates_range_reversed.json", 200),
			Check: bodies(route+`"estimation":"reversed","rate":"fixed"}`, route+`"estimation":"reversed","rate":"fixed","amount":1}`)},
		// The route of Cake's recorded create: a token on its chain's network, the native on mainnet.
		{Name: "quote_token_network", Req: token, Routes: routes("rates_estimated_amount_eth_usdt.json", 200, "rates_range_eth_usdt.json", 200),
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				for _, r := range reqs {
					if !strings.HasPrefix(string(r.Body), `{"route":{"from":{"symbol":"eth","network":"mainnet"},"to":{"symbol":"usdt","network":"eth"}}`) {
						t.Errorf("%s sent %s", r.Path, r.Body)
					}
				}
			}},
		// A range that fails alone leaves the offer without limits.
		{Name: "quote_range_failed", Req: btcXMR, Routes: routes("rates_estimated_amount.json", 200, "rates_range_no_pair.json", 500)},
		{Name: "receive_float_unsupported", Req: receiveFloat, Routes: okCase.Routes, Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "fixed_without_rate_id", Req: fixed, Routes: routes("rates_estimated_amount.json", 200, "rates_range_fixed.json", 200), Want: swapscout.CodeUnsupportedPair},

		// Limits: the range says which, whatever the estimate answered.
		{Name: "below_min", Req: below, Routes: routes("invalid_amount_min.json", 400, "rates_range.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max", Req: above, Routes: routes("invalid_amount_max.json", 400, "rates_range_fixed.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "receive_below_min", Req: receiveBelow, Routes: routes("invalid_amount_min.json", 400, "rates_range_reversed.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "invalid_amount_without_range", Req: below, Routes: kind("invalid_amount_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "invalid_amount_max_without_range", Req: above, Routes: kind("invalid_amount_max.json", 400), Want: swapscout.CodeAmountTooLarge},

		// The error kinds (Edge): routes not served, and NotAllowed.
		{Name: "no_pair_404", Req: btcXMR, Routes: kind("rates_range_no_pair.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "no_exchange_route", Req: btcXMR, Routes: kind("no_exchange_route.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "route_is_disabled", Req: btcXMR, Routes: kind("route_is_disabled.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "market_unavailable", Req: btcXMR, Routes: kind("market_unavailable.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "not_allowed", Req: btcXMR, Routes: kind("not_allowed.json", 403), Want: swapscout.CodeNotConfigured},
		{Name: "no_user_api_key", Req: btcXMR, Routes: kind("no_user_api_key.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "same_asset_no_call", Req: same, Routes: okCase.Routes, Want: swapscout.CodeUnsupportedPair, Check: noCall},
	})
}

// TestLimits checks the limits a refusal carries: the range's on the deposit
// side, none when the range is the payout's (reversed), which the message names.
func TestLimits(t *testing.T) {
	below := btcXMR
	below.Amount = swapscout.MustAmount("0.00005")
	above := btcXMR
	above.RateType, above.Amount = swapscout.Fixed, swapscout.MustAmount("5")
	receiveBelow := btcXMR
	receiveBelow.RateType, receiveBelow.Direction = swapscout.Fixed, swapscout.Receive
	for _, c := range []struct {
		name   string
		req    swapscout.QuoteRequest
		routes []venuetest.Route
		want   string // min max min_out max_out
		msg    string
	}{
		{"below", below, routes("invalid_amount_min.json", 400, "rates_range.json", 200), "0.0001203 0 0 0", "0.0001203 btc@btc"},
		{"above", above, routes("invalid_amount_max.json", 400, "rates_range_fixed.json", 200), "0.00024 2.9 0 0", "2.9 btc@btc"},
		{"receive_below", receiveBelow, routes("invalid_amount_min.json", 400, "rates_range_reversed.json", 200), "0 0 0.045 520", "0.045 xmr@xmr"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", c.routes)
			_, err := venuetest.New(t, &stealthex.Descriptor, rp.URL).Quote(context.Background(), c.req)
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v is not a *VenueError", err)
			}
			if got := fmt.Sprint(ve.Min, ve.Max, ve.MinOut, ve.MaxOut); got != c.want || !strings.Contains(ve.Msg, c.msg) {
				t.Errorf("limits %s %q, want %s naming %s", got, ve.Msg, c.want, c.msg)
			}
		})
	}
	if testing.Short() {
		return
	}
	// A decimal the adapter sends is never rounded through a float.
	rp := venuetest.NewReplay(t, "testdata", okCase.Routes)
	req := btcXMR
	req.Amount = swapscout.MustAmount("0.123456789012345678")
	if _, err := venuetest.New(t, &stealthex.Descriptor, rp.URL).Quote(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	for _, r := range rp.Requests() {
		var body struct{ Amount json.Number }
		d := json.NewDecoder(strings.NewReader(string(r.Body)))
		d.UseNumber()
		if err := d.Decode(&body); err != nil {
			t.Fatal(err)
		}
		if r.Path == "/v4/rates/estimated-amount" && body.Amount != "0.123456789012345678" {
			t.Errorf("amount sent as %s", body.Amount)
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &stealthex.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: an {"err":…} body is an error whatever the status, a
// kind we do not know is read by its details, and an amount outside the
// range carries the range.
func TestRefusalBodies(t *testing.T) {
	big := btcXMR
	big.Amount = swapscout.MustAmount("5")
	venuetest.RunRefusals(t, &stealthex.Descriptor, []venuetest.Refusal{
		{Name: "no_pair_200", Req: btcXMR, Routes: routes("rates_range_no_pair.json", 200, "rates_range_no_pair.json", 200),
			Code: swapscout.CodeUnsupportedPair, Words: "One or both currencies do not exist"},
		{Name: "no_key_200", Req: btcXMR, Routes: routes("no_user_api_key.json", 200, "no_user_api_key.json", 200),
			Code: swapscout.CodeNotConfigured, Words: "API key is required"},
		{Name: "unknown_kind_400", Req: btcXMR, Routes: routes("unknown_kind_key.json", 400, "unknown_kind_key.json", 400),
			Code: swapscout.CodeNotConfigured, Words: "Invalid API key"},
		{Name: "above_max_range", Req: big, Routes: routes("invalid_amount_max.json", 400, "rates_range_fixed.json", 200),
			Code: swapscout.CodeAmountTooLarge, Words: "2.9", Min: "0.00024", Max: "2.9"},
	})
}
