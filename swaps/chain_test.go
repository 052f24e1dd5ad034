package swaps_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// chainer is a ChainChecker answering each side with the fact set for it
// (not seen until one is), and recording what it was asked.
type chainer struct {
	mu    sync.Mutex
	now   func() time.Time
	facts map[string]swapscout.ChainFact
	asked []swapscout.ChainExpect
	// asking, when set, runs as each question is asked.
	asking func(swapscout.ChainExpect)
}

func (c *chainer) set(side string, f swapscout.ChainFact) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.facts == nil {
		c.facts = map[string]swapscout.ChainFact{}
	}
	c.facts[side] = f
}

func (c *chainer) CheckTransfer(_ context.Context, e swapscout.ChainExpect) (swapscout.ChainFact, time.Duration, bool) {
	if c.asking != nil {
		c.asking(e)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, e)
	f, ok := c.facts[e.Side]
	if !ok {
		f = swapscout.ChainFact{State: swapscout.ChainNotSeen, Source: "chain", Note: "not on chain yet"}
	}
	f.Side, f.Expected, f.CheckedAt = e.Side, e.Amount, c.now()
	switch f.State {
	case swapscout.ChainConfirmed, swapscout.ChainNotVerifiable, swapscout.ChainNotWatched:
		return f, 0, false
	}
	return f, 5 * time.Second, true
}

func (c *chainer) ChainGrace(string) time.Duration { return time.Minute }

func (c *chainer) sides() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, e := range c.asked {
		out = append(out, e.Side)
	}
	return out
}

func newChainRig(t *testing.T) (*pollRig, *chainer) {
	r := newPollRig(t, progress...)
	ch := &chainer{now: r.clock.now}
	r.svc.Chain = ch
	return r, ch
}

func (r *pollRig) checkChain(t *testing.T, id string) bool {
	t.Helper()
	step, err := r.svc.CheckChain(ctx, id)
	if err != nil {
		t.Fatalf("CheckChain: %v", err)
	}
	if !step.Done && (!step.Wait || step.Next <= 0) {
		t.Fatalf("CheckChain step %+v: a delay to wait as is, or done", step)
	}
	return step.Done
}

// TestChangeToldBeforeTheChainIsAsked: the poll that hears the venue claim
// a deposit tells the change first and asks the chain after: a chain
// endpoint's answer (a network call, behind its budget) never holds a
// status change back from event streams and webhooks.
func TestChangeToldBeforeTheChainIsAsked(t *testing.T) {
	r, ch := newChainRig(t)
	sw := r.created(t, nil)
	var toldFirst []swapscout.SwapStatus
	ch.asking = func(swapscout.ChainExpect) {
		all := r.heard.all()
		if len(all) == 0 {
			toldFirst = append(toldFirst, "")
			return
		}
		toldFirst = append(toldFirst, all[len(all)-1].Status)
	}
	r.clock.add(time.Second)
	r.poll(t, sw.ID) // waiting
	r.clock.add(time.Second)
	r.poll(t, sw.ID) // confirming, dtx
	if len(toldFirst) == 0 || toldFirst[0] != swapscout.StatusConfirming {
		t.Fatalf("when the chain was asked the listeners had last heard %q; want %q", toldFirst, swapscout.StatusConfirming)
	}
	if got, _, _ := r.svc.Get(ctx, sw.ID); got.Status != swapscout.StatusConfirming {
		t.Fatalf("status %s", got.Status)
	} else if _, ok := got.ChainFact(swapscout.ChainDeposit); !ok {
		t.Error("the poll that saw the deposit claimed did not record the chain's word")
	}
}

