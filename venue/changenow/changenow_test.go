package changenow_test

import (
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/changenow"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcXMR = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.01"),
}

func routes(estimate string, status int, rng string) []venuetest.Route {
	return []venuetest.Route{
		{Path: "/v2/exchange/estimated-amount", Fixture: estimate, Status: status},
		{Path: "/v2/exchange/range", Fixture: rng},
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: routes("estimate_ok.json", 200, "range_ok.json"),
	Check: func(t *testing.T, reqs []venuetest.Recorded) {
		for _, r := range reqs {
			if r.Header.Get("x-changenow-api-key") != "test-key" {
				t.Errorf("%s sent no API key header", r.Path)
			}
			if r.Path == "/v2/exchange/estimated-amount" {
				for _, p := range []string{"fromCurrency=btc", "toCurrency=xmr", "fromNetwork=btc", "toNetwork=xmr", "flow=standard", "type=direct", "fromAmount=0.01"} {
					if !strings.Contains(r.RawQuery, p) {
						t.Errorf("estimate query %q lacks %s", r.RawQuery, p)
					}
				}
			}
		}
	}}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	reverse := fixed
	reverse.Direction = swapscout.Receive
	reverse.Amount = swapscout.MustAmount("1")
	receiveFloat := btcXMR
	receiveFloat.Direction = swapscout.Receive
	venuetest.RunCases(t, &changenow.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: routes("estimate_fixed.json", 200, "range_fixed.json"),
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				for _, r := range reqs {
					if r.Path == "/v2/exchange/estimated-amount" && !strings.Contains(r.RawQuery, "useRateId=true") {
						t.Errorf("fixed estimate %q does not ask for a rate id", r.RawQuery)
					}
				}
			}},
		{Name: "quote_reverse", Req: reverse, Routes: routes("estimate_reverse.json", 200, "range_fixed.json")},
		{Name: "quote_below_min", Req: btcXMR, Routes: routes("estimate_below_min.json", 400, "range_ok.json"), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_pair_inactive", Req: btcXMR, Routes: routes("pair_inactive.json", 400, "pair_inactive.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_unauthorized", Req: btcXMR, Routes: routes("unauthorized.json", 401, "unauthorized.json"), Want: swapscout.CodeNotConfigured},
		{Name: "receive_float_unsupported", Req: receiveFloat, Want: swapscout.CodeUnsupportedPair},
	})
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &changenow.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: ChangeNOW's {"error","message"} body decides, whatever
// the status; an error name we do not know is read by its words; a limit
// refusal without its payload takes the pair's range.
func TestRefusalBodies(t *testing.T) {
	venuetest.RunRefusals(t, &changenow.Descriptor, []venuetest.Refusal{
		{Name: "below_min_payload", Req: btcXMR, Routes: routes("estimate_below_min.json", 400, "range_ok.json"),
			Code: swapscout.CodeAmountTooSmall, Words: "Out of min amount", Min: "0.00012045"},
		{Name: "error_with_200", Req: btcXMR, Routes: routes("error_200.json", 200, "error_200.json"),
			Code: swapscout.CodeUnsupportedPair, Words: "Pair is inactive"},
		{Name: "unknown_name_key", Req: btcXMR, Routes: routes("unknown_name_key.json", 400, "unknown_name_key.json"),
			Code: swapscout.CodeNotConfigured, Words: "Invalid api key"},
		{Name: "above_max_range", Req: btcXMR, Routes: routes("estimate_above_max.json", 400, "range_fixed.json"),
			Code: swapscout.CodeAmountTooLarge, Words: "Out of max amount", Min: "0.00024", Max: "2.4"},
		{Name: "not_valid_params", Req: btcXMR, Routes: routes("not_valid_params.json", 400, "not_valid_params.json"),
			Code: swapscout.CodeUnsupportedPair, Words: "toCurrency is not valid"},
		{Name: "zero_estimate", Req: btcXMR, Routes: routes("estimate_zero.json", 200, "range_ok.json"),
			Code: swapscout.CodeBadResponse, Words: "positive"},
	})
}
