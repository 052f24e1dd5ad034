package bitget_test

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/bitget"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const (
	symbolsPath = "/api/v2/spot/public/symbols"
	coinsPath   = "/api/v2/spot/public/coins"
	bookPath    = "/api/v2/spot/market/orderbook"
)

var (
	symbolList = cextest.Route{Path: symbolsPath, Fixture: "symbols.json"}
	coinList   = cextest.Route{Path: coinsPath, Fixture: "coins.json"}
)

// routes answers the market and coin lists and each symbol's book from its
// fixture.
func routes(books ...string) []cextest.Route {
	rs := []venuetest.Route{symbolList, coinList}
	for _, sym := range books {
		rs = append(rs, cextest.Route{Path: bookPath, Query: "symbol=" + sym + "&", Fixture: "orderbook_" + strings.ToLower(sym) + ".json"})
	}
	return rs
}

// failing answers the market list, and every book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []venuetest.Route{symbolList, coinList, {Path: bookPath, Status: status, Fixture: fixture}}
}

// asks checks the book calls: one per symbol, unaggregated, 150 levels.
func asks(symbols ...string) cextest.Check {
	return cextest.Asks(bookPath+"?symbol=%s&type=step0&limit=150", symbols...)
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.3"), Routes: []venuetest.Route{
	{Path: symbolsPath, Fixture: "symbols.json"}, {Path: coinsPath, Fixture: "coins.json"},
	{Path: bookPath, Fixture: "orderbook_btcusdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "usdt@trx", "0.3")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send("btc", "usdt@trx", "0.3")
	cextest.RunCases(t, &bitget.Descriptor, []cextest.Case{
		// 0.2917 BTC at 34567 and 0.0083 at 34566.85 [DOC book].
		{Name: "sell_btc_usdt", Req: req, Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "0.02"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		// ETHBTC's own takerFeeRate is 0.2%.
		{Name: "sell_eth_btc", Req: send("eth", "btc", "5"), Routes: routes("ETHBTC"), Check: asks("ETHBTC")},
		// LTCUSDT's takerFeeRate and minimums are "": the default 0.1% applies.
		{Name: "sell_ltc_default_fee", Req: send("ltc", "usdt@trx", "30"), Routes: routes("LTCUSDT"), Check: asks("LTCUSDT")},
		{Name: "sol_btc_via_usdt", Req: send("sol", "btc", "5"), Routes: routes("SOLUSDT", "BTCUSDT"), Check: asks("SOLUSDT", "BTCUSDT")},
		{Name: "receive_sol_via_usdt", Req: receive("btc", "sol", "10"), Routes: routes("BTCUSDT", "SOLUSDT"), Check: asks("BTCUSDT", "SOLUSDT")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "firo_unsupported", Req: send("firo", "btc", "10"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(),
			Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// DOGEUSDT is gray (not open yet), TRXUSDT halted; XMR has no market in the list.
		{Name: "doge_gray", Req: send("doge", "btc", "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "trx_halted", Req: send("trx", "btc", "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "xmr_no_market", Req: send("xmr", "btc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// The coin list has USDT ERC20 withdrawals closed (deposits open:
		// receive_btc sends it): refused without a book call.
		{Name: "usdt_erc20_withdrawals_closed", Req: send("btc", "usdt@eth", "0.02"), Routes: routes(), Want: swapscout.CodeUnavailable, Check: noCall},

		// The DOC book's bids hold 0.3062 BTC: the answer had fewer than 150 levels, so that is all.
		{Name: "beyond_book", Req: send("btc", "usdt@trx", "0.5"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("", "0.3062")},
		// 0.0001 BTC is about 3.46 USDT, under BTCUSDT's minTradeUSDT of 5.
		{Name: "below_min_trade_usdt", Req: send("btc", "usdt@bsc", "0.0001"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.00014465", "")},

		{Name: "unknown_symbol_40034", Req: req, Routes: failing(400, "error_40034.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "symbol_removed", Req: req, Routes: failing(400, "error_symbol_removed.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limited", Req: req, Routes: failing(429, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_code_http_200", Req: req, Routes: failing(200, "error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "system_abnormal", Req: req, Routes: failing(500, "error_system.json"), Want: swapscout.CodeUnavailable},
		{Name: "server_upgrade", Req: req, Routes: failing(503, "error_upgrade.json"), Want: swapscout.CodeUnavailable},
		{Name: "bad_parameter", Req: req, Routes: failing(400, "error_parameter.json"), Want: swapscout.CodeBadResponse},
		{Name: "success_without_data", Req: req, Routes: failing(200, "success_no_data.json"), Want: swapscout.CodeBadResponse},
		{Name: "forbidden", Req: req, Routes: failing(403, ""), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: a small sell fills at the best bid, a large one two levels down.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &bitget.Descriptor, routes("BTCUSDT"), send("btc", "usdt@trx", "0.1"), send("btc", "usdt@trx", "0.3"))
	cextest.Slippage(t, &bitget.Descriptor, routes("BTCUSDT", "SOLUSDT"), receive("btc", "sol", "1"), receive("btc", "sol", "60"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &bitget.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: symbolsPath, Fixture: "symbols.json"}, {Path: coinsPath, Fixture: "coins.json"}}})
}

// TestMarketListErrors: an error envelope for the market list fails the
// refresh with its code, and quotes answer unavailable until one succeeds.
func TestMarketListErrors(t *testing.T) {
	for fixture, want := range map[string]swapscout.FailureCode{
		"error_system.json":      swapscout.CodeUnavailable,
		"error_rate_limit.json":  swapscout.CodeRateLimited,
		"success_no_data.json":   swapscout.CodeBadResponse,
		"orderbook_btcusdt.json": swapscout.CodeBadResponse, // data is not a list
	} {
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: symbolsPath, Fixture: fixture}})
		q, err := bitget.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.(swapscout.Refresher).Refresh(context.Background()); venuetest.Code(err) != want {
			t.Errorf("symbols %s: Refresh = %v, want %s", fixture, err, want)
		}
		if _, err := q.Quote(context.Background(), req0); venuetest.Code(err) != swapscout.CodeUnavailable &&
			venuetest.Code(err) != swapscout.CodeRateLimited {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}

var req0 = send("btc", "usdt@trx", "0.3")
