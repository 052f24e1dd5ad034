package wizardswap_test

import (
	"encoding/json"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/venuetest"
	"github.com/swapscout/swapscout/venue/wizardswap"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// btcETH is the pair and amount of the research's example (0.02 BTC gave
// 0.61202374 ETH).
var btcETH = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
	Amount: swapscout.MustAmount("0.02"),
}

func estimate(fixture string) []venuetest.Route {
	return []venuetest.Route{{Method: "POST", Path: "/estimate", Fixture: fixture}}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcETH, Routes: estimate("estimate_ok.json"),
	Check: func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q, want application/json", ct)
		}
		var body map[string]any
		if err := json.Unmarshal(r.Body, &body); err != nil {
			t.Fatalf("estimate body %q: %v", r.Body, err)
		}
		want := map[string]any{"currency_from": "btc", "currency_to": "eth", "amount_from": "0.02", "api_key": "test-key"}
		for k, v := range want {
			if body[k] != v {
				t.Errorf("estimate body %s = %v, want %v", k, body[k], v)
			}
		}
	}}

func TestQuote(t *testing.T) {
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	receive := btcETH
	receive.Direction = swapscout.Receive
	token := btcETH
	token.To = swapscout.Asset{Ticker: "usdt", Network: "eth"}
	venuetest.RunCases(t, &wizardswap.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_number", Req: btcETH, Routes: estimate("estimate_number.json")},
		{Name: "quote_false", Req: btcETH, Routes: estimate("estimate_false.json"), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_too_low", Req: btcETH, Routes: estimate("estimate_too_low.json"), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_zero", Req: btcETH, Routes: estimate("estimate_zero.json"), Want: swapscout.CodeBadResponse},
		{Name: "quote_no_liquidity", Req: btcETH, Routes: estimate("estimate_no_liquidity.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_unknown_prose", Req: btcETH, Routes: estimate("estimate_unknown_prose.json"), Want: swapscout.CodeBadResponse},
		{Name: "quote_bare_false", Req: btcETH, Routes: estimate("bare_false.json"), Want: swapscout.CodeBadResponse},
		{Name: "fixed_unsupported", Req: fixed, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "receive_unsupported", Req: receive, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "token_unsupported", Req: token, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
	})
}

func noCalls(t *testing.T, reqs []venuetest.Recorded) {
	if len(reqs) != 0 {
		t.Errorf("made %d calls, want none", len(reqs))
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &wizardswap.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: a sentence in estimated_amount is read by its words,
// also when it comes with a 4xx status.
func TestRefusalBodies(t *testing.T) {
	withStatus := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/estimate", Fixture: fixture, Status: status}}
	}
	venuetest.RunRefusals(t, &wizardswap.Descriptor, []venuetest.Refusal{
		{Name: "currency_prose", Req: btcETH, Routes: estimate("estimate_currency_prose.json"), Code: swapscout.CodeUnsupportedPair, Words: "Currency not supported."},
		{Name: "max_prose", Req: btcETH, Routes: estimate("estimate_max_prose.json"), Code: swapscout.CodeAmountTooLarge, Words: "exceeds the maximum"},
		{Name: "too_low_400", Req: btcETH, Routes: withStatus("estimate_too_low.json", 400), Code: swapscout.CodeAmountTooSmall, Words: "Value too low."},
	})
}

// TestLimitBound: a limit sentence carries the bound it names.
func TestLimitBound(t *testing.T) {
	venuetest.RunRefusals(t, &wizardswap.Descriptor, []venuetest.Refusal{
		{Name: "min_prose", Req: btcETH, Routes: estimate("estimate_min_prose.json"), Code: swapscout.CodeAmountTooSmall, Words: "Minimum amount is 0.001.", Min: "0.001"},
	})
}
