package swapscout_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// TestOrderRefHidesSecret: an order reference printed, logged or encoded
// by any of the usual ways shows its id and never its secret, alone or
// inside a swap.
func TestOrderRefHidesSecret(t *testing.T) {
	ref := swapscout.OrderRef{ID: "ff-123", Secret: "t0k3n-S3CR3T"}
	sw := &swapscout.Swap{ID: swapscout.NewSwapID(), VenueOrder: ref}
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d"} {
		outs = append(outs, fmt.Sprintf(verb, ref), fmt.Sprintf(verb, sw))
	}
	outs = append(outs, ref.String(), fmt.Sprint(ref), fmt.Sprintln(*sw))
	for _, v := range []any{ref, sw, *sw} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(b))
	}
	var logs bytes.Buffer
	for _, h := range []slog.Handler{slog.NewTextHandler(&logs, nil), slog.NewJSONHandler(&logs, nil)} {
		slog.New(h).Info("order", "order", ref, "swap", sw)
	}
	outs = append(outs, logs.String())
	for _, out := range outs {
		if strings.Contains(out, ref.Secret) {
			t.Errorf("the secret shows in %q", out)
		}
	}
	if got := fmt.Sprintf("%v %q", ref, ref); got != `ff-123 "ff-123"` {
		t.Errorf("printed %s; want the id", got)
	}
	if !strings.Contains(logs.String(), "ff-123") {
		t.Errorf("logs %s; want the id", logs.String())
	}
	if (swapscout.OrderRef{}).IsZero() != true || ref.IsZero() || (swapscout.OrderRef{Secret: "s"}).IsZero() {
		t.Error("IsZero")
	}
}

