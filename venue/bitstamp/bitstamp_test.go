package bitstamp_test

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/bitstamp"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const bookPath = "/api/v2/order_book/"

var pairs = cextest.Route{Path: "/api/v2/trading-pairs-info/", Fixture: "trading_pairs_info.json"}

// routes answers the pair list and each pair's whole book from its fixture.
func routes(symbols ...string) []cextest.Route {
	rs := []cextest.Route{pairs}
	for _, s := range symbols {
		rs = append(rs, cextest.Route{Path: bookPath + s + "/", Fixture: "order_book_" + s + ".json"})
	}
	return rs
}

// failing answers the pair list, and the ETH/BTC book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []cextest.Route{pairs, {Path: bookPath + "ethbtc/", Status: status, Fixture: fixture}}
}

// asks checks the book calls, in any order (legs are fetched concurrently).
func asks(symbols ...string) cextest.Check { return cextest.Asks(bookPath+"%s/?", symbols...) }

var okCase = venuetest.Case{Name: "sell_eth_btc", Req: send("eth", "btc", "20"), Routes: []venuetest.Route{
	{Path: "/api/v2/trading-pairs-info/", Fixture: "trading_pairs_info.json"},
	{Path: bookPath + "ethbtc/", Fixture: "order_book_ethbtc.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("eth", "btc", "20")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send("eth", "btc", "20")
	cextest.RunCases(t, &bitstamp.Descriptor, []cextest.Case{
		{Name: "sell_eth_btc", Req: req, Routes: routes("ethbtc"), Check: asks("ethbtc")},
		{Name: "receive_eth", Req: receive("btc", "eth", "10"), Routes: routes("ethbtc"), Check: asks("ethbtc")},
		// No BTC/DAI pair: through USD, the first leg on the recorded whole book [REC].
		{Name: "btc_dai_via_usd", Req: send("btc", "dai@eth", "3"), Routes: routes("btcusd", "daiusd"), Check: asks("btcusd", "daiusd")},
		{Name: "receive_dai_via_usd", Req: receive("btc", "dai@eth", "50000"), Routes: routes("btcusd", "daiusd"), Check: asks("btcusd", "daiusd")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "xmr_unsupported", Req: send("btc", "xmr", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdt_tron_unsupported", Req: send("btc", "usdt@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// The recorded pair list has no DOGE pair.
		{Name: "doge_no_market", Req: send("doge", "btc", "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The bids hold 72.837 ETH.
		{Name: "beyond_book", Req: send("eth", "btc", "100"), Routes: routes("ethbtc"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("0", "72.837")},
		// 0.0001 BTC is under ETH/BTC's minimum_order of 0.0002 BTC [REC].
		{Name: "below_minimum_order", Req: send("btc", "eth", "0.0001"), Routes: routes("ethbtc"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.0002", "0")},

		{Name: "not_found", Req: req, Routes: failing(404, "error_not_found.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "not_found_no_body", Req: req, Routes: failing(404, ""), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limit_400002", Req: req, Routes: failing(400, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_429", Req: req, Routes: failing(429, ""), Want: swapscout.CodeRateLimited},
		{Name: "market_disabled", Req: req, Routes: failing(400, "error_market_disabled.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "forbidden", Req: req, Routes: failing(403, "error_forbidden.json"), Want: swapscout.CodeUnavailable},
		{Name: "internal_error", Req: req, Routes: failing(500, "error_internal.json"), Want: swapscout.CodeUnavailable},
		// An error in the place of a book, with HTTP 200.
		{Name: "error_with_200", Req: req, Routes: failing(200, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
	})
}

// TestSlippage: 45 BTC walks dozens of levels into the recorded whole book
// (its best bid holds 2 BTC) and gets a worse rate than 1 BTC.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &bitstamp.Descriptor, routes("btcusd", "daiusd"), send("btc", "dai@eth", "1"), send("btc", "dai@eth", "45"))
	cextest.Slippage(t, &bitstamp.Descriptor, routes("ethbtc"), receive("btc", "eth", "1"), receive("btc", "eth", "50"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &bitstamp.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/api/v2/trading-pairs-info/", Fixture: "trading_pairs_info.json"}}})
}
