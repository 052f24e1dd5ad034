package swaps_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

var usdtTrx = swapscout.Asset{Ticker: "usdt", Network: "trx"}

const (
	bridgeRefund = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8" // a Tron address (base58check)
	leg2Deposit  = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
	routeName    = "one>usdt@trx>two"
)

// legVenue is a venue of a route: it answers quotes with out per unit in
// (rate), creates orders with its own deposit address and reports status.
type legVenue struct {
	name    string
	deposit string
	seq     *int // shared: the order in which orders were made
	mu      sync.Mutex
	rate    swapscout.Amount
	fail    error
	made    int // seq of its order
	last    swapscout.CreateSwapRequest
	status  swapscout.SwapUpdate
}

func (v *legVenue) CreateSwap(_ context.Context, r swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.fail != nil {
		return swapscout.SwapOrder{}, v.fail
	}
	*v.seq++
	v.made, v.last = *v.seq, r
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: fmt.Sprintf("%s-%d", v.name, v.made)}, DepositAddress: v.deposit,
		AmountIn: r.Offer.AmountIn, AmountOut: r.Offer.AmountOut, VenueStatus: "new"}, nil
}

func (v *legVenue) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.status, nil
}

func (v *legVenue) offer(req swapscout.QuoteRequest) swapscout.Offer {
	v.mu.Lock()
	defer v.mu.Unlock()
	return swapscout.Offer{Venue: v.name, AmountIn: req.Amount, AmountOut: req.Amount.Mul(v.rate), RateType: swapscout.Float, CanSwap: true}
}

// routeQuotes holds the route's quote and answers re-quotes at each venue's
// rate.
type routeQuotes struct {
	quote  *swapscout.Quote
	venues map[string]*legVenue
	asked  []string
}

func (q *routeQuotes) QuoteByID(_ context.Context, id string) (*swapscout.Quote, error) {
	if id != q.quote.ID {
		return nil, swapscout.Errorf(swapscout.ENOTFOUND, "quote not found or expired")
	}
	return q.quote, nil
}

func (q *routeQuotes) Requote(_ context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error) {
	q.asked = append(q.asked, venue)
	return &swapscout.Quote{ID: "fresh", Request: req, Offers: []swapscout.Offer{q.venues[venue].offer(req)}}, nil
}

type routeFixture struct {
	svc      *swaps.Service
	one, two *legVenue
	quotes   *routeQuotes
	now      time.Time
}

// newRouteFixture: 0.5 BTC → USDT on Tron at "one" (60000 a BTC), then
// USDT → ETH at "two" (1/3000 ETH a USDT): 10 ETH.
func newRouteFixture(t *testing.T) *routeFixture {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	seq := 0
	f := &routeFixture{
		one: &legVenue{name: "one", deposit: deposit, seq: &seq, rate: swapscout.MustAmount("60000")},
		two: &legVenue{name: "two", deposit: leg2Deposit, seq: &seq, rate: swapscout.MustAmount("0.000333333333333333")},
		now: time.Now(),
	}
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.5"), Direction: swapscout.Send}
	leg1 := f.one.offer(swapscout.QuoteRequest{Amount: req.Amount})
	leg2 := f.two.offer(swapscout.QuoteRequest{Amount: leg1.AmountOut})
	route := swapscout.Offer{Venue: routeName, AmountIn: leg1.AmountIn, AmountOut: leg2.AmountOut, RateType: swapscout.Float,
		CanSwap: true, Legs: []swapscout.Offer{leg1, leg2}}
	f.quotes = &routeQuotes{quote: &swapscout.Quote{ID: "q1", Request: req, Offers: []swapscout.Offer{route}},
		venues: map[string]*legVenue{"one": f.one, "two": f.two}}
	f.svc = &swaps.Service{
		Quotes: f.quotes, Store: db,
		Swapper: func(v string) (swapscout.Swapper, bool) {
			lv, ok := f.quotes.venues[v]
			return lv, ok
		},
		Now: func() time.Time { return f.now },
	}
	return f
}

func routeRequest(key string) swaps.CreateRequest {
	return swaps.CreateRequest{IdempotencyKey: key, QuoteID: "q1", Venue: routeName, PayoutAddress: payout, RefundAddress: refund,
		BridgeRefundAddress: bridgeRefund}
}

