package swaps_test

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// A payout the chain shows before the venue says so advances the swap:
// settled on chain and in full, it finishes the swap on the chain's word;
// unconfirmed, short or implausible, it is only recorded. The venue's later
// word never moves the swap back, and an end that contradicts the chain is
// recorded as a conflict, not applied.

const earlySource = "on chain, 12 confirmations; the venue has not said so yet"

// atWork records an eth payout swap promising 2.5 ETH and polls it to
// exchanging; then the venue answers each of later in turn, the last for
// ever.
func atWork(t *testing.T, later ...swapscout.SwapUpdate) (*pollRig, *chainer, *swapscout.Swap) {
	t.Helper()
	r, ch := newChainRig(t)
	r.venue.steps = append(append([]swapscout.SwapUpdate(nil), progress[:3]...), later...)
	sw := r.created(t, func(s *swapscout.Swap) {
		s.To, s.PayoutAddress = swapscout.Asset{Ticker: "eth", Network: "eth"}, "0x52908400098527886E0F7030069857D2E4169EE7"
		s.AmountOut, s.PromisedOut = swapscout.MustAmount("2.5"), swapscout.MustAmount("2.5")
	})
	for range 3 { // waiting, confirming, exchanging
		r.clock.add(10 * time.Second)
		r.poll(t, sw.ID)
	}
	if got, _, _ := r.svc.Get(ctx, sw.ID); got.Status != swapscout.StatusExchanging {
		t.Fatalf("status %s, want exchanging", got.Status)
	}
	return r, ch, sw
}

func payoutFact(state, amount string, confirmations int64) swapscout.ChainFact {
	note := "on chain, 12 confirmations"
	if state == swapscout.ChainSeen {
		note = "on chain, 1 confirmation of 12"
	}
	return swapscout.ChainFact{State: state, Source: "chain", Endpoint: "eth json-rpc", Amount: swapscout.MustAmount(amount),
		TxIDs: []string{"0xpay"}, Confirmations: confirmations, Required: 12, Note: note}
}

// TestChainFinishesOnConfirmedFullPayout: the chain shows the payout
// settled, in full, while the venue says exchanging: the swap is finished,
// its event marked with the chain as its source beside the venue's word,
// what arrived recorded as received (and not short), and the change told.
func TestChainFinishesOnConfirmedFullPayout(t *testing.T) {
	r, ch, sw := atWork(t)
	ch.set(swapscout.ChainPayout, payoutFact(swapscout.ChainConfirmed, "2.4995", 12))
	r.clock.add(time.Minute)
	r.checkChain(t, sw.ID)
	got, hist, err := r.svc.Get(ctx, sw.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != swapscout.StatusFinished || got.AmountReceived.Cmp(swapscout.MustAmount("2.4995")) != 0 || got.PayoutTx != "0xpay" {
		t.Fatalf("status %s, received %s, payout tx %q; want finished, 2.4995, 0xpay", got.Status, got.AmountReceived, got.PayoutTx)
	}
	last := hist[len(hist)-1]
	if last.Status != swapscout.StatusFinished || last.Chain != earlySource || last.VenueStatus != "exchanging" {
		t.Errorf("last event %+v; want finished, chain %q, the venue's word exchanging", last, earlySource)
	}
	if sf, ok := got.Shortfall(); !ok || sf.Short {
		t.Errorf("Shortfall() = %+v, %v; want not short", sf, ok)
	}
	if f, _ := got.ChainFact(swapscout.ChainPayout); f.State != swapscout.ChainConfirmed || f.Note != earlySource || !f.ClaimedAt.IsZero() {
		t.Errorf("payout fact %+v", f)
	}
	heard := r.heard.all()
	if last := heard[len(heard)-1]; last.Status != swapscout.StatusFinished || last.Seq != len(hist) {
		t.Errorf("last told %+v; want finished, seq %d", last, len(hist))
	}
}

// TestChainDoesNotFinishEarly: a payout on chain that is not settled, short
// of the promise by more than the slippage, or beyond the bounds a venue's
// own amount is held to, leaves the swap at work: the fact is recorded as
// the venue has not claimed it ("payout seen on chain before the venue
// said so"), the status unchanged.
func TestChainDoesNotFinishEarly(t *testing.T) {
	for _, c := range []struct {
		name string
		fact swapscout.ChainFact
	}{
		{"unconfirmed", payoutFact(swapscout.ChainSeen, "2.5", 1)},
		{"short", payoutFact(swapscout.ChainConfirmed, "2.4", 12)},
		{"implausibly more", payoutFact(swapscout.ChainConfirmed, "26", 12)},
		{"more decimals than the asset has", payoutFact(swapscout.ChainConfirmed, "2.5000000000000000001", 12)},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, ch, sw := atWork(t)
			ch.set(swapscout.ChainPayout, c.fact)
			r.clock.add(time.Minute)
			r.checkChain(t, sw.ID)
			got, hist, err := r.svc.Get(ctx, sw.ID)
			if err != nil {
				t.Fatal(err)
			}
			f, ok := got.ChainFact(swapscout.ChainPayout)
			if got.Status != swapscout.StatusExchanging || !ok || f.Amount.Cmp(c.fact.Amount) != 0 || !strings.HasSuffix(f.Note, "the venue has not said so yet") {
				t.Fatalf("status %s, payout fact %+v (%v); want exchanging, the fact recorded", got.Status, f, ok)
			}
			if last := hist[len(hist)-1]; last.Status != swapscout.StatusExchanging || last.Chain != "payout seen on chain before the venue said so" {
				t.Errorf("last event %+v", last)
			}
		})
	}
}

