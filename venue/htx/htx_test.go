package htx_test

import (
	"context"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/htx"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const (
	symbolsPath = "/v2/settings/common/symbols"
	depthPath   = "/market/depth"
)

var symbolList = cextest.Route{Path: symbolsPath, Fixture: "symbols_v2.json"}

// routes answers the symbol list and each symbol's book from its fixture.
func routes(symbols ...string) []cextest.Route {
	rs := []venuetest.Route{symbolList}
	for _, sym := range symbols {
		rs = append(rs, cextest.Route{Path: depthPath, Query: "symbol=" + sym + "&", Fixture: "depth_" + sym + ".json"})
	}
	return rs
}

// failing answers the symbol list, and every book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []venuetest.Route{symbolList, {Path: depthPath, Status: status, Fixture: fixture}}
}

// asks checks the book calls: one unaggregated depth per symbol, in any order.
func asks(symbols ...string) cextest.Check {
	return cextest.Asks(depthPath+"?symbol=%s&type=step0", symbols...)
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.8"), Routes: []venuetest.Route{
	{Path: symbolsPath, Fixture: "symbols_v2.json"}, {Path: depthPath, Fixture: "depth_btcusdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "xmr", "0.05")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	cextest.RunCases(t, &htx.Descriptor, []cextest.Case{
		// 0.8 BTC down four of the docs' bids, numbers not strings [DOC book].
		{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.8"), Routes: routes("btcusdt"), Check: asks("btcusdt")},
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "1"), Routes: routes("btcusdt"), Check: asks("btcusdt")},
		{Name: "buy_xmr", Req: send("btc", "xmr", "0.05"), Routes: routes("xmrbtc"), Check: asks("xmrbtc")},
		// No TRX/XMR market: through USDT.
		{Name: "trx_xmr_via_usdt", Req: send("trx", "xmr", "20000"), Routes: routes("trxusdt", "xmrusdt"), Check: asks("trxusdt", "xmrusdt")},
		{Name: "receive_xmr_via_usdt", Req: receive("trx", "xmr", "5"), Routes: routes("trxusdt", "xmrusdt"), Check: asks("trxusdt", "xmrusdt")},

		{Name: "firo_unsupported", Req: send("btc", "firo", "0.05"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// dashusdt has trading disabled (te false), zecusdt is offline: no route.
		{Name: "dash_trading_disabled", Req: send("dash", "usdt@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "zec_offline", Req: send("zec", "usdt@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The docs' asks hold 3.140602 BTC for 156373.59535498 USDT.
		{Name: "beyond_book", Req: send("usdt@trx", "btc", "200000"), Routes: routes("btcusdt"), Want: swapscout.CodeAmountTooLarge, Check: cextest.Limit("", "156373.595354")},

		// HTX's errors come with HTTP 200.
		{Name: "invalid_symbol", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(200, "error_invalid_symbol.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "symbol_disabled", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(200, "error_symbol_disabled.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_parameter", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(200, "error_invalid_parameter.json"), Want: swapscout.CodeBadResponse},
		{Name: "too_many_requests", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(200, "error_too_many_requests.json"), Want: swapscout.CodeRateLimited},
		{Name: "too_many_requests_429", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(429, "error_too_many_requests.json"), Want: swapscout.CodeRateLimited},
		{Name: "gateway_internal_error", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(200, "error_gateway.json"), Want: swapscout.CodeUnavailable},
		{Name: "bad_gateway", Req: send("btc", "usdt@trx", "0.8"), Routes: failing(502, ""), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: an amount past the top of the book gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &htx.Descriptor, routes("btcusdt"), send("btc", "usdt@trx", "0.1"), send("btc", "usdt@trx", "0.83"))
	cextest.Slippage(t, &htx.Descriptor, routes("trxusdt", "xmrusdt"), send("trx", "xmr", "1000"), send("trx", "xmr", "50000"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &htx.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: symbolsPath, Fixture: "symbols_v2.json"}}})
}

// TestMarketListErrors: symbol-list errors, also sent with HTTP 200, fail
// the refresh with their codes, and Quote answers unavailable until a list
// has loaded.
func TestMarketListErrors(t *testing.T) {
	for fixture, want := range map[string]swapscout.FailureCode{
		"error_gateway.json":           swapscout.CodeUnavailable,
		"error_too_many_requests.json": swapscout.CodeRateLimited,
		"depth_btcusdt.json":           swapscout.CodeBadResponse, // no data
	} {
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: symbolsPath, Fixture: fixture}})
		q, err := htx.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.(swapscout.Refresher).Refresh(context.Background()); venuetest.Code(err) != want {
			t.Errorf("symbols %s: Refresh = %v, want %s", fixture, err, want)
		}
		if _, err := q.Quote(context.Background(), send("btc", "xmr", "0.05")); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}
