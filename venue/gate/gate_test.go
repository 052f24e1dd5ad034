package gate_test

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/gate"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const (
	pairsPath = "/api/v4/spot/currency_pairs"
	bookPath  = "/api/v4/spot/order_book"
)

var pairs = cextest.Route{Path: pairsPath, Fixture: "currency_pairs.json"}

// routes answers the pair list and each pair's book from its fixture.
func routes(ids ...string) []cextest.Route {
	rs := []venuetest.Route{pairs}
	for _, id := range ids {
		rs = append(rs, cextest.Route{Path: bookPath, Query: "currency_pair=" + id + "&", Fixture: "order_book_" + strings.ToLower(id) + ".json"})
	}
	return rs
}

// failing answers the pair list, and every book with status and fixture.
func failing(status int, fixture string) []cextest.Route {
	return []venuetest.Route{pairs, {Path: bookPath, Status: status, Fixture: fixture}}
}

// asks checks the book calls: one per pair at limit 100, in any order.
func asks(ids ...string) cextest.Check {
	return cextest.Asks(bookPath+"?currency_pair=%s&limit=100", ids...)
}

var okCase = venuetest.Case{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "3"), Routes: []venuetest.Route{
	{Path: pairsPath, Fixture: "currency_pairs.json"}, {Path: bookPath, Fixture: "order_book_btc_usdt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "xmr", "0.05")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	cextest.RunCases(t, &gate.Descriptor, []cextest.Case{
		// 3 BTC into the recorded bids, at BTC_USDT's own 0.2% [REC book and pair].
		{Name: "sell_btc_usdt", Req: send("btc", "usdt@trx", "3"), Routes: routes("BTC_USDT"), Check: asks("BTC_USDT")},
		{Name: "receive_btc", Req: receive("usdt@eth", "btc", "0.5"), Routes: routes("BTC_USDT"), Check: asks("BTC_USDT")},
		{Name: "buy_xmr", Req: send("btc", "xmr", "0.01"), Routes: routes("XMR_BTC"), Check: asks("XMR_BTC")},
		// No BTC/FIRO pair: through USDT.
		{Name: "btc_firo_via_usdt", Req: send("btc", "firo", "0.02"), Routes: routes("BTC_USDT", "FIRO_USDT"), Check: asks("BTC_USDT", "FIRO_USDT")},
		{Name: "receive_firo_via_usdt", Req: receive("btc", "firo", "1000"), Routes: routes("BTC_USDT", "FIRO_USDT"), Check: asks("BTC_USDT", "FIRO_USDT")},
		// USDC_USDT carries its own fee, 0.1%.
		{Name: "usdc_usdt_pair_fee", Req: send("usdc@eth", "usdt@trx", "1000"), Routes: routes("USDC_USDT"), Check: asks("USDC_USDT")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdc_on_tron_unsupported", Req: send("btc", "usdc@trx", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// ZEC_USDT is untradable: no route.
		{Name: "zec_untradable", Req: send("zec", "btc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The recorded bids hold 5.066102 BTC: 10 is more than the whole (complete) book.
		{Name: "beyond_book", Req: send("btc", "usdt@trx", "10"), Routes: routes("BTC_USDT"), Want: swapscout.CodeAmountTooLarge, Check: cextest.Limit("", "5.066102")},
		// 0.01 XMR is about 1.6 USDT, under XMR_USDT's min_quote_amount of 3.
		{Name: "below_min_quote", Req: send("xmr", "usdt@ton", "0.01"), Routes: routes("XMR_USDT"), Want: swapscout.CodeAmountTooSmall, Check: cextest.Limit("0.01879934829", "")},

		{Name: "invalid_currency_pair", Req: send("btc", "usdt@trx", "3"), Routes: failing(400, "error_invalid_currency_pair.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "invalid_param_value", Req: send("btc", "usdt@trx", "3"), Routes: failing(400, "error_invalid_param_value.json"), Want: swapscout.CodeBadResponse},
		{Name: "too_many_requests", Req: send("btc", "usdt@trx", "3"), Routes: failing(429, "error_too_many_requests.json"), Want: swapscout.CodeRateLimited},
		{Name: "server_error", Req: send("btc", "usdt@trx", "3"), Routes: failing(500, "error_server.json"), Want: swapscout.CodeUnavailable},
		{Name: "forbidden", Req: send("btc", "usdt@trx", "3"), Routes: failing(403, ""), Want: swapscout.CodeUnavailable},
	})
}

// TestSlippage: an amount past the top of the book gets the worse rate.
func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &gate.Descriptor, routes("BTC_USDT"), send("btc", "usdt@trx", "0.5"), send("btc", "usdt@trx", "4"))
	cextest.Slippage(t, &gate.Descriptor, routes("BTC_USDT", "FIRO_USDT"), receive("btc", "firo", "100"), receive("btc", "firo", "3000"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &gate.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: pairsPath, Fixture: "currency_pairs.json"}}})
}

// TestMarketListErrors: pair-list errors fail the refresh with their
// codes, and Quote answers unavailable until a list has loaded.
func TestMarketListErrors(t *testing.T) {
	for _, c := range []struct {
		status  int
		fixture string
		want    swapscout.FailureCode
	}{
		{500, "error_server.json", swapscout.CodeUnavailable},
		{429, "error_too_many_requests.json", swapscout.CodeRateLimited},
		{200, "order_book_btc_usdt.json", swapscout.CodeBadResponse}, // an object, not a list
	} {
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: pairsPath, Status: c.status, Fixture: c.fixture}})
		q, err := gate.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.(swapscout.Refresher).Refresh(context.Background()); venuetest.Code(err) != c.want {
			t.Errorf("pairs %s: Refresh = %v, want %s", c.fixture, err, c.want)
		}
		if _, err := q.Quote(context.Background(), send("btc", "xmr", "0.05")); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}
