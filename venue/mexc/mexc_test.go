package mexc_test

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/mexc"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const depthPath = "/api/v3/depth"

var exchangeInfo = cextest.Route{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}

// routes answers the market list and each symbol's book from its fixture.
func routes(books ...string) []cextest.Route {
	rs := []cextest.Route{exchangeInfo}
	for _, sym := range books {
		rs = append(rs, cextest.Route{Path: depthPath, Query: "symbol=" + sym + "&", Fixture: "depth_" + strings.ToLower(sym) + ".json"})
	}
	return rs
}

// failing answers the market list, and every book with status and fixture.
func failing(status int, fixture string, header map[string]string) []cextest.Route {
	return []cextest.Route{exchangeInfo, {Path: depthPath, Status: status, Fixture: fixture, Header: header}}
}

// asks checks the book calls: one per symbol, at depth 100, in any order.
func asks(symbols ...string) cextest.Check {
	return cextest.Asks(depthPath+"?symbol=%s&limit=100", symbols...)
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.5"), Routes: []venuetest.Route{
	{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}, {Path: depthPath, Fixture: "depth_btcusdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "usdt@trx", "0.5")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send("btc", "usdt@trx", "0.5")
	cextest.RunCases(t, &mexc.Descriptor, []cextest.Case{
		{Name: "sell_btc_usdt", Req: req, Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		{Name: "receive_btc", Req: receive("usdt@bsc", "btc", "0.2"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		// ETHBTC carries its own takerCommission of 0.1%.
		{Name: "sell_eth_btc", Req: send("eth", "btc", "3"), Routes: routes("ETHBTC"), Check: asks("ETHBTC")},
		// LTCUSDT's takerCommission is "": the default 0.05% applies.
		{Name: "sell_ltc_default_fee", Req: send("ltc", "usdt@trx", "30"), Routes: routes("LTCUSDT"), Check: asks("LTCUSDT")},
		// No XMR/BTC market in the list: through USDT.
		{Name: "xmr_btc_via_usdt", Req: send("xmr", "btc", "10"), Routes: routes("XMRUSDT", "BTCUSDT"), Check: asks("XMRUSDT", "BTCUSDT")},
		{Name: "receive_xmr_via_usdt", Req: receive("btc", "xmr", "5"), Routes: routes("BTCUSDT", "XMRUSDT"), Check: asks("BTCUSDT", "XMRUSDT")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(),
			Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// DOGEUSDT is paused (status "2"), TRXUSDT takes no market orders: no route.
		{Name: "doge_paused", Req: send("doge", "btc", "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "trx_no_market_orders", Req: send("trx", "btc", "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The asks hold 117032.93 USDT of BTC.
		{Name: "beyond_book", Req: send("usdt@trx", "btc", "200000"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("", "117032.93")},
		// 3 USDT is under XMRUSDT's quoteAmountPrecisionMarket of 5.
		{Name: "below_min_amount", Req: send("usdt@trx", "xmr", "3"), Routes: routes("XMRUSDT"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("5", "")},

		{Name: "invalid_symbol", Req: req, Routes: failing(400, "error_invalid_symbol.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_symbol_30021", Req: req, Routes: failing(400, "error_30021.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_symbol_string_code", Req: req, Routes: failing(400, "error_30021_string.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "pair_not_found_730001", Req: req, Routes: failing(400, "error_730001.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "trading_disabled", Req: req, Routes: failing(400, "error_trading_disabled.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "error_with_http_200", Req: req, Routes: failing(200, "error_invalid_symbol.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limited", Req: req, Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(2 * time.Second),
			Routes: failing(429, "error_rate_limit.json", map[string]string{"Retry-After": "2"})},
		{Name: "rate_limit_code_http_200", Req: req, Routes: failing(200, "error_rate_limit.json", nil), Want: swapscout.CodeRateLimited},
		{Name: "ip_banned", Req: req, Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(60 * time.Second),
			Routes: failing(418, "error_banned.json", map[string]string{"Retry-After": "60"})},
		{Name: "internal_error", Req: req, Routes: failing(500, "error_internal.json", nil), Want: swapscout.CodeUnavailable},
		{Name: "waf_block", Req: req, Routes: failing(403, "", nil), Want: swapscout.CodeUnavailable},
		{Name: "bad_parameter", Req: req, Routes: failing(400, "error_bad_limit.json", nil), Want: swapscout.CodeBadResponse},
		// The docs' depth example has its bid above its ask: refused, not priced.
		{Name: "crossed_book", Req: req, Routes: failing(200, "depth_doc_example.json", nil), Want: swapscout.CodeBadResponse},
	})
}

// TestSlippage: 0.05 BTC sells at the best bid, 1 BTC three levels down.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &mexc.Descriptor, routes("BTCUSDT"), send("btc", "usdt@trx", "0.05"), send("btc", "usdt@trx", "1"))
	cextest.Slippage(t, &mexc.Descriptor, routes("XMRUSDT", "BTCUSDT"), receive("btc", "xmr", "1"), receive("btc", "xmr", "30"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &mexc.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}}})
}
