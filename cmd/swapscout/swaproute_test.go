package main

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/swaps"
)

const (
	testRoute    = "changenow>usdt@trx>exolix"
	bridgeRefund = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8" // a Tron address (TRC-20 USDT)
	leg2Deposit  = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"
)

// routeFirst puts a swappable two-leg route (changenow, USDT on Tron,
// exolix) first in f's quote.
func routeFirst(t *testing.T, f *fakeAPI) {
	t.Helper()
	q, err := api.DecodeQuote(f.quote)
	if err != nil {
		t.Fatal(err)
	}
	var route api.Offer
	for _, o := range q.Offers {
		if o.Venue == "fixedfloat" {
			route = o
		}
	}
	route.Venue, route.AmountOut = testRoute, swapscout.MustAmount("2.05")
	route.Legs = []swapscout.Offer{
		{Venue: "changenow", AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("9500"), RateType: swapscout.Float, CanSwap: true, KYC: route.KYC},
		{Venue: "exolix", AmountIn: swapscout.MustAmount("9500"), AmountOut: swapscout.MustAmount("2.05"), RateType: swapscout.Float, CanSwap: true, KYC: route.KYC},
	}
	q.Offers = append([]api.Offer{route}, q.Offers...)
	f.quote = api.AppendAnswer(nil, q)
}

// routeRecord is a route swap's record as the server renders it, its legs
// at the statuses given; a refunded leg 2 refunds to the bridge address.
func routeRecord(st1, st2 swapscout.SwapStatus) []byte {
	btc, usdt, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "usdt", Network: "trx"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	l1 := &swapscout.Swap{ID: testSwapID, QuoteID: testQuoteID, Venue: "changenow", VenueOrder: swapscout.OrderRef{ID: "cn-leg-1"}, Status: st1,
		From: btc, To: usdt, AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("9500"),
		DepositAddress: depositAddr, PayoutAddress: leg2Deposit, RefundAddress: refundAddr,
		Compose: swapscout.ComposeRoute, Composite: testRoute, Leg: 1, CreatedAt: fixtureT0, UpdatedAt: fixtureT0, ExpiresAt: fixtureT0.Add(30 * time.Minute)}
	l2 := &swapscout.Swap{ID: "l2" + testSwapID[2:], QuoteID: testQuoteID, Venue: "exolix", VenueOrder: swapscout.OrderRef{ID: "ex-leg-2"}, Status: st2,
		From: usdt, To: eth, AmountIn: swapscout.MustAmount("9500"), AmountOut: swapscout.MustAmount("2.05"),
		DepositAddress: leg2Deposit, PayoutAddress: payoutAddr, RefundAddress: bridgeRefund,
		Compose: swapscout.ComposeRoute, Composite: testRoute, Parent: testSwapID, Leg: 2, CreatedAt: fixtureT0, UpdatedAt: fixtureT0}
	hist := []swapscout.SwapEvent{{At: fixtureT0, Status: swapscout.StatusWaiting, VenueStatus: "new", Leg: 1}}
	if st1 == swapscout.StatusFinished {
		l1.PayoutTx = "0xleg1payout"
		hist = append(hist, swapscout.SwapEvent{At: fixtureT0.Add(time.Minute), Status: swapscout.StatusExchanging, VenueStatus: "finished", Leg: 1})
	}
	switch st2 {
	case swapscout.StatusFinished:
		l2.PayoutTx, l2.AmountReceived = "0xleg2payout", swapscout.MustAmount("2.04")
		hist = append(hist, swapscout.SwapEvent{At: fixtureT0.Add(2 * time.Minute), Status: st2, VenueStatus: "success", Leg: 2})
	case swapscout.StatusRefunded:
		l2.RefundTx, l2.AmountRefunded = "leg2refundtx", swapscout.MustAmount("9500")
		hist = append(hist, swapscout.SwapEvent{At: fixtureT0.Add(2 * time.Minute), Status: st2, VenueStatus: "refunded", Leg: 2})
	}
	return api.AppendSwap(nil, swaps.View([]*swapscout.Swap{l1, l2}), hist)
}

