package storetest

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// testForget: ForgetSwaps anonymises the swaps over and last changed before
// the cutoff, erasing every field that could lead back to a person, keeps
// what the accuracy figures read, leaves open and recent swaps whole, and
// counts each swap once. A store that does not forget skips it.
func testForget(t *testing.T, st swapscout.SwapStore) {
	f := capability[swapscout.SwapForgetter](t, st, "the store does not forget swaps")
	ctx := context.Background()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	mk := func(status swapscout.SwapStatus, at time.Time) *swapscout.Swap {
		t.Helper()
		s := Sample()
		s.CreatedAt, s.UpdatedAt = at, at
		if _, err := st.ReserveSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		complete(s)
		s.UpdatedAt = at
		if err := st.CompleteSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		if status != swapscout.StatusWaiting {
			u := swapscout.SwapUpdate{Status: status, VenueStatus: string(status), DepositTx: "dtx-" + s.ID, PayoutTx: "ptx-" + s.ID,
				AmountReceived: swapscout.MustAmount("36.1")}
			if _, err := st.UpdateSwap(ctx, s.ID, u, at); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	old := mk(swapscout.StatusFinished, t0)
	oldRefunded := mk(swapscout.StatusRefunded, t0.Add(time.Hour))
	oldOpen := mk(swapscout.StatusExchanging, t0)
	recent := mk(swapscout.StatusFinished, t0.Add(30*24*time.Hour))
	cut := t0.Add(14 * 24 * time.Hour)

	n, err := f.ForgetSwaps(ctx, cut)
	if err != nil || n != 2 {
		t.Fatalf("ForgetSwaps = %d, %v; want 2 (the two old swaps that are over)", n, err)
	}
	for _, s := range []*swapscout.Swap{old, oldRefunded} {
		got, err := st.Swap(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range map[string]string{"payout address": got.PayoutAddress, "refund address": got.RefundAddress,
			"deposit address": got.DepositAddress, "payout memo": got.PayoutMemo, "refund memo": got.RefundMemo,
			"deposit tx": got.DepositTx, "payout tx": got.PayoutTx, "refund tx": got.RefundTx, "quote id": got.QuoteID,
			"rate id": got.RateID, "request hash": got.RequestHash} {
			if v != "" {
				t.Errorf("%s: %s %q kept past its retention", s.ID, name, v)
			}
		}
		if got.VenueOrder.ID != swapscout.ForgottenOrder || got.VenueOrder.Secret != "" {
			t.Errorf("%s: venue order %+v, want %q", s.ID, got.VenueOrder, swapscout.ForgottenOrder)
		}
		if got.IdempotencyKey == s.IdempotencyKey || !strings.Contains(got.IdempotencyKey, s.ID) {
			t.Errorf("%s: idempotency key %q kept or not made from the id", s.ID, got.IdempotencyKey)
		}
		// What the accuracy figures read stays.
		if got.Venue != s.Venue || !got.Status.Terminal() || got.AmountReceived.String() != "36.1" ||
			got.PromisedOut.String() != "36.1" || got.UpdatedAt.After(cut) {
			t.Errorf("%s: the figures' fields changed: %+v", s.ID, got)
		}
		if evs, err := st.SwapEvents(ctx, s.ID); err != nil || len(evs) == 0 {
			t.Errorf("%s: events %v, %v; want the history kept", s.ID, evs, err)
		}
	}
	for _, s := range []*swapscout.Swap{oldOpen, recent} {
		got, err := st.Swap(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.PayoutAddress != s.PayoutAddress || got.VenueOrder.ID != s.VenueOrder.ID || got.DepositAddress != s.DepositAddress {
			t.Errorf("%s (%s, updated %s) was anonymised", s.ID, got.Status, got.UpdatedAt)
		}
	}
	// The old key names the forgotten swap no more: a request with it
	// reserves a new swap.
	again := Sample()
	again.IdempotencyKey = old.IdempotencyKey
	if prev, err := st.ReserveSwap(ctx, again); err != nil || prev != nil {
		t.Errorf("ReserveSwap(old key) = %v, %v; want a new reservation", prev, err)
	}
	if n, err := f.ForgetSwaps(ctx, cut); err != nil || n != 0 {
		t.Errorf("second ForgetSwaps = %d, %v; want 0", n, err)
	}
}
