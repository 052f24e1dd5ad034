package swaps_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/all"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chainwatch"
	"github.com/swapscout/swapscout/sim"
	simchain "github.com/swapscout/swapscout/sim/chain"
	"github.com/swapscout/swapscout/venue"
)

// TestChainPayoutBeforeTheVenue: on the simulator's chain, read through
// the real Ethereum JSON-RPC watcher, a payout that lands while the venue
// still says exchanging is found at the payout address and, settled and in
// full, finishes the swap on the chain's word (the event's source "on
// chain, N confirmations; the venue has not said so yet"); nothing is
// recorded of the payout before it lands; once the venue says finished
// the fact carries when it did, without the remark.
func TestChainPayoutBeforeTheVenue(t *testing.T) {
	r := newPollRig(t, progress...)
	c, err := simchain.New(simchain.Config{Seed: 3, Genesis: r.clock.now().Add(-time.Hour), Now: r.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(c.Handler())
	t.Cleanup(srv.Close)
	e := all.Endpoint{Network: "eth", URL: simchain.URL(srv.URL, "eth")}
	e.EVM.BlockTime = simchain.DefaultBlockTimes["eth"]
	e.Limit = venue.Limit{Rate: 10000, Burst: 10000}
	w, err := all.Open(e, chaintest.Client(t), r.clock.now)
	if err != nil {
		t.Fatal(err)
	}
	cw, err := chainwatch.New(chainwatch.Config{Watchers: []swapscout.ChainWatcher{w}, Now: r.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	r.svc.Chain = cw
	payTo := sim.Address("eth", "early", "payout")
	sw := r.created(t, func(s *swapscout.Swap) {
		s.To, s.PayoutAddress, s.AmountOut = swapscout.Asset{Ticker: "eth", Network: "eth"}, payTo, swapscout.MustAmount("2.5")
	})
	for range 3 { // waiting, confirming, exchanging
		r.clock.add(10 * time.Second)
		r.poll(t, sw.ID)
	}
	r.checkChain(t, sw.ID)
	if got, _, _ := r.svc.Get(ctx, sw.ID); got.Status != swapscout.StatusExchanging {
		t.Fatalf("status %s, want exchanging", got.Status)
	} else if f, ok := got.ChainFact(swapscout.ChainPayout); ok {
		t.Fatalf("a payout not on chain, not claimed, recorded: %+v", f)
	}
	if _, err := c.Record(simchain.Transfer{Network: "eth", To: payTo, Asset: sw.To, Amount: swapscout.MustAmount("2.5"), At: r.clock.now()}); err != nil {
		t.Fatal(err)
	}
	r.clock.add(5 * time.Minute) // some blocks on top
	r.checkChain(t, sw.ID)
	got, hist, err := r.svc.Get(ctx, sw.ID)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := got.ChainFact(swapscout.ChainPayout)
	if got.Status != swapscout.StatusFinished || !ok || f.State != swapscout.ChainConfirmed || f.Confirmations < 1 || !f.ClaimedAt.IsZero() || f.Overdue ||
		!strings.Contains(f.Note, "confirmation") || !strings.HasSuffix(f.Note, "the venue has not said so yet") || f.Amount.Cmp(swapscout.MustAmount("2.5")) != 0 {
		t.Fatalf("status %s, payout fact %+v (%v)", got.Status, f, ok)
	}
	if last := hist[len(hist)-1]; last.Status != swapscout.StatusFinished || last.Chain != f.Note {
		t.Errorf("last event %+v", last)
	}
	for range 2 { // the venue: sending (nothing moves back), finished
		r.clock.add(10 * time.Second)
		r.poll(t, sw.ID)
	}
	r.checkChain(t, sw.ID)
	got, _, _ = r.svc.Get(ctx, sw.ID)
	f, _ = got.ChainFact(swapscout.ChainPayout)
	if got.Status != swapscout.StatusFinished || !f.OnChain() || f.ClaimedAt.IsZero() || strings.Contains(f.Note, "not said so") {
		t.Errorf("once the venue says finished: status %s, payout fact %+v", got.Status, f)
	}
}