// TestSwapRoute: `swap` takes a two-leg route only when routes are asked
// for; chosen on a terminal, it says why the route needs a refund address
// on its bridge asset and asks for one (again when the one typed is not an
// address there), creates the route with it, shows both legs (each order,
// where it pays out and refunds) and follows them leg by leg. Under --yes a
// route is taken only with --bridge-refund-address, and a leg 2 refund
// says where it went.
func TestSwapRoute(t *testing.T) {
	steps := func(f *fakeAPI, st2 swapscout.SwapStatus) {
		f.steps = [][]byte{routeRecord(swapscout.StatusWaiting, swapscout.StatusWaiting),
			routeRecord(swapscout.StatusFinished, swapscout.StatusExchanging), routeRecord(swapscout.StatusFinished, st2)}
	}
	f := newFakeAPI(t)
	routeFirst(t, f)
	steps(f, swapscout.StatusFinished)
	out, errOut, err := runSwapTest(t, f.start(), typed("y\nbc1qnotabridge\n"+bridgeRefund+"\n"), "--routes", "1")
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	if p := f.Posts(); len(p) != 1 || p[0].Venue != testRoute || p[0].BridgeRefundAddress != bridgeRefund {
		t.Fatalf("posts %+v; want the route with its bridge refund address", p)
	}
	if q := f.quotes; len(q) != 1 || !strings.Contains(q[0], "routes=1") {
		t.Errorf("quotes asked %q; want routes=1", q)
	}
	wantInOrder(t, out, "changenow → USDT → exolix", "Swap in two legs, changenow → USDT → exolix (offer 1):",
		"leg 1         at changenow: 0.1 BTC → 9500 USDT on", "leg 2         at exolix: 9500 USDT → 2.05 ETH, paid out to you",
		"This route swaps in two legs: changenow turns your BTC into USDT, then exolix turns that into ETH. If exolix cannot finish, it refunds in USDT",
		"Swap "+testSwapID+" created as a two-leg route: changenow, then exolix.", "send exactly   0.1 BTC on btc", "to             "+depositAddr,
		"leg 1 at changenow, order cn-leg-1", "pays out to  "+leg2Deposit+" (leg 2's deposit address", "leg 2 at exolix, order ex-leg-2",
		"refunds to   "+bridgeRefund+" (in USDT", "▀",
		"following swap "+testSwapID+": a two-leg route, changenow → USDT → exolix", "leg 1 at changenow, order cn-leg-1", "leg 2 at exolix, order ex-leg-2",
		`(leg 1 at changenow: "new")`, "leg 1 (changenow) payout tx 0xleg1payout, to leg 2's deposit address", `(leg 2 at exolix: "success")`,
		"leg 2 (exolix) payout tx 0xleg2payout", "finished: 2.04 ETH")
	wantInOrder(t, errOut, "Create this swap?", "Your USDT refund address on", "bc1qnotabridge is not an address for a refund in USDT", "Your USDT refund address on")

	// Without --routes the route is never asked for.
	f = newFakeAPI(t, finishedSteps...)
	_, _, err = runSwapTest(t, f.start(), nil, "--yes", "--no-follow")
	if err != nil || len(f.quotes) != 1 || !strings.Contains(f.quotes[0], "routes=0") {
		t.Errorf("default: %v, quotes %q; want routes=0", err, f.quotes)
	}

	// --yes without a bridge refund address passes the route over.
	f = newFakeAPI(t, finishedSteps...)
	routeFirst(t, f)
	out, _, err = runSwapTest(t, f.start(), nil, "--yes", "--routes", "1", "--no-follow")
	if err != nil || len(f.Posts()) != 1 || f.Posts()[0].Venue != "fixedfloat" || !strings.Contains(out, "(1 two-leg route not taken: with --yes a route needs --bridge-refund-address") {
		t.Errorf("--yes without a bridge address: %v, posts %+v\n%s", err, f.Posts(), out)
	}
	// Named, it says what is missing and why.
	f = newFakeAPI(t, finishedSteps...)
	routeFirst(t, f)
	_, _, err = runSwapTest(t, f.start(), nil, "--yes", "--venue", testRoute)
	if err == nil || !strings.Contains(err.Error(), "refunds in USDT") || !strings.Contains(err.Error(), "--bridge-refund-address") || len(f.Posts()) != 0 {
		t.Errorf("--yes --venue route: %v, posts %+v", err, f.Posts())
	}

	// With it, the route is made, and a leg 2 refund says where it went.
	f = newFakeAPI(t)
	routeFirst(t, f)
	steps(f, swapscout.StatusRefunded)
	out, errOut, err = runSwapTest(t, f.start(), nil, "--yes", "--venue", testRoute, "--bridge-refund-address", bridgeRefund)
	if p := f.Posts(); len(p) != 1 || p[0].Venue != testRoute || p[0].BridgeRefundAddress != bridgeRefund {
		t.Fatalf("posts %+v\n%s\n%s", p, out, errOut)
	}
	if want := "swap " + testSwapID + " was refunded: leg 2 (exolix, order ex-leg-2) refunded 9500 USDT in tx leg2refundtx to " + bridgeRefund; err == nil || err.Error() != want {
		t.Errorf("refunded route: %v\nwant %s", err, want)
	}
	wantInOrder(t, out, "leg 2 (exolix) refund tx leg2refundtx of 9500 USDT to "+bridgeRefund)
}

