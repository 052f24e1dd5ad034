package okx_test

import (
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/okx"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const booksPath = "/api/v5/market/books"

var instruments = cextest.Route{Path: "/api/v5/public/instruments", Query: "instType=SPOT", Fixture: "instruments.json"}

// routes answers the instruments and each instrument's book from its fixture.
func routes(ids ...string) []cextest.Route {
	rs := []cextest.Route{instruments}
	for _, id := range ids {
		rs = append(rs, cextest.Route{Path: booksPath, Query: "instId=" + id + "&", Fixture: "books_" + strings.ToLower(id) + ".json"})
	}
	return rs
}

// failing answers the instruments, and every book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []cextest.Route{instruments, {Path: booksPath, Status: status, Fixture: fixture}}
}

// asks checks the book calls: one per instrument at sz=400, in any order.
func asks(ids ...string) cextest.Check { return cextest.Asks(booksPath+"?instId=%s&sz=400", ids...) }

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.25"), Routes: []venuetest.Route{
	{Path: "/api/v5/public/instruments", Fixture: "instruments.json"}, {Path: booksPath, Fixture: "books_btc-usdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "usdt@trx", "0.25")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send("btc", "usdt@trx", "0.25")
	cextest.RunCases(t, &okx.Descriptor, []cextest.Case{
		// On the docs' BTC-USDT book [DOC]: one level a side.
		{Name: "sell_btc_usdt", Req: req, Routes: routes("BTC-USDT"), Check: asks("BTC-USDT")},
		{Name: "sell_eth_btc", Req: send("eth", "btc", "20"), Routes: routes("ETH-BTC"), Check: asks("ETH-BTC")},
		{Name: "receive_eth", Req: receive("btc", "eth", "10"), Routes: routes("ETH-BTC"), Check: asks("ETH-BTC")},
		// No LTC-BTC instrument: through USDT.
		{Name: "ltc_btc_via_usdt", Req: send("ltc", "btc", "100"), Routes: routes("LTC-USDT", "BTC-USDT"), Check: asks("LTC-USDT", "BTC-USDT")},
		{Name: "receive_btc_via_usdt", Req: receive("usdc@base", "btc", "0.5"), Routes: routes("USDC-USDT", "BTC-USDT"), Check: asks("USDC-USDT", "BTC-USDT")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// OKX delisted XMR: unmapped, no call.
		{Name: "xmr_unsupported", Req: send("btc", "xmr", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_bep20_unsupported", Req: send("btc", "usdc@bsc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// TON-USDT is preopen: no route.
		{Name: "ton_preopen", Req: send("ton", "btc", "100"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The docs' book bids for 0.30178218 BTC only.
		{Name: "beyond_book", Req: send("btc", "usdt@trx", "0.5"), Routes: routes("BTC-USDT"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("0", "0.30178218")},
		// 0.00003 BTC buys about 0.00096 ETH, under ETH-BTC's minSz of 0.001: the
		// least is 0.001 ETH at the best ask, 0.00003121 BTC.
		{Name: "below_min_size", Req: send("btc", "eth", "0.00003"), Routes: routes("ETH-BTC"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.00003121", "0")},

		{Name: "unknown_instrument", Req: req, Routes: failing(200, "error_instrument.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_instrument_400", Req: req, Routes: failing(400, "error_instrument.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limit_429", Req: req, Routes: failing(429, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_200", Req: req, Routes: failing(200, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "too_frequent", Req: req, Routes: failing(200, "error_too_frequent.json"), Want: swapscout.CodeRateLimited},
		{Name: "service_unavailable", Req: req, Routes: failing(503, "error_unavailable.json"), Want: swapscout.CodeUnavailable},
		{Name: "system_error", Req: req, Routes: failing(500, "error_system.json"), Want: swapscout.CodeUnavailable},
		{Name: "bad_parameter", Req: req, Routes: failing(400, "error_parameter.json"), Want: swapscout.CodeBadResponse},
	})
}

// TestSlippage: a larger amount walks deeper and gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &okx.Descriptor, routes("ETH-BTC"), send("eth", "btc", "1"), send("eth", "btc", "40"))
	cextest.Slippage(t, &okx.Descriptor, routes("LTC-USDT", "BTC-USDT"), receive("ltc", "btc", "0.01"), receive("ltc", "btc", "0.5"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &okx.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/api/v5/public/instruments", Fixture: "instruments.json"}}})
}
