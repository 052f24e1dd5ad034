package godex_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/godex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcXMR = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.01"),
}

func info(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Method: "POST", Path: "/api/v1/info", Fixture: fixture, Status: status}}
}

func revert(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Method: "POST", Path: "/api/v1/info-revert", Fixture: fixture, Status: status}}
}

// body checks the one request: a POST of exactly want, without networks.
func body(path, want string) func(t *testing.T, reqs []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d requests, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Method != "POST" || r.Path != path || string(r.Body) != want {
			t.Errorf("request %s %s %s, want POST %s %s", r.Method, r.Path, r.Body, path, want)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: info("info_ok.json", 200),
	Check: body("/api/v1/info", `{"from":"BTC","to":"XMR","amount":"0.01"}`)}

func withAmount(r swapscout.QuoteRequest, a string) swapscout.QuoteRequest {
	r.Amount = swapscout.MustAmount(a)
	return r
}

func TestQuote(t *testing.T) {
	reverse := withAmount(btcXMR, "1")
	reverse.Direction = swapscout.Receive
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	usdtETH := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdt", Network: "trx"}, To: swapscout.Asset{Ticker: "eth", Network: "arbitrum"},
		Amount: swapscout.MustAmount("500")}
	usdtTON := usdtETH
	usdtTON.From = swapscout.Asset{Ticker: "usdt", Network: "ton"}
	revertSmall := withAmount(reverse, "0.05")
	venuetest.RunCases(t, &godex.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: info("info_ok.json", 200)},
		{Name: "quote_reverse", Req: reverse, Routes: revert("info_revert.json", 200),
			Check: body("/api/v1/info-revert", `{"from":"BTC","to":"XMR","amount":"1"}`)},
		{Name: "quote_numbers", Req: btcXMR, Routes: info("info_numbers.json", 200)},
		{Name: "quote_networks", Req: usdtETH, Routes: info("info_usdt.json", 200),
			Check: body("/api/v1/info", `{"from":"USDT","to":"ETH","amount":"500"}`)},
		{Name: "quote_network_not_listed", Req: usdtTON, Routes: info("info_usdt.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_disabled", Req: btcXMR, Routes: info("info_disabled.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_below_min", Req: withAmount(btcXMR, "0.0001"), Routes: info("info_below_min.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_above_max", Req: withAmount(btcXMR, "20"), Routes: info("info_above_max.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "quote_revert_below_min", Req: revertSmall, Routes: revert("info_revert.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_pair_unsupported", Req: btcXMR, Routes: info("error_422.json", 422), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_error_min", Req: btcXMR, Routes: info("error_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_error_http200", Req: btcXMR, Routes: info("error_coin.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_server_error", Req: btcXMR, Routes: info("error_500.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "quote_missing_fields", Req: btcXMR, Routes: info("info_missing.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "unmapped_no_call", Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdc", Network: "matic"}, To: btcXMR.To, Amount: btcXMR.Amount},
			Routes: info("info_ok.json", 200), Want: swapscout.CodeUnsupportedPair, Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 0 {
					t.Errorf("made %d requests for an unmapped asset", len(reqs))
				}
			}},
	})
}

// TestLimits checks the limits of a below-minimum failure: /info's are on
// the amount sent (Min, Max, From units), /info-revert's on the amount
// received (MinOut, MaxOut, To units).
func TestLimits(t *testing.T) {
	revertSmall := withAmount(btcXMR, "0.05")
	revertSmall.Direction = swapscout.Receive
	for _, c := range []struct {
		req    swapscout.QuoteRequest
		routes []venuetest.Route
		want   string // min max min_out max_out
	}{
		{withAmount(btcXMR, "0.0001"), info("info_below_min.json", 200), "0.0005 10 0 0"},
		{revertSmall, revert("info_revert.json", 200), "0 0 0.09 1700"},
	} {
		rp := venuetest.NewReplay(t, "testdata", c.routes)
		_, err := venuetest.New(t, &godex.Descriptor, rp.URL).Quote(context.Background(), c.req)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall {
			t.Fatalf("%s: err %v, want too small", c.req.Direction, err)
		}
		if got := fmt.Sprint(ve.Min, ve.Max, ve.MinOut, ve.MaxOut); got != c.want {
			t.Errorf("%s: limits %s, want %s", c.req.Direction, got, c.want)
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &godex.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: {"success":false,"error":…} is read by its words
// whatever the status, a rejected key included.
func TestRefusalBodies(t *testing.T) {
	venuetest.RunRefusals(t, &godex.Descriptor, []venuetest.Refusal{
		{Name: "key_200", Req: btcXMR, Routes: info("error_key.json", 200), Code: swapscout.CodeNotConfigured, Words: "Invalid public-key"},
		{Name: "unauthorized_401", Req: btcXMR, Routes: info("error_unauthorized.json", 401), Code: swapscout.CodeNotConfigured, Words: "Unauthorized"},
		{Name: "coin_200", Req: btcXMR, Routes: info("error_coin.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Godex: "},
		{Name: "min_400", Req: btcXMR, Routes: info("error_min.json", 400), Code: swapscout.CodeAmountTooSmall, Words: "less than the minimum"},
	})
}

// TestLimitBound: a limit refusal carries the bound its words name.
func TestLimitBound(t *testing.T) {
	venuetest.RunRefusals(t, &godex.Descriptor, []venuetest.Refusal{
		{Name: "min_bound_400", Req: btcXMR, Routes: info("error_min_bound.json", 400), Code: swapscout.CodeAmountTooSmall, Words: "less than the minimum", Min: "0.0005"},
	})
}