// TestSwapRouteEndToEnd: against a real server on the simulator (venues
// that pay, SQLite, the tracker, the event stream), `swap --routes 1 --yes
// --venue <route> --bridge-refund-address …` creates the two-leg route a
// quote offered, prints leg 1's deposit with its QR code and both legs'
// orders, and follows the route leg by leg until the simulator has paid
// both out.
func TestSwapRouteEndToEnd(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, secret := startPayingSim(t, "--payout-spread", "0")
	s := startServeOn(t, simURL, secret, func(string) string { return "" }, "--data-dir", t.TempDir(), "--track-interval", "100ms")
	c := api.NewClient(s.url)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	clk := defaultCLIClock()
	clk.interval = 200 * time.Millisecond
	var tried []string
	for i := range 8 {
		if i > 0 {
			// The quotes before asked every bridge at every venue: let the
			// venues' rate budgets refill, so that this quote and the
			// command's own are not both refused the route legs they need.
			select {
			case <-ctx.Done():
				t.Fatal(ctx.Err())
			case <-time.After(2 * time.Second):
			}
		}
		// A route this server offers now, whose bridge network the test
		// has an address of, paid by a plain transfer (a memo deposit
		// is --yes's only with --allow-memo-deposit); the command quotes again, and which routes
		// rank best varies from quote to quote: another try then.
		q, err := c.Quote(ctx, api.QuoteRequest{From: "btc", To: "xmr", Amount: "0.1", Deadline: 8 * time.Second, Routes: "1"})
		if err != nil {
			t.Fatal(err)
		}
		route, bridge := "", ""
		for _, o := range q.Offers {
			if _, x, _, ok := swapscout.RouteLegs(o.Venue); ok && o.CanSwap && routeAddrs[x.Network] != "" && o.Deposit != swapscout.DepositMemo {
				route, bridge = o.Venue, routeAddrs[x.Network]
				break
			}
		}
		if route == "" {
			continue
		}
		tried = append(tried, route)
		var out, errOut syncBuffer
		err = swapCmd(ctx, []string{"btc", "xmr", "0.1", "--to-address", routeAddrs["xmr"], "--refund-address", e2eRefundBTC,
			"--server", s.url, "--yes", "--routes", "1", "--venue", route, "--bridge-refund-address", bridge, "--deadline", "8s"},
			env{getenv: noEnv, stdout: &out, stderr: &errOut}, clk, nil)
		if err != nil && strings.Contains(err.Error(), "has no offer") || errors.Is(err, errNoSwap) && strings.Contains(err.Error(), "rate") {
			continue // not offered again, or its rate moved: the next quote's
		}
		if err != nil {
			t.Fatalf("swap %s: %v\n%s\n%s", route, err, out.String(), errOut.String())
		}
		first, x, second, _ := swapscout.RouteLegs(route)
		m := regexp.MustCompile(`Swap ([a-z2-7]{26}) created as a two-leg route`).FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("no route created in:\n%s", out.String())
		}
		wantInOrder(t, out.String(), "Swap in two legs, "+first+" → "+strings.ToUpper(x.Ticker)+" → "+second, "send exactly   0.1 BTC on btc", "to             bc1",
			"leg 1 at "+first, "leg 2 at "+second, "refunds to   "+bridge, "▀",
			"following swap "+m[1]+": a two-leg route", "leg 1 ("+first+") payout tx", "leg 2 ("+second+") payout tx", "finished: ")
		sw, err := c.Swap(ctx, m[1])
		if err != nil || sw.Status != swapscout.StatusFinished || len(sw.Legs) != 2 || sw.Legs[1].RefundAddress != bridge {
			t.Errorf("the route's record: %v, %+v", err, sw)
		}
		return
	}
	t.Fatalf("no route could be taken from the command line; tried %v", tried)
}

