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
	runRefusals(t, []refusal{
		{name: "below_min_payload", req: btcXMR, routes: routes("estimate_below_min.json", 400, "range_ok.json"),
			code: swapscout.CodeAmountTooSmall, words: "Out of min amount", min: "0.00012045"},
		{name: "error_with_200", req: btcXMR, routes: routes("error_200.json", 200, "error_200.json"),
			code: swapscout.CodeUnsupportedPair, words: "Pair is inactive"},
		{name: "unknown_name_key", req: btcXMR, routes: routes("unknown_name_key.json", 400, "unknown_name_key.json"),
			code: swapscout.CodeNotConfigured, words: "Invalid api key"},
		{name: "above_max_range", req: btcXMR, routes: routes("estimate_above_max.json", 400, "range_fixed.json"),
			code: swapscout.CodeAmountTooLarge, words: "Out of max amount", min: "0.00024", max: "2.4"},
		{name: "not_valid_params", req: btcXMR, routes: routes("not_valid_params.json", 400, "not_valid_params.json"),
			code: swapscout.CodeUnsupportedPair, words: "toCurrency is not valid"},
		{name: "zero_estimate", req: btcXMR, routes: routes("estimate_zero.json", 200, "range_ok.json"),
			code: swapscout.CodeBadResponse, words: "positive"},
	})
}
