package gemini_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/gemini"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const detailsPath = "/v1/symbols/details/all"

var details = cextest.Route{Path: detailsPath, Fixture: "symbols_details_all.json"}

// routes answers the market list, and each symbol's book from its fixture.
func routes(books ...string) []cextest.Route {
	rs := []venuetest.Route{details}
	for _, sym := range books {
		rs = append(rs, cextest.Route{Path: "/v1/book/" + sym, Fixture: "book_" + sym + ".json"})
	}
	return rs
}

// failing answers the market list, and the ETHBTC book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []venuetest.Route{details, {Path: "/v1/book/ethbtc", Status: status, Fixture: fixture}}
}

// asks checks the book calls: one per symbol, 100 levels a side, in any order.
func asks(symbols ...string) cextest.Check {
	return cextest.Asks("/v1/book/%s?limit_bids=100&limit_asks=100", symbols...)
}

var okCase = venuetest.Case{Name: "sell_eth_btc", Req: send("eth", "btc", "20"), Routes: []venuetest.Route{
	{Path: detailsPath, Fixture: "symbols_details_all.json"}, {Path: "/v1/book/ethbtc", Fixture: "book_ethbtc.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("eth", "btc", "20")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	ethbtc := send("eth", "btc", "20")
	cextest.RunCases(t, &gemini.Descriptor, []cextest.Case{
		{Name: "sell_eth_btc", Req: ethbtc, Routes: routes("ethbtc"), Check: asks("ethbtc")},
		{Name: "receive_eth", Req: receive("btc", "eth", "10"), Routes: routes("ethbtc"), Check: asks("ethbtc")},
		// No BTC/USDC market: through USD, on the recorded BTCUSD book.
		{Name: "btc_usdc_via_usd", Req: send("btc", "usdc@eth", "3"), Routes: routes("btcusd", "usdcusd"), Check: asks("btcusd", "usdcusd")},
		{Name: "receive_btc_via_usd", Req: receive("sol", "btc", "0.5"), Routes: routes("solusd", "btcusd"), Check: asks("solusd", "btcusd")},

		{Name: "xmr_unsupported", Req: send("btc", "xmr", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdt_on_tron_unsupported", Req: send("btc", "usdt@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The recorded bids hold 153.43983831 BTC (50 levels: a complete book).
		{Name: "beyond_book", Req: send("btc", "usdc@eth", "200"), Routes: routes("btcusd", "usdcusd"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("", "153.43983831")},
		// 0.0000065 BTC buys 0.00495 LTC, under LTCBTC's min_order_size of 0.01.
		{Name: "below_min_order", Req: send("btc", "ltc", "0.0000065"), Routes: routes("ltcbtc"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.00001312", "")},
		// 0.000005 BTC is about 0.057 USDC: less than the 3 USDC withdrawal fee.
		{Name: "fees_exceed_amount", Req: send("btc", "usdc@eth", "0.000005"), Routes: routes("btcusd", "usdcusd"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.00026572", "")},

		// Errors are {"result":"error",…}, whatever the status.
		{Name: "invalid_symbol", Req: ethbtc, Routes: failing(400, "error_invalid_symbol.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_symbol_http_200", Req: ethbtc, Routes: failing(200, "error_invalid_symbol.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_symbol_reason", Req: ethbtc, Routes: failing(400, "error_invalid_symbol_reason.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limited", Req: ethbtc, Routes: failing(429, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_http_200", Req: ethbtc, Routes: failing(200, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "maintenance", Req: ethbtc, Routes: failing(503, "error_maintenance.json"), Want: swapscout.CodeUnavailable},
		{Name: "system", Req: ethbtc, Routes: failing(500, "error_system.json"), Want: swapscout.CodeUnavailable},
		{Name: "market_not_open", Req: ethbtc, Routes: failing(400, "error_market_not_open.json"), Want: swapscout.CodeUnavailable},
		{Name: "endpoint_not_found", Req: ethbtc, Routes: failing(404, "error_endpoint_not_found.json"), Want: swapscout.CodeBadResponse},
		{Name: "bad_gateway", Req: ethbtc, Routes: failing(502, ""), Want: swapscout.CodeUnavailable},
		{Name: "forbidden", Req: ethbtc, Routes: failing(403, ""), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: 1 BTC sells at the best bid; 20 BTC walks down the book.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &gemini.Descriptor, routes("btcusd", "usdcusd"), send("btc", "usdc@eth", "1"), send("btc", "usdc@eth", "20"))
	cextest.Slippage(t, &gemini.Descriptor, routes("ethbtc"), receive("btc", "eth", "1"), receive("btc", "eth", "30"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &gemini.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: detailsPath, Fixture: "symbols_details_all.json"}}})
}

// TestMarketListErrors: an error answer to the market list fails the
// refresh with its code, and quotes answer unavailable until one succeeds.
func TestMarketListErrors(t *testing.T) {
	for fixture, want := range map[string]swapscout.FailureCode{
		"error_maintenance.json": swapscout.CodeUnavailable,
		"error_rate_limit.json":  swapscout.CodeRateLimited,
		"book_btcusd.json":       swapscout.CodeBadResponse, // not a list
	} {
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: detailsPath, Fixture: fixture}})
		q, err := gemini.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.(swapscout.Refresher).Refresh(context.Background()); venuetest.Code(err) != want {
			t.Errorf("details %s: Refresh = %v, want %s", fixture, err, want)
		}
		if _, err := q.Quote(context.Background(), send("eth", "btc", "1")); venuetest.Code(err) != swapscout.CodeUnavailable &&
			venuetest.Code(err) != swapscout.CodeRateLimited {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}

// TestFullBookLast: the deepest of venue.json's depths is asked as limit 0,
// the whole book, and the others as themselves.
func TestFullBookLast(t *testing.T) {
	s := gemini.Spec()
	m := cex.Market{Market: book.Market{Symbol: "btcusd"}}
	for i, d := range s.Depths {
		want := "limit_bids=" + strconv.Itoa(d) + "&"
		if i == len(s.Depths)-1 {
			want = "limit_bids=0&"
		}
		if got := s.BookPath(m, d); !strings.Contains(got, want) {
			t.Errorf("BookPath(depth %d) = %s, want %s", d, got, want)
		}
	}
}