func TestSwapIDs(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := swapscout.NewSwapID()
		if !swapscout.ValidSwapID(id) {
			t.Fatalf("NewSwapID() = %q is not valid", id)
		}
		if seen[id] {
			t.Fatalf("NewSwapID repeated %q", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "short", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxy1", "abcdefghijklmnopqrstuvwxyz2", "\x00\xff"} {
		if swapscout.ValidSwapID(bad) {
			t.Errorf("ValidSwapID(%q) = true", bad)
		}
	}
}

func TestSwapStatuses(t *testing.T) {
	terminal := 0
	for _, s := range swapscout.SwapStatuses {
		if !s.Valid() {
			t.Errorf("%s not Valid", s)
		}
		if s.Terminal() {
			terminal++
		}
	}
	if terminal != 4 {
		t.Errorf("%d terminal statuses; want finished, failed, refunded, expired", terminal)
	}
	if swapscout.SwapStatus("paid").Valid() {
		t.Error("unknown word is Valid")
	}
	// A swap stopped on its way is not over: it is followed to its end.
	for _, s := range []swapscout.SwapStatus{swapscout.StatusHeld, swapscout.StatusActionRequired, swapscout.StatusRefunding} {
		if !s.Valid() || s.Terminal() || !s.DepositSeen() {
			t.Errorf("%s: Valid %v, Terminal %v, DepositSeen %v; want valid, open, past the deposit", s, s.Valid(), s.Terminal(), s.DepositSeen())
		}
	}
	if swapscout.SwapStatus("hold").Valid() {
		t.Error(`"hold" is still a status: it was renamed "held"`)
	}
}

func TestSwapShortfall(t *testing.T) {
	sw := func(status swapscout.SwapStatus, promised, received, slip string) *swapscout.Swap {
		s := &swapscout.Swap{Status: status, AmountOut: swapscout.MustAmount("21"), PromisedOut: swapscout.MustAmount(promised)}
		if received != "" {
			s.AmountReceived = swapscout.MustAmount(received)
		}
		if slip != "" {
			s.MaxSlippage = swapscout.MustAmount(slip)
		}
		return s
	}
	for _, tc := range []struct {
		name             string
		s                *swapscout.Swap
		ok, short        bool
		missing, percent string
	}{
		// The case of the issue: 20.05 promised, 3.08 paid, shown "paid out".
		{"far short", sw(swapscout.StatusFinished, "20.05", "3.08", "0.005"), true, true, "16.97", "84.638"},
		{"within slippage", sw(swapscout.StatusFinished, "20", "19.95", "0.005"), true, false, "0.05", "0.25"},
		{"at the slippage", sw(swapscout.StatusFinished, "20", "19.9", "0.005"), true, false, "0.1", "0.5"},
		{"just past it", sw(swapscout.StatusFinished, "20", "19.89", "0.005"), true, true, "0.11", "0.55"},
		{"the user allowed more", sw(swapscout.StatusFinished, "20", "19", "0.1"), true, false, "1", "5"},
		{"no slippage recorded: the default", sw(swapscout.StatusFinished, "20", "19.8", ""), true, true, "0.2", "1"},
		{"more arrived", sw(swapscout.StatusFinished, "20", "20.5", "0.005"), true, false, "-0.5", "-2.5"},
		{"no promise recorded: the amount shown", sw(swapscout.StatusFinished, "0", "20", "0.005"), true, true, "1", "4.762"},
		{"the venue did not say", sw(swapscout.StatusFinished, "20", "", "0.005"), false, false, "", ""},
		{"not finished", sw(swapscout.StatusSending, "20", "3", "0.005"), false, false, "", ""},
	} {
		got, ok := tc.s.Shortfall()
		if ok != tc.ok || got.Short != tc.short {
			t.Errorf("%s: Shortfall() = %+v, %v; want short %v, ok %v", tc.name, got, ok, tc.short, tc.ok)
			continue
		}
		if ok && (got.Missing.Cmp(swapscout.MustAmount(tc.missing)) != 0 || got.Percent.Cmp(swapscout.MustAmount(tc.percent)) != 0) {
			t.Errorf("%s: Shortfall() = %s missing, %s %%; want %s, %s %%", tc.name, got.Missing, got.Percent, tc.missing, tc.percent)
		}
	}
}

func TestDepositSeenAt(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	ev := func(min int, s swapscout.SwapStatus) swapscout.SwapEvent {
		return swapscout.SwapEvent{At: t0.Add(time.Duration(min) * time.Minute), Status: s}
	}
	if at, ok := swapscout.DepositSeenAt([]swapscout.SwapEvent{ev(0, swapscout.StatusWaiting), ev(5, swapscout.StatusHeld), ev(9, swapscout.StatusExchanging)}); !ok || !at.Equal(t0.Add(5*time.Minute)) {
		t.Errorf("DepositSeenAt = %v, %v; want the hold at 10:05", at, ok)
	}
	if _, ok := swapscout.DepositSeenAt([]swapscout.SwapEvent{ev(0, swapscout.StatusWaiting), ev(5, swapscout.StatusFinished)}); ok {
		t.Error("DepositSeenAt found a deposit time in a swap that went from waiting to its end")
	}
}

// TestRateHoldWords: a venue's fixed-rate hold in words, stated, as a
// range, from the quote, or undocumented; and what a fixed-rate swap
// without a deadline says of it, with the hold's end when it is stated.
func TestRateHoldWords(t *testing.T) {
	created := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		h         swapscout.RateHold
		words, nd string
	}{
		{swapscout.RateHold{For: 20 * time.Minute, From: swapscout.HoldFromCreation, Source: "[DOC] x"},
			"ChangeNOW holds a fixed rate for 20 minutes from the swap's creation",
			"the venue gave no deadline, but ChangeNOW holds a fixed rate for 20 minutes from the swap's creation, so until about 12:20:00 UTC: send now, or the venue may re-price or refund the deposit"},
		{swapscout.RateHold{For: 15 * time.Minute, UpTo: 30 * time.Minute, From: swapscout.HoldFromCreation},
			"ChangeNOW says it usually holds a fixed rate for 15–30 minutes from the swap's creation",
			"the venue gave no deadline, but ChangeNOW says it usually holds a fixed rate for 15–30 minutes from the swap's creation, so until about 12:15:00 UTC: send now, or the venue may re-price or refund the deposit"},
		{swapscout.RateHold{For: 15 * time.Minute, From: swapscout.HoldFromQuote},
			"ChangeNOW holds a fixed rate for 15 minutes from its quote, made with the swap", ""},
		{swapscout.RateHold{Source: "undocumented"},
			"ChangeNOW does not state how long it holds a fixed rate",
			"the venue gave no deadline, and ChangeNOW does not state how long it holds a fixed rate: send now, or the venue may re-price or refund the deposit"},
	} {
		if got := c.h.Words("ChangeNOW"); got != c.words {
			t.Errorf("Words(%+v) = %q, want %q", c.h, got, c.words)
		}
		if got := swapscout.HeldNoDeadline("ChangeNOW", c.h, created); c.nd != "" && got != c.nd {
			t.Errorf("HeldNoDeadline(%+v) = %q, want %q", c.h, got, c.nd)
		}
	}
	if got := (swapscout.RateHold{For: time.Minute}).Until(time.Time{}); !got.IsZero() {
		t.Errorf("Until(zero) = %v, want zero", got)
	}
}
