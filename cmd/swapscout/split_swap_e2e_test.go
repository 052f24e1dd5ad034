package main

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
)

// splitVenues are instant-swap venues of the simulator with a max (in
// USD: changehero 100k, fixedfloat 60k, easybit 50k, wizardswap 25k):
// 1.7 BTC (about 110k USD at the simulator's price) is beyond every one.
var splitVenues = []string{"changehero", "fixedfloat", "easybit", "wizardswap"}

// On the simulator, through serve: an amount beyond every venue's max is
// offered as a split over two venues or more (split=auto, the default),
// created through the API as one swap with one deposit per part, and each
// part followed to finished.
func TestSplitSwapOnSimulator(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, secret := startPayingSim(t, "--payout-spread", "0")
	s := startServeOn(t, simURL, secret, func(string) string { return "" }, "--data-dir", t.TempDir(), "--track-interval", "100ms")
	c := api.NewClient(s.url)
	ctx := context.Background()

	var sw *api.Swap
	var split *api.Offer
	for range 5 {
		q, err := c.Quote(ctx, api.QuoteRequest{From: "btc", To: "xmr", Amount: "1.7", Deadline: 8 * time.Second, Venues: splitVenues})
		if err != nil {
			t.Fatal(err)
		}
		for i := range q.Offers {
			o := &q.Offers[i]
			if len(o.Parts) == 0 && o.CanSwap {
				t.Fatalf("%s offers 1.7 BTC whole: the test's amount must be beyond every max", o.Venue)
			}
			if len(o.Parts) >= 2 && o.CanSwap {
				split = o
			}
		}
		if split == nil {
			t.Fatalf("no swappable split offered for 1.7 BTC: offers %+v, failures %+v", q.Offers, q.Failures)
		}
		var created bool
		sw, created, err = c.CreateSwap(ctx, "split-fin", api.SwapRequest{QuoteID: q.ID, Venue: split.Venue,
			PayoutAddress: routeAddrs["xmr"], RefundAddress: e2eRefundBTC})
		if swapscout.ErrorCode(err) == swapscout.ERATECHANGED {
			continue
		}
		if err != nil || !created {
			t.Fatalf("create split %s: %v (created %v)", split.Venue, err, created)
		}
		break
	}
	if sw == nil {
		t.Fatal("the split's rate kept changing")
	}
	if sw.Compose != swapscout.ComposeSplit || len(sw.Legs) != len(split.Parts) || sw.DepositAddress != "" || sw.PartsNote != "" {
		t.Fatalf("split swap = %+v (%d parts, offer had %d)", sw.Swap, len(sw.Legs), len(split.Parts))
	}
	seen := map[string]bool{}
	var in swapscout.Amount
	for i, p := range sw.Legs {
		if p.Venue != split.Parts[i].Venue || p.DepositAddress == "" || seen[p.DepositAddress] || p.PayoutAddress != routeAddrs["xmr"] || p.RefundAddress != e2eRefundBTC {
			t.Errorf("part %d = %+v; want its own deposit at %s", i+1, p, split.Parts[i].Venue)
		}
		seen[p.DepositAddress] = true
		in = in.Add(p.AmountIn)
	}
	if !in.Equal(swapscout.MustAmount("1.7")) || !sw.AmountIn.Equal(in) {
		t.Errorf("parts send %s in all, the swap says %s; want 1.7", in, sw.AmountIn)
	}
	done := waitSwap(t, c, sw.ID, "split finished", func(r *api.Swap) bool { return r.Status.Terminal() })
	if done.Status != swapscout.StatusFinished {
		t.Errorf("split ended %s; want finished", done.Status)
	}
	parts := map[int]bool{}
	for i, p := range done.Legs {
		if p.Status != swapscout.StatusFinished || p.PayoutTx == "" {
			t.Errorf("part %d ended %s (payout %q); want finished and paid", i+1, p.Status, p.PayoutTx)
		}
	}
	for _, ev := range done.History {
		parts[ev.Leg] = true
	}
	for i := range done.Legs {
		if !parts[i+1] {
			t.Errorf("history %+v; want part %d's changes", done.History, i+1)
		}
	}
}
