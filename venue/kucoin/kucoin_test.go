package kucoin_test

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/kucoin"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const (
	symbolsPath    = "/api/v2/symbols"
	currenciesPath = "/api/v3/currencies"
	bookPath       = "/api/v1/market/orderbook/level2_100"
)

var (
	symbolList   = cextest.Route{Path: symbolsPath, Fixture: "symbols.json"}
	currencyList = cextest.Route{Path: currenciesPath, Fixture: "currencies.json"}
)

// routes answers the symbol and currency lists and each symbol's book from
// its fixture.
func routes(symbols ...string) []cextest.Route {
	rs := []venuetest.Route{symbolList, currencyList}
	for _, sym := range symbols {
		fixture := "level2_" + strings.ToLower(strings.ReplaceAll(sym, "-", "_")) + ".json"
		rs = append(rs, cextest.Route{Path: bookPath, Query: "symbol=" + sym, Fixture: fixture})
	}
	return rs
}

// failing answers the symbol list, and every book with status, fixture and header.
func failing(status int, fixture string, header map[string]string) []cextest.Route {
	return []venuetest.Route{symbolList, currencyList, {Path: bookPath, Status: status, Fixture: fixture, Header: header}}
}

// asks checks the book calls: one level2_100 per symbol, in any order.
func asks(symbols ...string) cextest.Check { return cextest.Asks(bookPath+"?symbol=%s", symbols...) }

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.5"), Routes: []venuetest.Route{
	{Path: symbolsPath, Fixture: "symbols.json"}, {Path: currenciesPath, Fixture: "currencies.json"},
	{Path: bookPath, Fixture: "level2_btc_usdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "xmr", "0.05")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	gw := map[string]string{"gw-ratelimit-limit": "2000", "gw-ratelimit-remaining": "0", "gw-ratelimit-reset": "12000"}
	cextest.RunCases(t, &kucoin.Descriptor, []cextest.Case{
		// 0.5 BTC into the docs' two bids [DOC book].
		{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.5"), Routes: routes("BTC-USDT"), Check: asks("BTC-USDT")},
		// The docs' asks come out of order (6500.16 before 6500.15): the best is walked first.
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "0.5"), Routes: routes("BTC-USDT"), Check: asks("BTC-USDT")},
		{Name: "buy_xmr", Req: send("btc", "xmr", "0.05"), Routes: routes("XMR-BTC"), Check: asks("XMR-BTC")},
		{Name: "receive_xmr", Req: receive("btc", "xmr", "10"), Routes: routes("XMR-BTC"), Check: asks("XMR-BTC")},
		// No LTC/XMR market: through USDT.
		{Name: "ltc_xmr_via_usdt", Req: send("ltc", "xmr", "20"), Routes: routes("LTC-USDT", "XMR-USDT"), Check: asks("LTC-USDT", "XMR-USDT")},

		{Name: "firo_unsupported", Req: send("btc", "firo", "0.05"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// The currency list has USDT ERC20 withdrawals closed (deposits open:
		// receive_btc sends it): refused without a book call.
		{Name: "usdt_erc20_withdrawals_closed", Req: send("btc", "usdt@eth", "0.5"), Routes: routes(), Want: swapscout.CodeUnavailable, Check: noCall},
		// ZEC-USDT has enableTrading false: no route.
		{Name: "zec_not_trading", Req: send("zec", "btc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The XMR-BTC asks hold 162.1711 XMR for 0.3983628294 BTC.
		{Name: "beyond_book", Req: send("btc", "xmr", "1"), Routes: routes("XMR-BTC"), Want: swapscout.CodeAmountTooLarge, Check: cextest.Limit("", "0.39836282")},

		{Name: "symbol_not_exists", Req: send("btc", "usdt@trx", "0.5"), Routes: failing(200, "error_symbol_not_exists.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "data_null", Req: send("btc", "usdt@trx", "0.5"), Routes: failing(200, "error_data_null.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_parameter", Req: send("btc", "usdt@trx", "0.5"), Routes: failing(400, "error_invalid_parameter.json", nil), Want: swapscout.CodeBadResponse},
		{Name: "too_many_requests", Req: send("btc", "usdt@trx", "0.5"), Routes: failing(429, "error_too_many_requests.json", gw), Want: swapscout.CodeRateLimited},
		{Name: "internal_error", Req: send("btc", "usdt@trx", "0.5"), Routes: failing(500, "error_internal.json", nil), Want: swapscout.CodeUnavailable},
		{Name: "restricted", Req: send("btc", "usdt@trx", "0.5"), Routes: failing(403, "", nil), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: an amount past the top of the book gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &kucoin.Descriptor, routes("XMR-BTC"), send("btc", "xmr", "0.01"), send("btc", "xmr", "0.3"))
	cextest.Slippage(t, &kucoin.Descriptor, routes("LTC-USDT", "XMR-USDT"), receive("ltc", "xmr", "1"), receive("ltc", "xmr", "60"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &kucoin.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: symbolsPath, Fixture: "symbols.json"}, {Path: currenciesPath, Fixture: "currencies.json"}}})
}

// TestMarketListErrors: symbol-list errors fail the refresh with their
// codes, and Quote answers unavailable until a list has loaded.
func TestMarketListErrors(t *testing.T) {
	for _, c := range []struct {
		status  int
		fixture string
		want    swapscout.FailureCode
	}{
		{500, "error_internal.json", swapscout.CodeUnavailable},
		{429, "error_too_many_requests.json", swapscout.CodeRateLimited},
		{200, "error_data_null.json", swapscout.CodeUnsupportedPair},
		{200, "level2_btc_usdt.json", swapscout.CodeBadResponse}, // data is not a list
	} {
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: symbolsPath, Status: c.status, Fixture: c.fixture}})
		q, err := kucoin.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.(swapscout.Refresher).Refresh(context.Background()); venuetest.Code(err) != c.want {
			t.Errorf("symbols %s: Refresh = %v, want %s", c.fixture, err, c.want)
		}
		if _, err := q.Quote(context.Background(), send("btc", "xmr", "0.05")); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}