// A route is one swap of two venue orders: leg 2 made first, paying out to
// the user and refunding to the bridge refund address; leg 1 then, paying
// out to leg 2's deposit address and refunding to the user's refund
// address. The user holds leg 1's id and sees the route whole.
func TestCreateRoute(t *testing.T) {
	f := newRouteFixture(t)
	sw, created, err := f.svc.Create(ctx, routeRequest("r1"))
	if err != nil || !created {
		t.Fatalf("Create(route) = %v, %v", created, err)
	}
	if f.two.made != 1 || f.one.made != 2 {
		t.Errorf("orders made: two #%d, one #%d; want leg 2 first", f.two.made, f.one.made)
	}
	if l := f.two.last; l.PayoutAddress != payout || l.RefundAddress != bridgeRefund || l.Request.From != usdtTrx || l.Request.To != eth {
		t.Errorf("leg 2 asked with %+v", l)
	}
	if l := f.one.last; l.PayoutAddress != leg2Deposit || l.RefundAddress != refund || l.Request.From != btc || l.Request.To != usdtTrx {
		t.Errorf("leg 1 asked with %+v", l)
	}
	if sw.Venue != routeName || sw.DepositAddress != deposit || sw.PayoutAddress != payout || sw.To != eth ||
		sw.Status != swapscout.StatusWaiting || len(sw.Legs) != 2 || sw.AmountOut.Cmp(swapscout.MustAmount("10")) > 0 {
		t.Errorf("route swap = %+v", sw)
	}
	got, hist, err := f.svc.Get(ctx, sw.Legs[1].ID) // from the second leg's id too
	if err != nil || got.ID != sw.ID || len(got.Legs) != 2 || got.Legs[1].RefundAddress != bridgeRefund {
		t.Fatalf("Get(leg 2) = %+v, %v", got, err)
	}
	if len(hist) != 2 || hist[0].Leg == hist[1].Leg {
		t.Errorf("history = %+v; want each leg's creation", hist)
	}
	again, created, err := f.svc.Create(ctx, routeRequest("r1"))
	if err != nil || created || again.ID != sw.ID || len(again.Legs) != 2 {
		t.Errorf("retry = %+v, %v, %v; want the route", again, created, err)
	}
}

// The second leg refunds in the bridge asset: its refund address is asked
// for, and checked on the bridge's network, before any venue is called.
func TestCreateRouteBridgeRefund(t *testing.T) {
	f := newRouteFixture(t)
	for _, tc := range []struct{ addr, why string }{{"", "refunds in USDT"}, {refund, "(the second leg's refund is sent in USDT"}} {
		r := routeRequest("b")
		r.BridgeRefundAddress = tc.addr
		_, _, err := f.svc.Create(ctx, r)
		var ae *swaps.AddressError
		if !asAddressError(err, &ae) || ae.Field != "bridge_refund_address" || !strings.Contains(ae.Reason, tc.why) {
			t.Errorf("bridge refund %q: %v; want bridge_refund_address saying %q", tc.addr, err, tc.why)
		}
	}
	if len(f.quotes.asked) != 0 || f.one.made+f.two.made != 0 {
		t.Errorf("venues called for a refused route: %v", f.quotes.asked)
	}
}

func asAddressError(err error, ae **swaps.AddressError) bool {
	e, ok := err.(*swaps.AddressError)
	*ae = e
	return ok
}

// A leg 1 that creates nothing leaves no payable swap, and leg 2's order,
// which nobody will pay, is closed in its record.
func TestCreateRouteLeg1Refused(t *testing.T) {
	f := newRouteFixture(t)
	f.one.fail = &swapscout.VenueError{Code: swapscout.CodeUnsupportedPair, Msg: "pair disabled"}
	_, _, err := f.svc.Create(ctx, routeRequest("x"))
	if err == nil || !strings.Contains(swapscout.ErrorMessage(err), "route leg 1 (one)") {
		t.Fatalf("Create = %v; want leg 1's refusal", err)
	}
	if f.two.made != 1 {
		t.Fatalf("leg 2 not made first")
	}
	// The key is free again: a retry makes a new route.
	f.one.fail = nil
	if _, created, err := f.svc.Create(ctx, routeRequest("x")); err != nil || !created {
		t.Errorf("retry after a clean refusal = %v, %v", created, err)
	}
}

