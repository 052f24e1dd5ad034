package bitfinex_test

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/bitfinex"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

var pairs = cextest.Route{Path: "/v2/conf/pub:list:pair:exchange", Fixture: "pairs_exchange.json"}

// routes answers the pair list and each symbol's book from its fixture
// (tDOGE:BTC from book_tdoge_btc.json).
func routes(symbols ...string) []cextest.Route {
	rs := []cextest.Route{pairs}
	for _, s := range symbols {
		rs = append(rs, cextest.Route{Path: "/v2/book/" + s + "/P0", Query: "len=100",
			Fixture: "book_" + strings.ToLower(strings.ReplaceAll(s, ":", "_")) + ".json"})
	}
	return rs
}

// failing answers the pair list, and the tBTCUST book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []cextest.Route{pairs, {Path: "/v2/book/tBTCUST/P0", Status: status, Fixture: fixture}}
}

// asks checks the book calls, in any order (legs are fetched concurrently).
func asks(symbols ...string) cextest.Check { return cextest.Asks("/v2/book/%s/P0?len=100", symbols...) }

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "1"), Routes: []venuetest.Route{
	{Path: "/v2/conf/pub:list:pair:exchange", Fixture: "pairs_exchange.json"},
	{Path: "/v2/book/tBTCUST/P0", Fixture: "book_tbtcust.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "usdt@trx", "1")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send("btc", "usdt@trx", "1")
	cextest.RunCases(t, &bitfinex.Descriptor, []cextest.Case{
		// USDT is UST: BTC/USDT is tBTCUST.
		{Name: "sell_btc_usdt", Req: req, Routes: routes("tBTCUST"), Check: asks("tBTCUST")},
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "2"), Routes: routes("tBTCUST"), Check: asks("tBTCUST")},
		// DOGE takes a colon: tDOGE:BTC.
		{Name: "sell_doge_btc", Req: send("doge", "btc", "200000"), Routes: routes("tDOGE:BTC"), Check: asks("tDOGE:BTC")},
		{Name: "receive_xmr", Req: receive("btc", "xmr", "10"), Routes: routes("tXMRBTC"), Check: asks("tXMRBTC")},
		// DASH is DSH, and there is no DSHUST: through USD.
		{Name: "dash_usdt_via_usd", Req: send("dash", "usdt@eth", "100"), Routes: routes("tDSHUSD", "tUSTUSD"), Check: asks("tDSHUSD", "tUSTUSD")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "bnb_unsupported", Req: send("btc", "bnb@bsc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdt_bep20_unsupported", Req: send("usdt@bsc", "btc", "100"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The bids hold 5.54603413 BTC (fewer than 100 levels: the whole book).
		{Name: "beyond_book", Req: send("btc", "usdt@trx", "6"), Routes: routes("tBTCUST"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("0", "5.54603413")},
		// 0.0001 BTC buys less USDT than the 1 USDT TRC-20 withdrawal fee.
		{Name: "fees_exceed_amount", Req: send("btc", "usdt@trx", "0.0001"), Routes: routes("tBTCUST"), Want: swapscout.CodeAmountTooSmall},

		// Errors are arrays with HTTP 500; the rate limit an object.
		{Name: "symbol_invalid", Req: req, Routes: failing(500, "error_symbol_invalid.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "limit_invalid", Req: req, Routes: failing(500, "error_limit_invalid.json"), Want: swapscout.CodeBadResponse},
		{Name: "maintenance", Req: req, Routes: failing(500, "error_maintenance.json"), Want: swapscout.CodeUnavailable},
		{Name: "rate_limit_429", Req: req, Routes: failing(429, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_200", Req: req, Routes: failing(200, "error_rate_limit.json"), Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(time.Minute)},
		{Name: "rate_limit_500", Req: req, Routes: failing(500, "error_rate_limit.json"), Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(time.Minute)},
		{Name: "error_with_200", Req: req, Routes: failing(200, "error_maintenance.json"), Want: swapscout.CodeUnavailable},
		{Name: "bad_gateway", Req: req, Routes: failing(502, ""), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: a larger amount walks deeper and gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &bitfinex.Descriptor, routes("tBTCUST"), send("btc", "usdt@trx", "0.2"), send("btc", "usdt@trx", "5"))
	cextest.Slippage(t, &bitfinex.Descriptor, routes("tDSHUSD", "tUSTUSD"), receive("dash", "usdt@eth", "1000"), receive("dash", "usdt@eth", "10000"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &bitfinex.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/v2/conf/pub:list:pair:exchange", Fixture: "pairs_exchange.json"}}})
}
