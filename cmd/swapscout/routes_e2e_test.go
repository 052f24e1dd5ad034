package main

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
)

// On the demo's simulated venues, a quote offers two-leg routes beside the
// direct offers, each leg its venue's own offer priced for what the other
// leg moves, and split=2 for an amount beyond the instant-swap venues'
// max offers a split whose parts are the venues' answers for the parts.
func TestRoutesAndSplitsOnSimulator(t *testing.T) {
	tier.E2E(t)
	c := api.NewClient(startDemo(t))
	ctx := context.Background()

	q, err := c.Quote(ctx, api.QuoteRequest{From: "zec", To: "ton", Amount: "10", Deadline: 4 * time.Second, Routes: "1"})
	if err != nil {
		t.Fatal(err)
	}
	routes := 0
	for _, o := range q.Offers {
		if len(o.Legs) == 0 {
			continue
		}
		routes++
		l1, l2 := o.Legs[0], o.Legs[1]
		if !o.AmountIn.Equal(l1.AmountIn) || !o.AmountOut.Equal(l2.AmountOut) || l2.AmountIn.Cmp(l1.AmountOut) > 0 {
			t.Errorf("route %s: %s → %s, legs %s → %s then %s → %s", o.Venue, o.AmountIn, o.AmountOut, l1.AmountIn, l1.AmountOut, l2.AmountIn, l2.AmountOut)
		}
		if o.KYC < max(l1.KYC, l2.KYC) {
			t.Errorf("route %s rated %s, legs %s and %s", o.Venue, o.KYC, l1.KYC, l2.KYC)
		}
		if !l1.CanSwap || !l2.CanSwap {
			t.Errorf("route %s has a leg that cannot become a swap", o.Venue)
		}
	}
	if routes == 0 {
		t.Fatalf("no route among %d offers", len(q.Offers))
	}

	q, err = c.Quote(ctx, api.QuoteRequest{From: "btc", To: "xmr", Amount: "50", Deadline: 4 * time.Second, Split: "2", Routes: "0"})
	if err != nil {
		t.Fatal(err)
	}
	var split *swapscout.Offer
	for i := range q.Offers {
		if len(q.Offers[i].Legs) > 0 {
			t.Errorf("routes=0 answered route %s", q.Offers[i].Venue)
		}
		if len(q.Offers[i].Parts) > 0 {
			split = &q.Offers[i]
		}
	}
	if split == nil {
		t.Fatalf("no split among %d offers", len(q.Offers))
	}
	var in, out swapscout.Amount
	for _, p := range split.Parts {
		in, out = in.Add(p.AmountIn), out.Add(p.AmountOut)
	}
	if len(split.Parts) != 2 || !in.Equal(q.Request.Amount) || !out.Equal(split.AmountOut) {
		t.Errorf("split %s: %d parts summing to %s → %s, offer %s → %s", split.Venue, len(split.Parts), in, out, split.AmountIn, split.AmountOut)
	}
}
