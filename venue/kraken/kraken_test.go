package kraken_test

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/kraken"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

const depthPath = "/0/public/Depth"

var assetPairs = cextest.Route{Path: "/0/public/AssetPairs", Fixture: "assetpairs.json"}

// routes answers AssetPairs, and Depth for each pair (asked by altname,
// answered under the canonical key, as Kraken does).
func routes(pairs ...[2]string) []cextest.Route {
	rs := []venuetest.Route{assetPairs}
	for _, p := range pairs {
		rs = append(rs, cextest.Route{Path: depthPath, Query: "pair=" + p[0] + "&", Fixture: "depth_" + strings.ToLower(p[1]) + ".json"})
	}
	return rs
}

var (
	xmrxbt  = [2]string{"XMRXBT", "XXMRXXBT"}
	xbtusd  = [2]string{"XBTUSD", "XXBTZUSD"}
	usdtusd = [2]string{"USDTUSD", "USDTZUSD"}
)

// erroring answers AssetPairs, and Depth with an HTTP-200 error envelope.
func erroring(fixture string) []cextest.Route {
	return []venuetest.Route{assetPairs, {Path: depthPath, Fixture: fixture}}
}

// asks checks the Depth calls, in any order (legs are fetched concurrently).
func asks(pairs ...string) cextest.Check {
	return cextest.Asks(depthPath+"?pair=%s&count=100", pairs...)
}

var okCase = venuetest.Case{Name: "buy_xmr", Req: send("btc", "xmr", "0.05"), Routes: []venuetest.Route{
	{Path: "/0/public/AssetPairs", Fixture: "assetpairs.json"}, {Path: depthPath, Fixture: "depth_xxmrxxbt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send("btc", "xmr", "0.05")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	cextest.RunCases(t, &kraken.Descriptor, []cextest.Case{
		// Buy XMR with BTC on XMR/XBT: asked as XMRXBT, answered as XXMRXXBT.
		{Name: "buy_xmr", Req: send("btc", "xmr", "0.05"), Routes: routes(xmrxbt), Check: asks("XMRXBT")},
		{Name: "receive_xmr", Req: receive("btc", "xmr", "40"), Routes: routes(xmrxbt), Check: asks("XMRXBT")},
		{Name: "sell_xmr", Req: send("xmr", "btc", "50"), Routes: routes(xmrxbt), Check: asks("XMRXBT")},
		// No XBT/USDT pair: through USD, 0.26% on XBT/USD and 0.2% on USDT/USD [DOC book].
		{Name: "btc_usdt_via_usd", Req: send("btc", "usdt@trx", "1.5"), Routes: routes(xbtusd, usdtusd), Check: asks("XBTUSD", "USDTUSD")},
		{Name: "receive_usdt_via_usd", Req: receive("btc", "usdt@trx", "50000"), Routes: routes(xbtusd, usdtusd), Check: asks("XBTUSD", "USDTUSD")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "bnb_unsupported", Req: send("btc", "bnb@bsc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdt_bep20_unsupported", Req: send("usdt@bsc", "btc", "100"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// ZEC/USD is cancel_only: no route.
		{Name: "zec_cancel_only", Req: send("zec", "btc", "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The asks hold 194.8182102 XMR for 0.4799967241226 BTC.
		{Name: "beyond_book", Req: send("btc", "xmr", "1"), Routes: routes(xmrxbt), Want: swapscout.CodeAmountTooLarge, Check: cextest.Limit("", "0.47999672")},
		// 0.01 XMR is under XMR/XBT's ordermin of 0.03.
		{Name: "below_ordermin", Req: send("xmr", "btc", "0.01"), Routes: routes(xmrxbt), Want: swapscout.CodeAmountTooSmall},

		// Kraken's errors come with HTTP 200.
		{Name: "unknown_pair", Req: send("btc", "xmr", "0.05"), Routes: erroring("error_unknown_pair.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "too_many_requests", Req: send("btc", "xmr", "0.05"), Routes: erroring("error_too_many_requests.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_exceeded", Req: send("btc", "xmr", "0.05"), Routes: erroring("error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "service_unavailable", Req: send("btc", "xmr", "0.05"), Routes: erroring("error_unavailable.json"), Want: swapscout.CodeUnavailable},
		{Name: "service_busy", Req: send("btc", "xmr", "0.05"), Routes: erroring("error_busy.json"), Want: swapscout.CodeUnavailable},
		{Name: "invalid_arguments", Req: send("btc", "xmr", "0.05"), Routes: erroring("error_invalid_arguments.json"), Want: swapscout.CodeBadResponse},
		{Name: "error_with_5xx", Req: send("btc", "xmr", "0.05"), Routes: []venuetest.Route{assetPairs, {Path: depthPath, Status: 520, Fixture: "error_unavailable.json"}},
			Want: swapscout.CodeUnavailable},
	})
}

func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &kraken.Descriptor, routes(xmrxbt), send("btc", "xmr", "0.01"), send("btc", "xmr", "0.2"))
	cextest.Slippage(t, &kraken.Descriptor, routes(xbtusd, usdtusd), send("btc", "usdt@trx", "1"), send("btc", "usdt@trx", "3"))
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &kraken.Descriptor, venuetest.Options{OK: okCase,
		Meta: []venuetest.Route{{Path: "/0/public/AssetPairs", Fixture: "assetpairs.json"}}})
}

// TestMarketListErrors: AssetPairs errors, also sent with HTTP 200, fail
// the refresh with their codes.
func TestMarketListErrors(t *testing.T) {
	for fixture, want := range map[string]swapscout.FailureCode{
		"error_unavailable.json":       swapscout.CodeUnavailable,
		"error_too_many_requests.json": swapscout.CodeRateLimited,
		"depth_xxbtzusd.json":          "", // a result without pairs is read as no markets
	} {
		rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: "/0/public/AssetPairs", Fixture: fixture}})
		q, err := kraken.Descriptor.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		err = q.(swapscout.Refresher).Refresh(context.Background())
		if want == "" {
			want = swapscout.CodeBadResponse
		}
		if venuetest.Code(err) != want {
			t.Errorf("AssetPairs %s: Refresh = %v, want %s", fixture, err, want)
		}
		if _, err := q.Quote(context.Background(), send("btc", "xmr", "0.05")); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}
