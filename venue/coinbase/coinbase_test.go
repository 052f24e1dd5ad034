package coinbase_test

import (
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/coinbase"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

var products = cextest.Route{Path: "/products", Fixture: "products.json"}

// routes answers the product list and each product's book from its fixture.
func routes(ids ...string) []cextest.Route {
	rs := []venuetest.Route{products}
	for _, id := range ids {
		rs = append(rs, cextest.Route{Path: "/products/" + id + "/book", Query: "level=2", Fixture: "book_" + strings.ToLower(id) + ".json"})
	}
	return rs
}

// failing answers the product list, and the ETH-BTC book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []venuetest.Route{products, {Path: "/products/ETH-BTC/book", Status: status, Fixture: fixture}}
}

// asks checks the book calls (in any order: legs are fetched concurrently)
// and that each carries a User-Agent, which Coinbase requires.
func asks(ids ...string) cextest.Check { return cextest.Asks("/products/%s/book?level=2", ids...) }

var okCase = venuetest.Case{Name: "sell_eth_btc", Req: send("eth", "btc", "10"), Routes: []venuetest.Route{
	{Path: "/products", Fixture: "products.json"}, {Path: "/products/ETH-BTC/book", Fixture: "book_eth-btc.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("eth", "btc", "10")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send("eth", "btc", "10")
	cextest.RunCases(t, &coinbase.Descriptor, []cextest.Case{
		{Name: "sell_eth_btc", Req: req, Routes: routes("ETH-BTC"), Check: asks("ETH-BTC")},
		{Name: "receive_eth", Req: receive("btc", "eth", "12"), Routes: routes("ETH-BTC"), Check: asks("ETH-BTC")},
		// No BTC-USDT product in the list: through USD, on the docs' book example [DOC].
		{Name: "btc_usdt_via_usd", Req: send("btc", "usdt@eth", "0.5"), Routes: routes("BTC-USD", "USDT-USD"), Check: asks("BTC-USD", "USDT-USD")},
		{Name: "receive_usdt_via_usd", Req: receive("btc", "usdt@eth", "3000"), Routes: routes("BTC-USD", "USDT-USD"), Check: asks("BTC-USD", "USDT-USD")},
		// USDC buys USDT directly on USDT-USDC.
		{Name: "usdc_to_usdt", Req: send("usdc@sol", "usdt@eth", "20000"), Routes: routes("USDT-USDC"), Check: asks("USDT-USDC")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "xmr_unsupported", Req: send("btc", "xmr", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdt_tron_unsupported", Req: send("btc", "usdt@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// DASH-USD is limit_only: no market order, no route.
		{Name: "dash_limit_only", Req: send("dash", "btc", "3"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The one bid of the docs' BTC-USD book holds 6.3578146 BTC.
		{Name: "beyond_book", Req: send("btc", "usdt@eth", "7"), Routes: routes("BTC-USD", "USDT-USD"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("0", "6.3578146")},
		// 0.00005 BTC is under ETH-BTC's min_market_funds of 0.0001 BTC.
		{Name: "below_min_market_funds", Req: send("btc", "eth", "0.00005"), Routes: routes("ETH-BTC"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.0001", "0")},
		// 0.001 ETH buys 0.00003112 BTC: less than the 0.0001 BTC network fee.
		{Name: "fees_exceed_amount", Req: send("eth", "btc", "0.001"), Routes: routes("ETH-BTC"), Want: swapscout.CodeAmountTooSmall},
		{Name: "auction_mode", Req: req, Routes: []venuetest.Route{products, {Path: "/products/ETH-BTC/book", Fixture: "book_auction.json"}},
			Want: swapscout.CodeUnavailable},

		{Name: "not_found", Req: req, Routes: failing(404, "error_not_found.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_level", Req: req, Routes: failing(400, "error_invalid_level.json"), Want: swapscout.CodeBadResponse},
		{Name: "rate_limited", Req: req, Routes: failing(429, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "forbidden", Req: req, Routes: failing(403, "error_forbidden.json"), Want: swapscout.CodeUnavailable},
		{Name: "internal_error", Req: req, Routes: failing(500, "error_internal.json"), Want: swapscout.CodeUnavailable},
		{Name: "not_found_no_body", Req: req, Routes: failing(404, ""), Want: swapscout.CodeUnsupportedPair},
	})
}

// TestSlippage: a larger amount walks deeper and gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &coinbase.Descriptor, routes("ETH-BTC"), send("eth", "btc", "1"), send("eth", "btc", "50"))
	cextest.Slippage(t, &coinbase.Descriptor, routes("USDT-USDC"), receive("usdc@sol", "usdt@eth", "10000"), receive("usdc@sol", "usdt@eth", "200000"))
}

// TestMarketListRequest: the product list is asked with a User-Agent.
func TestMarketListRequest(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", routes())
	venuetest.New(t, &coinbase.Descriptor, rp.URL)
	reqs := rp.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/products" {
		t.Fatalf("requests %v, want one /products", reqs)
	}
	if ua := reqs[0].Header.Get("User-Agent"); ua == "" {
		t.Error("no User-Agent")
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &coinbase.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/products", Fixture: "products.json"}}})
}
