package sim

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

func TestParseOutcome(t *testing.T) {
	for in, want := range map[string]Outcome{
		"hold": {Mode: OutcomeHold}, "refund": {Mode: OutcomeRefund}, "normal": {Mode: OutcomeNormal},
		"short": {Mode: OutcomeShort, Short: DefaultShort}, "short:0.85": {Mode: OutcomeShort, Short: 0.85}, " Short:0.1 ": {Mode: OutcomeShort, Short: 0.1},
	} {
		if got, err := ParseOutcome(in); err != nil || got != want {
			t.Errorf("ParseOutcome(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "late", "short:1", "short:0", "short:-0.2", "short:x", "hold:0.2"} {
		if _, err := ParseOutcome(bad); err == nil {
			t.Errorf("ParseOutcome(%q) accepted", bad)
		}
	}
}

// TestOutcomes: a venue set to an outcome ends every paid order that way,
// whatever the drawn rates: short by the fraction set, held for good once
// the deposit is confirmed, refunded with the refund's transaction and the
// amount paid in.
func TestOutcomes(t *testing.T) {
	for _, tc := range []struct {
		outcome Outcome
		want    Stage
	}{
		{Outcome{Mode: OutcomeShort, Short: 0.25}, StageFinished},
		{Outcome{Mode: OutcomeHold}, StageHeld},
		{Outcome{Mode: OutcomeRefund}, StageRefunded},
	} {
		c := newClock()
		held := swapProfile
		held.Holds = true
		s := newServer(t, Config{Seed: 3, SwapStage: time.Second, Now: c.Now, SwapFailRate: 1, // the explicit outcome wins
			Outcomes: map[string]Outcome{"a": tc.outcome}}, map[string]Venue{"a": fakeVenue(held, nil)})
		x := s.Exchange("a")
		o, err := x.CreateOrder(orderSpec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := x.PayOrder(o.ID, swapscout.Amount{}); err != nil {
			t.Fatal(err)
		}
		c.Add(time.Hour)
		got, _ := x.Order(o.ID)
		if got.Stage != tc.want {
			t.Fatalf("%s: stage %s an hour after payment; want %s", tc.outcome, got.Stage, tc.want)
		}
		switch tc.outcome.Mode {
		case OutcomeShort:
			if want := got.AmountOut.Mul(amt("0.75")).Round(18, swapscout.RoundDown); !got.AmountSent.Equal(want) {
				t.Errorf("short by 25 %%: sent %s of %s; want %s", got.AmountSent, got.AmountOut, want)
			}
		case OutcomeHold:
			if !got.AmountSent.IsZero() || got.PayoutTx != "" || got.Stage.Terminal() {
				t.Errorf("held order paid out or ended: %+v", got)
			}
		case OutcomeRefund:
			if got.RefundTx == "" || !got.AmountRefunded.Equal(o.AmountIn) {
				t.Errorf("refund: tx %q amount %s; want a transaction and the %s paid in", got.RefundTx, got.AmountRefunded, o.AmountIn)
			}
		}
	}
}

// TestOutcomesValidated: a hold needs a venue with a word for it; an
// unknown venue, or an order book, cannot be given an outcome.
func TestOutcomesValidated(t *testing.T) {
	venues := map[string]Venue{"a": fakeVenue(swapProfile, nil)}
	for name, o := range map[string]map[string]Outcome{
		"hold without a word": {"a": {Mode: OutcomeHold}},
		"unknown venue":       {"b": {Mode: OutcomeRefund}},
		"short of nothing":    {"a": {Mode: OutcomeShort}},
	} {
		if _, err := New(Config{Sigma: DefaultSigma, Outcomes: o}, venues); err == nil {
			t.Errorf("%s: New accepted %v", name, o)
		}
	}
}

// TestAnyAmountExpectsTheQuotedDeposit: an order of a venue that takes any
// deposit expects the amount last quoted for its pair (what the user was
// told to send), so auto-pay deposits it; without a quote, the handler's
// own amount.
func TestAnyAmountExpectsTheQuotedDeposit(t *testing.T) {
	s, _ := orderServer(t, Config{Seed: 3})
	x := s.Exchange("a")
	spec := orderSpec
	spec.AnyAmount = true
	o, err := x.CreateOrder(spec)
	if err != nil || !o.AmountIn.Equal(spec.Quote.Amount) {
		t.Fatalf("no quote yet: order for %v, %v; want the handler's %v", o.AmountIn, err, spec.Quote.Amount)
	}
	x.RememberQuote(QuoteSpec{From: btc, To: eth, Amount: amt("0.05")})
	x.RememberQuote(QuoteSpec{From: eth, To: btc, Amount: amt("9")}) // another pair
	if o, err = x.CreateOrder(spec); err != nil || !o.AmountIn.Equal(amt("0.05")) {
		t.Errorf("after a quote for 0.05: order for %v, %v; want 0.05", o.AmountIn, err)
	}
	spec.AnyAmount = false
	if o, err = x.CreateOrder(spec); err != nil || !o.AmountIn.Equal(spec.Quote.Amount) {
		t.Errorf("an order with its own amount: %v, %v; want %v", o.AmountIn, err, spec.Quote.Amount)
	}
}
