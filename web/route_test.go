package web

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// A route's swap form asks the bridge refund address and says why; its
// swap page lists each leg's status and a refund of the second leg.
func TestRouteFormAndPage(t *testing.T) {
	btc, usdt, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "usdt", Network: "trx"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	leg1 := swapscout.Offer{Venue: "one", AmountIn: swapscout.MustAmount("0.5"), AmountOut: swapscout.MustAmount("30000"), CanSwap: true}
	leg2 := swapscout.Offer{Venue: "two", AmountIn: swapscout.MustAmount("30000"), AmountOut: swapscout.MustAmount("10"), CanSwap: true}
	q := &swapscout.Quote{ID: "q", Request: swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.5")},
		Offers: []swapscout.Offer{{Venue: "one>usdt@trx>two", AmountIn: leg1.AmountIn, AmountOut: leg2.AmountOut, CanSwap: true, Legs: []swapscout.Offer{leg1, leg2}}}}
	f := SwapForm{Quote: "q", Venue: "one>usdt@trx>two"}
	f.SetQuote(q, map[string]string{"one": "One", "two": "Two"})
	b, err := Render("swapnew", f)
	if err != nil {
		t.Fatal(err)
	}
	if page := string(b); !strings.Contains(page, `name="bridge_refund_address"`) || !strings.Contains(page, "If Two cannot finish, it refunds in USDT on Tron") {
		t.Errorf("route form does not ask the bridge refund address with its reason:\n%s", page)
	}
	l1 := &swapscout.Swap{ID: "a", Venue: "one", From: btc, To: usdt, Status: swapscout.StatusFinished, PayoutTx: "tx1"}
	l2 := &swapscout.Swap{ID: "b", Venue: "two", From: usdt, To: eth, Status: swapscout.StatusRefunded, RefundAddress: "Tbridge", RefundTx: "tx2"}
	sw := *l1
	sw.Venue, sw.To, sw.Status, sw.Compose, sw.Legs, sw.RateMoved = "one>usdt@trx>two", eth, swapscout.StatusRefunded, swapscout.ComposeRoute, []*swapscout.Swap{l1, l2}, "Two now gives less"
	v := NewSwapView(&sw, nil, nil, time.Now())
	b, err = Render("swap", v)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{`data-leg="1" data-status="finished"`, `data-leg="2" data-status="refunded"`, "refunded to <code class=\"addr\">Tbridge</code>", "rate moved.</strong> Two now gives less"} {
		if !strings.Contains(page, want) {
			t.Errorf("route swap page lacks %q", want)
		}
	}
}