// TestVenueAfterTheChain: once the chain finished the swap, the venue is
// still asked: saying it is at work (sending, exchanging) moves nothing
// back; saying refunded contradicts the chain and is recorded as a
// conflict (an event, told; the fact's note), not applied, and the polls
// end.
func TestVenueAfterTheChain(t *testing.T) {
	r, ch, sw := atWork(t,
		swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"},
		swapscout.SwapUpdate{Status: swapscout.StatusSending, VenueStatus: "sending"},
		swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "refunded", AmountRefunded: swapscout.MustAmount("0.5")})
	ch.set(swapscout.ChainPayout, payoutFact(swapscout.ChainConfirmed, "2.5", 12))
	r.checkChain(t, sw.ID)
	_, hist, _ := r.svc.Get(ctx, sw.ID)
	for _, word := range []string{"exchanging", "sending"} {
		r.clock.add(10 * time.Second)
		if step := r.poll(t, sw.ID); step.Done {
			t.Fatalf("after the venue says %s: done; want the venue asked again", word)
		}
		got, h, _ := r.svc.Get(ctx, sw.ID)
		if got.Status != swapscout.StatusFinished || len(h) != len(hist) {
			t.Fatalf("after the venue says %s: status %s, %d events; want finished, %d", word, got.Status, len(h), len(hist))
		}
	}
	told := len(r.heard.all())
	r.clock.add(10 * time.Second)
	if step := r.poll(t, sw.ID); !step.Done {
		t.Errorf("after the venue says refunded: %+v; want done", step)
	}
	got, h, _ := r.svc.Get(ctx, sw.ID)
	if got.Status != swapscout.StatusFinished || got.AmountRefunded.Sign() != 0 || len(h) != len(hist)+1 {
		t.Fatalf("status %s, refunded %s, %d events; want finished, nothing refunded, one event more", got.Status, got.AmountRefunded, len(h))
	}
	want := `conflict: the venue says refunded ("refunded") after the chain showed the payout: not applied`
	if last := h[len(h)-1]; last.Status != swapscout.StatusFinished || last.Chain != want {
		t.Errorf("last event %+v; want chain %q", last, want)
	}
	if f, _ := got.ChainFact(swapscout.ChainPayout); !strings.Contains(f.Note, "not applied") || strings.Contains(f.Note, "has not said so") {
		t.Errorf("payout note %q", f.Note)
	}
	if heard := r.heard.all(); len(heard) != told+1 {
		t.Errorf("conflict told %d times", len(heard)-told)
	}
	r.clock.add(10 * time.Second)
	if step := r.poll(t, sw.ID); !step.Done {
		t.Errorf("a later poll: %+v; want done", step)
	}
	if _, h2, _ := r.svc.Get(ctx, sw.ID); len(h2) != len(h) {
		t.Errorf("a later poll recorded %d more events", len(h2)-len(h))
	}
}

// TestVenueAgreesAfterTheChain: the venue saying finished after the chain
// did dates the payout's fact by its word, drops the remark, and ends the
// polls without another status change.
func TestVenueAgreesAfterTheChain(t *testing.T) {
	r, ch, sw := atWork(t, progress[4])
	ch.set(swapscout.ChainPayout, payoutFact(swapscout.ChainConfirmed, "2.5", 12))
	r.checkChain(t, sw.ID)
	_, hist, _ := r.svc.Get(ctx, sw.ID)
	r.clock.add(10 * time.Second)
	if step := r.poll(t, sw.ID); !step.Done {
		t.Errorf("after the venue says finished: %+v; want done", step)
	}
	got, h, _ := r.svc.Get(ctx, sw.ID)
	f, _ := got.ChainFact(swapscout.ChainPayout)
	if got.Status != swapscout.StatusFinished || len(h) != len(hist) || !f.ClaimedAt.Equal(r.clock.now()) || f.Note != "on chain, 12 confirmations" {
		t.Errorf("status %s, %d events (was %d), payout fact %+v", got.Status, len(h), len(hist), f)
	}
	if got.AmountReceived.Cmp(swapscout.MustAmount("2.5")) != 0 {
		t.Errorf("received %s: the chain's amount, not the venue's later word, stands", got.AmountReceived)
	}
}

// TestFinishOnChainOnlyFromWork: the store finishes a swap on the chain's
// word only from the statuses it is given, in the same transaction: a swap
// that moved on meanwhile (here, still waiting; a refund begun) is left
// as it is, fact and history alike.
func TestFinishOnChainOnlyFromWork(t *testing.T) {
	r, _ := newChainRig(t)
	sw := r.created(t, nil)
	work := []swapscout.SwapStatus{swapscout.StatusExchanging, swapscout.StatusSending}
	done, err := r.db.FinishOnChain(ctx, sw.ID, payoutFact(swapscout.ChainConfirmed, "36.1", 12), work, earlySource, r.clock.now())
	if err != nil || done {
		t.Fatalf("FinishOnChain of a waiting swap = %v, %v; want false, nil", done, err)
	}
	got, hist, _ := r.svc.Get(ctx, sw.ID)
	if _, ok := got.ChainFact(swapscout.ChainPayout); got.Status != swapscout.StatusWaiting || ok || len(hist) != 1 {
		t.Errorf("status %s, payout fact recorded %v, %d events; want it untouched", got.Status, ok, len(hist))
	}
}