// TestChainWatchesWhatTheVenueClaims: nothing is asked of the chain before
// the venue says the deposit arrived; then the deposit (the swap's own
// address, the amount asked, the venue's transaction), then the payout to
// the user's address for the amount promised. Each change a person should
// hear of is an event of the history (told to the listeners); the swap is
// done once it is over and both sides are settled on chain.
func TestChainWatchesWhatTheVenueClaims(t *testing.T) {
	r, ch := newChainRig(t)
	sw := r.created(t, nil)
	r.clock.add(time.Second)
	r.poll(t, sw.ID) // waiting
	if r.checkChain(t, sw.ID) || len(ch.sides()) != 0 {
		t.Fatalf("a waiting swap: asked %v of the chain", ch.sides())
	}
	r.clock.add(time.Second)
	r.poll(t, sw.ID) // confirming, dtx
	ch.set(swapscout.ChainDeposit, swapscout.ChainFact{State: swapscout.ChainSeen, Source: "chain", Amount: sw.PromisedIn, TxIDs: []string{"dtx"}, Confirmations: 1, Required: 2, Note: "on chain, 1 confirmation"})
	if r.checkChain(t, sw.ID) {
		t.Fatal("done while the swap is open")
	}
	for _, side := range ch.sides() {
		if side != swapscout.ChainDeposit {
			t.Fatalf("asked %v; want the deposit alone", ch.sides())
		}
	}
	e := ch.asked[0]
	if e.Address != "dep" || e.TxID != "dtx" || !e.Own || e.Amount.Cmp(sw.AmountIn) != 0 || e.Network != sw.From.Network {
		t.Errorf("deposit expected as %+v", e)
	}
	ch.set(swapscout.ChainPayout, swapscout.ChainFact{State: swapscout.ChainSeen, Source: "chain", Amount: swapscout.MustAmount("36.05"), TxIDs: []string{"ptx"}, Confirmations: 3, Required: 12})
	for range 3 {
		r.clock.add(time.Second)
		r.poll(t, sw.ID)
	}
	// By the end of the poll that first says finished, the record carries
	// the payout as the chain shows it: the poll asked at once.
	if got, _, _ := r.svc.Get(ctx, sw.ID); got.Status != swapscout.StatusFinished {
		t.Fatalf("status %s", got.Status)
	} else if f, ok := got.ChainFact(swapscout.ChainPayout); !ok || f.State != swapscout.ChainSeen || f.Confirmations != 3 {
		t.Errorf("finished record's payout fact %+v (%v)", f, ok)
	}
	ch.set(swapscout.ChainDeposit, swapscout.ChainFact{State: swapscout.ChainConfirmed, Source: "chain", Amount: sw.PromisedIn, Confirmations: 2, Required: 2})
	ch.set(swapscout.ChainPayout, swapscout.ChainFact{State: swapscout.ChainConfirmed, Source: "chain", Amount: swapscout.MustAmount("36.05"), TxIDs: []string{"ptx"}, Confirmations: 12, Required: 12})
	if !r.checkChain(t, sw.ID) {
		t.Fatal("not done once over and settled")
	}
	got, hist, err := r.svc.Get(ctx, sw.ID)
	if err != nil {
		t.Fatal(err)
	}
	pay, ok := got.ChainFact(swapscout.ChainPayout)
	if !ok || pay.State != swapscout.ChainConfirmed || pay.Confirmations != 12 || pay.Overdue || pay.ClaimedAt.IsZero() || got.Unverified() {
		t.Errorf("payout fact %+v (recorded: %v)", pay, ok)
	}
	if p := ch.asked[len(ch.asked)-1]; p.Side != swapscout.ChainPayout || p.Address != sw.PayoutAddress || p.TxID != "ptx" || p.Own {
		t.Errorf("payout expected as %+v", p)
	}
	var events []string
	for _, ev := range hist {
		if ev.Chain != "" {
			events = append(events, ev.Chain)
		}
	}
	want := []string{"deposit seen on chain", "payout seen on chain", "deposit confirmed on chain", "payout confirmed on chain"}
	if strings.Join(events, "|") != strings.Join(want, "|") {
		t.Errorf("chain events %q; want %q", events, want)
	}
	if n := len(r.heard.all()); n != len(hist)-1 {
		t.Errorf("listeners heard %d changes; the history has %d after its first", n, len(hist)-1)
	}
}

// TestChainPayoutOverdue: a venue that says finished while the chain shows
// nothing is flagged overdue past the network's grace, once (one event),
// and the swap is unverified; a payout that lands late clears it.
func TestChainPayoutOverdue(t *testing.T) {
	r, ch := newChainRig(t)
	sw := r.created(t, nil)
	for range progress {
		r.clock.add(time.Second)
		r.poll(t, sw.ID)
	}
	ch.set(swapscout.ChainDeposit, swapscout.ChainFact{State: swapscout.ChainConfirmed, Source: "chain"})
	if r.checkChain(t, sw.ID) {
		t.Fatal("done with the payout not on chain")
	}
	got, _, _ := r.svc.Get(ctx, sw.ID)
	if got.Unverified() {
		t.Fatal("unverified within the grace")
	}
	r.clock.add(2 * time.Minute)
	r.checkChain(t, sw.ID)
	r.clock.add(time.Second)
	r.checkChain(t, sw.ID)
	got, hist, _ := r.svc.Get(ctx, sw.ID)
	pay, _ := got.ChainFact(swapscout.ChainPayout)
	if !got.Unverified() || !pay.Overdue || !strings.Contains(pay.Note, "unverified") {
		t.Fatalf("payout past the grace: %+v", pay)
	}
	overdue := 0
	for _, ev := range hist {
		if ev.Chain == "payout overdue: not on chain" {
			overdue++
		}
	}
	if overdue != 1 {
		t.Errorf("%d overdue events; want 1", overdue)
	}
	ch.set(swapscout.ChainPayout, swapscout.ChainFact{State: swapscout.ChainConfirmed, Source: "chain", Amount: swapscout.MustAmount("36.05")})
	if !r.checkChain(t, sw.ID) {
		t.Error("not done once the payout is settled")
	}
	if got, _, _ := r.svc.Get(ctx, sw.ID); got.Unverified() {
		t.Error("still unverified once the payout is on chain")
	}
}

// TestChainVenuesWord: a network no chain can show (Monero) is recorded as
// the venue's word, once, and never asked again.
func TestChainVenuesWord(t *testing.T) {
	r, ch := newChainRig(t)
	sw := r.created(t, nil)
	for range progress {
		r.clock.add(time.Second)
		r.poll(t, sw.ID)
	}
	word := swapscout.ChainFact{State: swapscout.ChainNotVerifiable, Source: "venue", Note: "the venue's word: Monero hides amounts"}
	ch.set(swapscout.ChainDeposit, word)
	ch.set(swapscout.ChainPayout, word)
	if !r.checkChain(t, sw.ID) {
		t.Fatal("not done: nothing can be watched")
	}
	n := len(ch.sides())
	r.checkChain(t, sw.ID)
	if len(ch.sides()) != n {
		t.Error("asked the chain again about what it cannot show")
	}
	got, _, _ := r.svc.Get(ctx, sw.ID)
	if f, _ := got.ChainFact(swapscout.ChainPayout); f.Source != "venue" || !strings.HasPrefix(f.Note, "the venue's word") || got.Unverified() {
		t.Errorf("payout %+v", f)
	}
}
