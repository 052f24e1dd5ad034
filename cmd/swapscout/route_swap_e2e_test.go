package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
)

// routeAddrs are valid addresses of the networks a route's bridge may be
// on, for its bridge refund address (and the test's payout and refund).
var routeAddrs = map[string]string{
	"btc": e2eRefundBTC,
	"eth": e2ePayoutETH,
	"trx": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
	"ltc": sweepAddress["ltc"],
	"sol": sweepAddress["sol"],
	"xmr": "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
}

// createRoute quotes btc→xmr with routes on serve at url, takes the first
// swappable route whose bridge has an address above and whose second venue
// is not in avoid, and creates it through the API.
func createRoute(t *testing.T, c *api.Client, key string, keep func(o *swapscout.Offer) bool) *api.Swap {
	t.Helper()
	ctx := context.Background()
	var seen []string
	for range 5 {
		q, err := c.Quote(ctx, api.QuoteRequest{From: "btc", To: "xmr", Amount: "0.1", Deadline: 8 * time.Second, Routes: "1"})
		if err != nil {
			t.Fatal(err)
		}
		for i := range q.Offers {
			o := &q.Offers[i]
			_, x, _, ok := swapscout.RouteLegs(o.Venue)
			if !ok {
				continue
			}
			seen = append(seen, o.Venue)
			if !o.CanSwap || routeAddrs[x.Network] == "" || !keep(o) {
				continue
			}
			sw, created, err := c.CreateSwap(ctx, key, api.SwapRequest{QuoteID: q.ID, Venue: o.Venue,
				PayoutAddress: routeAddrs["xmr"], RefundAddress: e2eRefundBTC, BridgeRefundAddress: routeAddrs[x.Network]})
			if swapscout.ErrorCode(err) == swapscout.ERATECHANGED {
				continue
			}
			if err != nil || !created {
				t.Fatalf("create route %s: %v (created %v)", o.Venue, err, created)
			}
			return sw
		}
	}
	t.Fatalf("no swappable route to take on btc→xmr among %v", seen)
	return nil
}