// withSupport gives f's venues changenow and exolix a support contact, as
// GET /v1/venues names it.
func withSupport(t *testing.T, f *fakeAPI) {
	t.Helper()
	var doc map[string][]map[string]any
	if err := json.Unmarshal(f.venues, &doc); err != nil {
		t.Fatal(err)
	}
	for _, v := range doc["venues"] {
		switch v["id"] {
		case "changenow":
			v["support"] = map[string]any{"documented": true, "email": "support@changenow.io", "source": "ChangeNOW's integration notes"}
		case "exolix":
			v["support"] = map[string]any{"documented": true, "url": "https://exolix.com/contacts", "source": "exolix.com"}
		}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	f.venues = b
}

// TestSwapRouteSupport: a route whose second leg fails prints one support
// packet per leg, each under its own venue's contact and order id, and
// names the leg that failed, so the user writes to the second venue with
// its order id, not the first.
func TestSwapRouteSupport(t *testing.T) {
	f := newFakeAPI(t)
	routeFirst(t, f)
	withSupport(t, f)
	f.steps = [][]byte{routeRecord(swapscout.StatusWaiting, swapscout.StatusWaiting), routeRecord(swapscout.StatusFinished, swapscout.StatusFailed)}
	out, _, err := runSwapTest(t, f.start(), nil, "--yes", "--venue", testRoute, "--bridge-refund-address", bridgeRefund)
	if want := "swap " + testSwapID + " failed at leg 2, exolix"; err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "(order id ex-leg-2)") {
		t.Errorf("err %v; want %q and leg 2's order id", err, want)
	}
	wantInOrder(t, out, "support: this swap is 2 orders, each known only to its venue; write to the venue of the leg that stalls",
		"leg 1 at ChangeNOW, order cn-leg-1: write to ChangeNOW's support at support@changenow.io", "Order id:", "cn-leg-1", "Payout address:", leg2Deposit,
		"leg 2 at Exolix, order ex-leg-2: write to Exolix's support at https://exolix.com/contacts (source: exolix.com)", "Order id:", "ex-leg-2",
		"Refund address:", bridgeRefund, "Status:", "failed", "never asks for your private keys")
}

// TestSwapSplitQR: a split's deposits are one per part, each with its own
// QR code, as a direct swap's deposit has.
func TestSwapSplitQR(t *testing.T) {
	f := newFakeAPI(t)
	q, err := api.DecodeQuote(f.quote)
	if err != nil {
		t.Fatal(err)
	}
	split := q.Offers[1] // fixedfloat's, as a split's head
	split.Venue = "split:fixedfloat+changenow"
	split.Parts = []swapscout.Offer{{Venue: "fixedfloat", AmountIn: swapscout.MustAmount("0.06"), AmountOut: swapscout.MustAmount("1.2"), CanSwap: true},
		{Venue: "changenow", AmountIn: swapscout.MustAmount("0.04"), AmountOut: swapscout.MustAmount("0.8"), CanSwap: true}}
	q.Offers = append([]api.Offer{split}, q.Offers...)
	f.quote = api.AppendAnswer(nil, q)
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	part := func(id, venue, order, dep, amount string, n int) *swapscout.Swap {
		return &swapscout.Swap{ID: id, Venue: venue, VenueOrder: swapscout.OrderRef{ID: order}, Status: swapscout.StatusWaiting, From: btc, To: eth,
			AmountIn: swapscout.MustAmount(amount), AmountOut: swapscout.MustAmount("1"), DepositAddress: dep, PayoutAddress: payoutAddr, RefundAddress: refundAddr,
			Compose: swapscout.ComposeSplit, Composite: split.Venue, Leg: n, CreatedAt: fixtureT0, UpdatedAt: fixtureT0}
	}
	p1 := part(testSwapID, "fixedfloat", "FF1", depositAddr, "0.06", 1)
	p2 := part("p2"+testSwapID[2:], "changenow", "cn2", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "0.04", 2)
	p2.Parent = testSwapID
	f.steps = [][]byte{api.AppendSwap(nil, swaps.View([]*swapscout.Swap{p1, p2}), nil)}
	out, errOut, err := runSwapTest(t, f.start(), nil, "--yes", "--no-follow")
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	i1, i2 := strings.Index(out, "part 1 at fixedfloat"), strings.Index(out, "part 2 at changenow")
	if i1 < 0 || i2 < i1 {
		t.Fatalf("no parts in:\n%s", out)
	}
	// A QR code's three finder patterns open with this row, two on its
	// first line and one on a later one.
	const finder = "█▀▀▀▀▀█"
	if n := strings.Count(out[i1:i2], finder); n != 3 {
		t.Errorf("part 1 shows %d finder rows, want one QR code (3):\n%s", n, out[i1:i2])
	}
	if n := strings.Count(out[i2:], finder); n != 3 {
		t.Errorf("part 2 shows %d finder rows, want one QR code (3):\n%s", n, out[i2:])
	}
}