// Poll walks both legs: leg 2 waits for leg 1's payout; when leg 1 pays
// out, leg 2's rate is asked again (moved past the slippage: the user is
// told), then leg 2 is followed to its end, and a refund of leg 2 surfaces
// on the route.
func TestPollRoute(t *testing.T) {
	f := newRouteFixture(t)
	sw, _, err := f.svc.Create(ctx, routeRequest("p"))
	if err != nil {
		t.Fatal(err)
	}
	poll := func() swaps.Step {
		t.Helper()
		f.now = f.now.Add(time.Minute)
		st, err := f.svc.Poll(ctx, sw.ID)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	view := func() (*swapscout.Swap, []swapscout.SwapEvent) {
		t.Helper()
		v, h, err := f.svc.Get(ctx, sw.ID)
		if err != nil {
			t.Fatal(err)
		}
		return v, h
	}
	f.one.status = swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"}
	f.two.status = swapscout.SwapUpdate{Status: swapscout.StatusExpired, VenueStatus: "expired"} // not asked yet
	if st := poll(); st.Done {
		t.Fatal("route done while leg 1 exchanges")
	}
	if v, _ := view(); v.Status != swapscout.StatusExchanging || v.Legs[1].Status != swapscout.StatusWaiting {
		t.Errorf("leg 1 exchanging: route %s, leg 2 %s", v.Status, v.Legs[1].Status)
	}
	// Leg 1 pays out; leg 2's venue now gives 2 % less.
	f.one.status = swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done", AmountReceived: swapscout.MustAmount("30000")}
	f.two.rate = swapscout.MustAmount("0.000326666666666666")
	f.two.status = swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming"}
	if st := poll(); st.Done {
		t.Fatal("route done while leg 2 confirms")
	}
	v, hist := view()
	if v.Status != swapscout.StatusExchanging || !strings.Contains(v.RateMoved, "2.00 % less") && !strings.Contains(v.RateMoved, "% less") {
		t.Errorf("after leg 1 paid out: status %s, rate moved %q", v.Status, v.RateMoved)
	}
	if last := hist[len(hist)-1]; last.Note != swaps.NoteRateMoved && hist[len(hist)-2].Note != swaps.NoteRateMoved {
		t.Errorf("history %+v; want the rate move told", hist)
	}
	// Asked once only.
	asked := len(f.quotes.asked)
	poll()
	if len(f.quotes.asked) != asked {
		t.Errorf("leg 2's rate asked again on a later poll")
	}
	f.two.status = swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "refunded", RefundTx: "trx-refund", AmountRefunded: swapscout.MustAmount("30000")}
	if st := poll(); !st.Done {
		t.Errorf("route not done after leg 2's refund")
	}
	v, hist = view()
	if v.Status != swapscout.StatusRefunded || v.Legs[1].RefundTx != "trx-refund" || v.Legs[1].RefundAddress != bridgeRefund {
		t.Errorf("route after leg 2's refund: %s, leg 2 %+v", v.Status, v.Legs[1])
	}
	if last := hist[len(hist)-1]; last.Status != swapscout.StatusRefunded || last.Leg != 2 {
		t.Errorf("last event %+v; want leg 2 refunded", last)
	}
}

// A route whose leg 1 is refunded closes its leg 2 unused.
func TestPollRouteLeg1Refunded(t *testing.T) {
	f := newRouteFixture(t)
	sw, _, err := f.svc.Create(ctx, routeRequest("q"))
	if err != nil {
		t.Fatal(err)
	}
	f.one.status = swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "refunded"}
	st, err := f.svc.Poll(ctx, sw.ID)
	if err != nil || !st.Done {
		t.Fatalf("Poll = %+v, %v; want done", st, err)
	}
	v, _, _ := f.svc.Get(ctx, sw.ID)
	if v.Status != swapscout.StatusRefunded || v.Legs[1].Status != swapscout.StatusExpired || !strings.Contains(v.Legs[1].VenueStatus, "not used") {
		t.Errorf("route %s, leg 2 %s %q", v.Status, v.Legs[1].Status, v.Legs[1].VenueStatus)
	}
}
