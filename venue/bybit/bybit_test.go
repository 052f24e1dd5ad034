package bybit_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/bybit"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const (
	instrumentsPath = "/v5/market/instruments-info"
	bookPath        = "/v5/market/orderbook"
)

var instruments = cextest.Route{Path: instrumentsPath, Query: "category=spot", Fixture: "instruments_spot.json"}

// routes answers the market list and each symbol's book from its fixture.
func routes(symbols ...string) []cextest.Route {
	rs := []venuetest.Route{instruments}
	for _, sym := range symbols {
		rs = append(rs, cextest.Route{Path: bookPath, Query: "symbol=" + sym + "&", Fixture: "orderbook_" + strings.ToLower(sym) + ".json"})
	}
	return rs
}

// failing answers the market list, and every book with status, fixture and header.
func failing(status int, fixture string, header map[string]string) []cextest.Route {
	return []venuetest.Route{instruments, {Path: bookPath, Status: status, Fixture: fixture, Header: header}}
}

// asks checks the book calls: one per symbol, spot, at 200 levels, in any order.
func asks(symbols ...string) cextest.Check {
	return cextest.Asks(bookPath+"?category=spot&symbol=%s&limit=200", symbols...)
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.02"), Routes: []venuetest.Route{
	{Path: instrumentsPath, Fixture: "instruments_spot.json"}, {Path: bookPath, Fixture: "orderbook_btcusdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "usdt@trx", "0.02")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	plain := map[string]string{"Content-Type": "text/plain; charset=utf-8"}
	cextest.RunCases(t, &bybit.Descriptor, []cextest.Case{
		// 0.02 BTC into the one bid of the docs' book, 65485.47 [DOC book].
		{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "0.02"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "0.5"), Routes: routes("BTCUSDT"), Check: asks("BTCUSDT")},
		// No DOGE/SOL market: through USDT, sold into DOGEUSDT's bids, bought on SOLUSDT's asks.
		{Name: "doge_sol_via_usdt", Req: send("doge", "sol", "100000"), Routes: routes("DOGEUSDT", "SOLUSDT"), Check: asks("DOGEUSDT", "SOLUSDT")},
		{Name: "receive_sol_via_usdt", Req: receive("doge", "sol", "50"), Routes: routes("DOGEUSDT", "SOLUSDT"), Check: asks("DOGEUSDT", "SOLUSDT")},

		{Name: "xmr_unsupported", Req: send("btc", "xmr", "0.02"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// DOTUSDT is Closed: no route.
		{Name: "closed_market", Req: send("dot", "usdt@trx", "10"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The one ask holds 16.606555 BTC, 1088687.5507235 USDT of it.
		{Name: "beyond_book", Req: send("usdt@trx", "btc", "2000000"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooLarge,
			Check: cextest.Limit("", "1088687.550723")},
		// 0.00001 BTC is under BTCUSDT's minOrderQty of 0.000048.
		{Name: "below_min_order_qty", Req: send("btc", "usdt@bsc", "0.00001"), Routes: routes("BTCUSDT"), Want: swapscout.CodeAmountTooSmall,
			Check: cextest.Limit("0.000048", "")},

		// Bybit's errors come with HTTP 200 and a retCode.
		{Name: "unknown_symbol", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(200, "error_symbol.json", nil), Want: swapscout.CodeUnsupportedPair},
		{Name: "params_error", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(200, "error_params.json", nil), Want: swapscout.CodeBadResponse},
		{Name: "too_many_visits", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(200, "error_too_many_visits.json", nil), Want: swapscout.CodeRateLimited},
		{Name: "server_error", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(200, "error_server.json", nil), Want: swapscout.CodeUnavailable},
		// The IP limit: HTTP 403 "access too frequent", then ten minutes' silence.
		{Name: "access_too_frequent", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(403, "error_access_too_frequent.txt", plain),
			Want: swapscout.CodeRateLimited, Check: cextest.RetryAfter(10 * time.Minute)},
		{Name: "gateway_error", Req: send("btc", "usdt@trx", "0.02"), Routes: failing(502, "", nil), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: an amount past the top of the book gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &bybit.Descriptor, routes("SOLUSDT"), send("usdt@trx", "sol", "1000"), send("usdt@trx", "sol", "50000"))
	cextest.Slippage(t, &bybit.Descriptor, routes("DOGEUSDT", "SOLUSDT"), send("doge", "sol", "1000"), send("doge", "sol", "200000"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &bybit.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: instrumentsPath, Fixture: "instruments_spot.json"}}})
}

// TestMarketListErrors: instrument-list errors, sent with HTTP 200 or the
// IP ban's 403, fail the refresh with their codes, and Quote answers
// unavailable until a list has loaded.
func TestMarketListErrors(t *testing.T) {
	for fixture, want := range map[string]swapscout.FailureCode{
		"error_server.json":             swapscout.CodeUnavailable,
		"error_too_many_visits.json":    swapscout.CodeRateLimited,
		"error_access_too_frequent.txt": swapscout.CodeRateLimited,
		"orderbook_btcusdt.json":        swapscout.CodeBadResponse, // no list
	} {
		status := 200
		if strings.HasSuffix(fixture, ".txt") {
			status = 403
		}
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: instrumentsPath, Status: status, Fixture: fixture}})
		q, err := bybit.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.(swapscout.Refresher).Refresh(context.Background()); venuetest.Code(err) != want {
			t.Errorf("instruments %s: Refresh = %v, want %s", fixture, err, want)
		}
		if _, err := q.Quote(context.Background(), send("btc", "usdt@trx", "0.02")); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}

// TestIPBanStated: the ban the simulator holds (IPBan) is the Retry-After
// venue.json gives a 403.
func TestIPBanStated(t *testing.T) {
	if got := bybit.Spec().Statuses[403].RetryAfter; got != bybit.IPBan {
		t.Errorf("venue.json's 403 Retry-After = %v, want IPBan %v", got, bybit.IPBan)
	}
}