// waitSwap reads swap id until ok, for up to 60 s.
func waitSwap(t *testing.T, c *api.Client, id, what string, ok func(*api.Swap) bool) *api.Swap {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		sw, err := c.Swap(context.Background(), id)
		if err == nil && ok(sw) {
			return sw
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: swap %s is %+v (%v)", what, id, sw, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// On the simulator, through serve: a two-leg route is created through the
// API as one swap (leg 2 first, leg 1 paying out to leg 2's deposit
// address) and followed leg by leg to finished; with the second venue
// refunding (its outcome mode), the route ends refunded, leg 2's refund
// shown, sent to the bridge refund address.
func TestRouteSwapOnSimulator(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	// Two simulators: one where every venue pays, for the finished route
	// (whichever venues rank best), and one where the instant-swap venues
	// that end the best routes refund every paid order, for a route whose
	// second leg refunds.
	start := func(args ...string) *api.Client {
		simURL, secret := startPayingSim(t, append([]string{"--payout-spread", "0"}, args...)...)
		s := startServeOn(t, simURL, secret, func(string) string { return "" }, "--data-dir", t.TempDir(), "--track-interval", "100ms")
		return api.NewClient(s.url)
	}
	c := start()
	second := func(o *swapscout.Offer) string { _, _, v, _ := swapscout.RouteLegs(o.Venue); return v }
	first := func(o *swapscout.Offer) string { v, _, _, _ := swapscout.RouteLegs(o.Venue); return v }

	sw := createRoute(t, c, "route-fin", func(o *swapscout.Offer) bool { return true })
	if sw.Compose != swapscout.ComposeRoute || len(sw.Legs) != 2 || sw.DepositAddress == "" || sw.Legs[0].PayoutAddress != sw.Legs[1].DepositAddress ||
		sw.Legs[1].PayoutAddress != routeAddrs["xmr"] || sw.Legs[0].RefundAddress != e2eRefundBTC {
		t.Fatalf("route swap = %+v, legs %+v %+v", sw.Swap, sw.Legs[0], sw.Legs[1])
	}
	done := waitSwap(t, c, sw.ID, "route finished", func(r *api.Swap) bool { return r.Status.Terminal() })
	if done.Status != swapscout.StatusFinished || done.Legs[0].Status != swapscout.StatusFinished || done.Legs[1].Status != swapscout.StatusFinished {
		t.Errorf("route ended %s, legs %s %s; want finished", done.Status, done.Legs[0].Status, done.Legs[1].Status)
	}
	legs := map[int]bool{}
	for _, ev := range done.History {
		legs[ev.Leg] = true
	}
	if !legs[1] || !legs[2] {
		t.Errorf("history %+v; want both legs' changes", done.History)
	}

	// The best routes' second legs depend on the simulator's prices (and
	// on which second legs can follow a first: never a memo deposit), so
	// the instant-swap venues that usually end them all refund here.
	refunders := []string{"changenow", "fixedfloat", "letsexchange", "exolix", "stealthex"}
	c = start("--swap-outcome", strings.Join(refunders, "=refund,")+"=refund")
	sw = createRoute(t, c, "route-ref", func(o *swapscout.Offer) bool {
		return slices.Contains(refunders, second(o)) && !slices.Contains(refunders, first(o))
	})
	ref := waitSwap(t, c, sw.ID, "route refunded", func(r *api.Swap) bool { return r.Status.Terminal() })
	l2 := ref.Legs[1]
	if ref.Status != swapscout.StatusRefunded || ref.Legs[0].Status != swapscout.StatusFinished || l2.Status != swapscout.StatusRefunded ||
		l2.RefundTx == "" || !strings.EqualFold(l2.RefundAddress, routeAddrs[l2.From.Network]) {
		t.Errorf("route with a refunding second leg ended %s, leg 2 %+v", ref.Status, l2)
	}
}

// On the simulator, through serve: a route whose second venue's rate moves
// 3 % down after the route was made (past the default max_slippage) tells
// the user when leg 1 pays out (rate_moved, and a rate_moved event in the
// history), and is followed to its end all the same: leg 2's floating
// order pays what its rate gives.
func TestRouteRateMoveOnSimulator(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simSrv, secret := startSimServerWith(t, "--walk", "0", "--latency", "5ms", "--auto-pay", "1s", "--swap-stage", "150ms", "--payout-spread", "0")
	s := startServeOn(t, simSrv.URL(), secret, func(string) string { return "" }, "--data-dir", t.TempDir(), "--track-interval", "100ms")
	c := api.NewClient(s.url)
	sw := createRoute(t, c, "route-move", func(o *swapscout.Offer) bool { return o.Legs[1].RateType == swapscout.Float })
	_, _, second, _ := swapscout.RouteLegs(sw.Composite)
	if second == "" {
		second = sw.Legs[1].Venue
	}
	// Leg 1 is paid a second after its creation: the move comes first.
	simSrv.Exchange(second).MoveRate(0.03)
	done := waitSwap(t, c, sw.ID, "route with a moved rate over", func(r *api.Swap) bool { return r.Status.Terminal() })
	if done.RateMoved == "" || !strings.Contains(done.RateMoved, "past your max slippage") {
		t.Errorf("route ended %s with rate_moved %q; want the move told", done.Status, done.RateMoved)
	}
	noted := false
	for _, ev := range done.History {
		noted = noted || ev.Note == "rate_moved" && ev.Leg == 2
	}
	if !noted {
		t.Errorf("history %+v; want leg 2's rate_moved event", done.History)
	}
	if done.Legs[0].Status != swapscout.StatusFinished || !done.Legs[1].Status.Terminal() {
		t.Errorf("legs ended %s, %s; want leg 1 finished and leg 2 followed to its end", done.Legs[0].Status, done.Legs[1].Status)
	}
}
