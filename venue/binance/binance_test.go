package binance_test

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/binance"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const depthPath = "/api/v3/depth"

var exchangeInfo = cextest.Route{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}

// routes answers the market list and each symbol's book from its fixture.
func routes(books ...string) []cextest.Route {
	rs := []venuetest.Route{exchangeInfo}
	for _, sym := range books {
		rs = append(rs, cextest.Route{Path: depthPath, Query: "symbol=" + sym + "&", Fixture: "depth_" + strings.ToLower(sym) + ".json"})
	}
	return rs
}

// failing answers the market list, and every book with status and fixture.
func failing(status int, fixture string, header map[string]string) []cextest.Route {
	return []venuetest.Route{exchangeInfo, {Path: depthPath, Status: status, Fixture: fixture, Header: header}}
}

// asks checks the book calls: one per symbol, at depth 100, in any order.
func asks(symbols ...string) cextest.Check {
	return cextest.Asks(depthPath+"?symbol=%s&limit=100", symbols...)
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.02"), Routes: []venuetest.Route{
	{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}, {Path: depthPath, Fixture: "depth_btcusdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "usdt@trx", "0.02")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	cextest.RunCases(t, &binance.Descriptor, []cextest.Case{
		// 0.000005 BTC at 32085.65, 0.019995 at 32083.66 [REC book].
		{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.02"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "0.5"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		{Name: "sell_eth_btc", Req: send("eth", "btc", "20"), Routes: routes("ETHBTC"), Check: asks("ETHBTC")},
		{Name: "doge_ltc_via_usdt", Req: send("doge", "ltc", "25000"), Routes: routes("DOGEUSDT", "LTCUSDT"), Check: asks("DOGEUSDT", "LTCUSDT")},
		{Name: "receive_ltc_via_usdt", Req: receive("doge", "ltc", "5"), Routes: routes("DOGEUSDT", "LTCUSDT"), Check: asks("DOGEUSDT", "LTCUSDT")},

		// Binance delisted XMR: unmapped, so no call at all.
		{Name: "xmr_unsupported", Req: send("btc", "xmr", "0.02"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// BCHBTC is listed without spot trading, and there is no BCHUSDT: no route.
		{Name: "bch_no_market", Req: send("bch", "btc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// 70000 USDT is more than the two asks hold (65725.45… + 1212.37…).
		{Name: "beyond_book", Req: send("usdt@trx", "btc", "70000"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("", "66937.823787")},
		// 0.0001 BTC is about 3.2 USDT, under BTCUSDT's 5 USDT NOTIONAL.
		{Name: "below_min_notional", Req: send("btc", "usdt@trx", "0.0001"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.00015585", "")},

		{Name: "invalid_symbol", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(400, "error_invalid_symbol.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limited", Req: send("btc", "usdt@trx", "0.02"), Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(3 * time.Second),
			Routes: failing(429, "error_rate_limit.json", map[string]string{"Retry-After": "3", "X-MBX-USED-WEIGHT-1M": "6005"})},
		{Name: "ip_banned", Req: send("btc", "usdt@trx", "0.02"), Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(120 * time.Second),
			Routes: failing(418, "error_banned.json", map[string]string{"Retry-After": "120"})},
		{Name: "internal_error", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(500, "error_internal.json", nil), Want: swapscout.CodeUnavailable},
		{Name: "overloaded", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(503, "error_overloaded.json", nil), Want: swapscout.CodeUnavailable},
		{Name: "restricted_location", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(451, "error_restricted.json", nil), Want: swapscout.CodeUnavailable},
		{Name: "waf_block", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(403, "", nil), Want: swapscout.CodeUnavailable},
		{Name: "bad_parameter", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(400, "error_bad_limit.json", nil), Want: swapscout.CodeBadResponse},
	})
}

// TestSlippage: 1000 USDT buys at the best ask; 66000 USDT reaches the
// second ask and gets fewer BTC per USDT.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &binance.Descriptor, routes("BTCUSDT"), send("usdt@trx", "btc", "1000"), send("usdt@trx", "btc", "66000"))
	cextest.Slippage(t, &binance.Descriptor, routes("DOGEUSDT", "LTCUSDT"), receive("doge", "ltc", "1"), receive("doge", "ltc", "50"))
}

// TestMarketListRequest: exchangeInfo is asked for TRADING spot symbols
// without permission sets, which keeps a multi-MB answer to about 2 MB.
func TestMarketListRequest(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", routes())
	venuetest.New(t, &binance.Descriptor, rp.URL)
	reqs := rp.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/api/v3/exchangeInfo" {
		t.Fatalf("requests %v, want one exchangeInfo", reqs)
	}
	for _, p := range []string{"permissions=SPOT", "showPermissionSets=false", "symbolStatus=TRADING"} {
		if !strings.Contains(reqs[0].RawQuery, p) {
			t.Errorf("exchangeInfo query %q lacks %s", reqs[0].RawQuery, p)
		}
	}
	if a := reqs[0].Header.Get("Accept"); a != "application/json" {
		t.Errorf("Accept: %q", a)
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &binance.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}}})
}
