package mexc_test

import (
	"errors"
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

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	ltc     = swapscout.Asset{Ticker: "ltc", Network: "ltc"}
	doge    = swapscout.Asset{Ticker: "doge", Network: "doge"}
	trx     = swapscout.Asset{Ticker: "trx", Network: "trx"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	usdtBSC = swapscout.Asset{Ticker: "usdt", Network: "bsc"}
)

func send(from, to swapscout.Asset, amount string) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: from, To: to, Amount: swapscout.MustAmount(amount)}
}

func receive(from, to swapscout.Asset, amount string) swapscout.QuoteRequest {
	r := send(from, to, amount)
	r.Direction = swapscout.Receive
	return r
}

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
func asks(symbols ...string) func(t *testing.T, _ swapscout.Offer, _ error, reqs []venuetest.Recorded) {
	return func(t *testing.T, _ swapscout.Offer, _ error, reqs []venuetest.Recorded) {
		var got, want []string
		for _, r := range reqs {
			got = append(got, r.Path+"?"+r.RawQuery)
		}
		for _, s := range symbols {
			want = append(want, depthPath+"?symbol="+s+"&limit=100")
		}
		cextest.CheckBooks(t, got, want)
	}
}

// retryAfter checks a rate-limited answer's Retry-After.
func retryAfter(d time.Duration) func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
	return func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.RetryAfter != d {
			t.Errorf("error %v, want RetryAfter %s", err, d)
		}
	}
}

// limit checks a limit error's Min or Max.
func limit(min, max string) func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
	return func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || min != "" && ve.Min.String() != min || max != "" && ve.Max.String() != max {
			t.Errorf("error %v, want min %q max %q", err, min, max)
		}
	}
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send(btc, usdtTRX, "0.5"), Routes: []venuetest.Route{
	{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}, {Path: depthPath, Fixture: "depth_btcusdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send(btc, usdtTRX, "0.5")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	req := send(btc, usdtTRX, "0.5")
	cextest.RunCases(t, &mexc.Descriptor, []cextest.Case{
		{Name: "sell_btc_usdt", Req: req, Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		{Name: "receive_btc", Req: receive(usdtBSC, btc, "0.2"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		// ETHBTC carries its own takerCommission of 0.1%.
		{Name: "sell_eth_btc", Req: send(eth, btc, "3"), Routes: routes("ETHBTC"), Check: asks("ETHBTC")},
		// LTCUSDT's takerCommission is "": the default 0.05% applies.
		{Name: "sell_ltc_default_fee", Req: send(ltc, usdtTRX, "30"), Routes: routes("LTCUSDT"), Check: asks("LTCUSDT")},
		// No XMR/BTC market in the list: through USDT.
		{Name: "xmr_btc_via_usdt", Req: send(xmr, btc, "10"), Routes: routes("XMRUSDT", "BTCUSDT"), Check: asks("XMRUSDT", "BTCUSDT")},
		{Name: "receive_xmr_via_usdt", Req: receive(btc, xmr, "5"), Routes: routes("BTCUSDT", "XMRUSDT"), Check: asks("BTCUSDT", "XMRUSDT")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send(btc, swapscout.Asset{Ticker: "usdc", Network: "trx"}, "1"), Routes: routes(),
			Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// DOGEUSDT is paused (status "2"), TRXUSDT takes no market orders: no route.
		{Name: "doge_paused", Req: send(doge, btc, "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "trx_no_market_orders", Req: send(trx, btc, "1000"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The asks hold 117032.93 USDT of BTC.
		{Name: "beyond_book", Req: send(usdtTRX, btc, "200000"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooLarge,
			Check: limit("", "117032.93")},
		// 3 USDT is under XMRUSDT's quoteAmountPrecisionMarket of 5.
		{Name: "below_min_amount", Req: send(usdtTRX, xmr, "3"), Routes: routes("XMRUSDT"), Want: swapscout.CodeAmountTooSmall,
			Check: limit("5", "")},

		{Name: "invalid_symbol", Req: req, Routes: failing(400, "error_invalid_symbol.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_symbol_30021", Req: req, Routes: failing(400, "error_30021.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_symbol_string_code", Req: req, Routes: failing(400, "error_30021_string.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "pair_not_found_730001", Req: req, Routes: failing(400, "error_730001.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "trading_disabled", Req: req, Routes: failing(400, "error_trading_disabled.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "error_with_http_200", Req: req, Routes: failing(200, "error_invalid_symbol.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "rate_limited", Req: req, Want: swapscout.CodeRateLimited, Check: retryAfter(2 * time.Second),
			Routes: failing(429, "error_rate_limit.json", map[string]string{"Retry-After": "2"})},
		{Name: "rate_limit_code_http_200", Req: req, Routes: failing(200, "error_rate_limit.json", nil), Want: swapscout.CodeRateLimited},
		{Name: "ip_banned", Req: req, Want: swapscout.CodeRateLimited, Check: retryAfter(60 * time.Second),
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
	cextest.Slippage(t, &mexc.Descriptor, routes("BTCUSDT"), send(btc, usdtTRX, "0.05"), send(btc, usdtTRX, "1"))
	cextest.Slippage(t, &mexc.Descriptor, routes("XMRUSDT", "BTCUSDT"), receive(btc, xmr, "1"), receive(btc, xmr, "30"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &mexc.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/api/v3/exchangeInfo", Fixture: "exchangeinfo.json"}}})
}
