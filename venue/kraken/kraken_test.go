package kraken_test

import (
	"context"
	"errors"
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

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	zec     = swapscout.Asset{Ticker: "zec", Network: "zec"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	usdtBSC = swapscout.Asset{Ticker: "usdt", Network: "bsc"}
	bnb     = swapscout.Asset{Ticker: "bnb", Network: "bsc"}
)

func send(from, to swapscout.Asset, amount string) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: from, To: to, Amount: swapscout.MustAmount(amount)}
}

func receive(from, to swapscout.Asset, amount string) swapscout.QuoteRequest {
	r := send(from, to, amount)
	r.Direction = swapscout.Receive
	return r
}

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
func asks(pairs ...string) func(t *testing.T, _ swapscout.Offer, _ error, reqs []venuetest.Recorded) {
	return func(t *testing.T, _ swapscout.Offer, _ error, reqs []venuetest.Recorded) {
		var got, want []string
		for _, r := range reqs {
			got = append(got, r.Path+"?"+r.RawQuery)
		}
		for _, p := range pairs {
			want = append(want, depthPath+"?pair="+p+"&count=100")
		}
		cextest.CheckBooks(t, got, want)
	}
}

func maxIs(max string) func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
	return func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Max.String() != max {
			t.Errorf("error %v, want Max %s", err, max)
		}
	}
}

var okCase = venuetest.Case{Name: "buy_xmr", Req: send(btc, xmr, "0.05"), Routes: []venuetest.Route{
	{Path: "/0/public/AssetPairs", Fixture: "assetpairs.json"}, {Path: depthPath, Fixture: "depth_xxmrxxbt.json"}}}

func TestQuote(t *testing.T) {
	fixed := send(btc, xmr, "0.05")
	fixed.RateType = swapscout.Fixed
	noCall := asks()
	cextest.RunCases(t, &kraken.Descriptor, []cextest.Case{
		// Buy XMR with BTC on XMR/XBT: asked as XMRXBT, answered as XXMRXXBT.
		{Name: "buy_xmr", Req: send(btc, xmr, "0.05"), Routes: routes(xmrxbt), Check: asks("XMRXBT")},
		{Name: "receive_xmr", Req: receive(btc, xmr, "40"), Routes: routes(xmrxbt), Check: asks("XMRXBT")},
		{Name: "sell_xmr", Req: send(xmr, btc, "50"), Routes: routes(xmrxbt), Check: asks("XMRXBT")},
		// No XBT/USDT pair: through USD, 0.26% on XBT/USD and 0.2% on USDT/USD [DOC book].
		{Name: "btc_usdt_via_usd", Req: send(btc, usdtTRX, "1.5"), Routes: routes(xbtusd, usdtusd), Check: asks("XBTUSD", "USDTUSD")},
		{Name: "receive_usdt_via_usd", Req: receive(btc, usdtTRX, "50000"), Routes: routes(xbtusd, usdtusd), Check: asks("XBTUSD", "USDTUSD")},

		{Name: "fixed_unsupported", Req: fixed, Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "bnb_unsupported", Req: send(btc, bnb, "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "usdt_bep20_unsupported", Req: send(usdtBSC, btc, "100"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// ZEC/USD is cancel_only: no route.
		{Name: "zec_cancel_only", Req: send(zec, btc, "1"), Routes: routes(), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// The asks hold 194.8182102 XMR for 0.4799967241226 BTC.
		{Name: "beyond_book", Req: send(btc, xmr, "1"), Routes: routes(xmrxbt), Want: swapscout.CodeAmountTooLarge, Check: maxIs("0.47999672")},
		// 0.01 XMR is under XMR/XBT's ordermin of 0.03.
		{Name: "below_ordermin", Req: send(xmr, btc, "0.01"), Routes: routes(xmrxbt), Want: swapscout.CodeAmountTooSmall},

		// Kraken's errors come with HTTP 200.
		{Name: "unknown_pair", Req: send(btc, xmr, "0.05"), Routes: erroring("error_unknown_pair.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "too_many_requests", Req: send(btc, xmr, "0.05"), Routes: erroring("error_too_many_requests.json"), Want: swapscout.CodeRateLimited},
		{Name: "rate_limit_exceeded", Req: send(btc, xmr, "0.05"), Routes: erroring("error_rate_limit.json"), Want: swapscout.CodeRateLimited},
		{Name: "service_unavailable", Req: send(btc, xmr, "0.05"), Routes: erroring("error_unavailable.json"), Want: swapscout.CodeUnavailable},
		{Name: "service_busy", Req: send(btc, xmr, "0.05"), Routes: erroring("error_busy.json"), Want: swapscout.CodeUnavailable},
		{Name: "invalid_arguments", Req: send(btc, xmr, "0.05"), Routes: erroring("error_invalid_arguments.json"), Want: swapscout.CodeBadResponse},
		{Name: "error_with_5xx", Req: send(btc, xmr, "0.05"), Routes: []venuetest.Route{assetPairs, {Path: depthPath, Status: 520, Fixture: "error_unavailable.json"}},
			Want: swapscout.CodeUnavailable},
	})
}

func TestSlippage(t *testing.T) {
	cextest.Slippage(t, &kraken.Descriptor, routes(xmrxbt), send(btc, xmr, "0.01"), send(btc, xmr, "0.2"))
	cextest.Slippage(t, &kraken.Descriptor, routes(xbtusd, usdtusd), send(btc, usdtTRX, "1"), send(btc, usdtTRX, "3"))
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
		if _, err := q.Quote(context.Background(), send(btc, xmr, "0.05")); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote without a market list: %v, want unavailable", err)
		}
	}
}
