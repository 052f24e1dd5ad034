// Package storetest is the conformance suite every swapscout.SwapStore
// passes: reservation and idempotency, completion, release, status updates
// and their history, terminal states, unknown ids and concurrent use.
//
// An implementation's test calls Run with a constructor:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) swapscout.SwapStore { return open(t) })
//	}
package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/suite"
)

// Run runs the suite against stores made by newStore, which may register
// cleanups on the t it is given.
func Run(t *testing.T, newStore func(t *testing.T) swapscout.SwapStore) {
	t.Helper()
	suite.Run(t, "SwapStore", newStore, []suite.Test[swapscout.SwapStore]{
		{Name: "ReserveCompleteRead", Fn: testReserveCompleteRead},
		{Name: "SameKeySameRequest", Fn: testSameKey},
		{Name: "SameKeyOtherRequest", Fn: testOtherRequest},
		{Name: "Release", Fn: testRelease},
		{Name: "CompleteUnknown", Fn: testCompleteUnknown},
		{Name: "UnknownID", Fn: testUnknownID},
		{Name: "Updates", Fn: testUpdates},
		{Name: "TerminalIsFinal", Fn: testTerminal},
		{Name: "ConcurrentReserve", Fn: testConcurrentReserve},
		{Name: "ConcurrentUpdates", Fn: testConcurrentUpdates},
		{Name: "OrderSecret", Fn: testOrderSecret},
		{Name: "MemoDeposit", Fn: testMemoDeposit},
		{Name: "UnknownCreation", Fn: testUnknownCreation},
		{Name: "RefusedCreation", Fn: testRefusedCreation},
		{Name: "ReceivedDoubt", Fn: testReceivedDoubt},
		{Name: "Forget", Fn: testForget},
		{Name: "Members", Fn: testMembers},
		{Name: "SplitParts", Fn: testSplitParts},
	})
}

// Sample returns a reserved-state swap with every request field set.
func Sample() *swapscout.Swap {
	return &swapscout.Swap{
		ID: swapscout.NewSwapID(), IdempotencyKey: "key-" + swapscout.NewSwapID(), RequestHash: "h1",
		QuoteID: "q1", Venue: "changenow",
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
		Direction: swapscout.Send, RateType: swapscout.Fixed, RateID: "r-1", Deposit: swapscout.DepositTransfer,
		AmountIn: swapscout.MustAmount("0.5"), AmountOut: swapscout.MustAmount("36.123456789012"),
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		PayoutMemo:    "", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", RefundMemo: "",
	}
}

// complete fills what a venue answers at creation.
func complete(s *swapscout.Swap) {
	s.VenueOrder = swapscout.OrderRef{ID: "order-" + s.ID[:8]}
	s.DepositAddress, s.DepositMemo = "bc1qdeposit", ""
	s.PromisedIn, s.PromisedOut = swapscout.MustAmount("0.5"), swapscout.MustAmount("36.1")
	s.Status, s.VenueStatus = swapscout.StatusWaiting, "new"
	s.ExpiresAt = time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
}

var ctx = context.Background()

// cmpSwap compares records, ignoring the times the store sets itself.
var cmpSwap = cmp.Options{
	cmpopts.IgnoreFields(swapscout.Swap{}, "CreatedAt", "UpdatedAt"),
	cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Cmp(b) == 0 }),
}

// capability returns st as a T, the optional part of a store a test needs,
// and skips the test, saying why, when st is not one.
func capability[T any](t *testing.T, st swapscout.SwapStore, why string) T {
	t.Helper()
	c, ok := st.(T)
	if !ok {
		t.Skip(why)
	}
	return c
}

// mustReadBack reads want's swap back and compares it with want; what
// names it in a failure.
func mustReadBack(t testing.TB, st swapscout.SwapStore, want *swapscout.Swap, what string) {
	t.Helper()
	got, err := st.Swap(ctx, want.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got, cmpSwap); diff != "" {
		t.Errorf("%s read back (-want +got):\n%s", what, diff)
	}
}

func mustReserve(t testing.TB, st swapscout.SwapStore, s *swapscout.Swap) {
	t.Helper()
	if old, err := st.ReserveSwap(ctx, s); err != nil || old != nil {
		t.Fatalf("ReserveSwap = %v, %v; want nil, nil", old, err)
	}
}

func testReserveCompleteRead(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	got, err := st.Swap(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Created() {
		t.Errorf("reserved swap reports Created")
	}
	complete(s)
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	got, err = st.Swap(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, got, cmpSwap); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	if got.CreatedAt.IsZero() || got.UpdatedAt.IsZero() {
		t.Errorf("times not set: %v %v", got.CreatedAt, got.UpdatedAt)
	}
	evs, err := st.SwapEvents(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Status != swapscout.StatusWaiting || evs[0].VenueStatus != "new" {
		t.Errorf("events after create = %+v; want one waiting/new", evs)
	}
	// Completing twice is refused: the order is recorded once.
	if err := st.CompleteSwap(ctx, s); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("second CompleteSwap = %v; want %s", err, swapscout.ENOTFOUND)
	}
}

func testSameKey(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	again := *s
	again.ID = swapscout.NewSwapID()
	old, err := st.ReserveSwap(ctx, &again)
	if err != nil || old == nil || old.ID != s.ID || old.Created() {
		t.Fatalf("retry while creating = %+v, %v; want the first, not yet created", old, err)
	}
	complete(s)
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	old, err = st.ReserveSwap(ctx, &again)
	if err != nil || old == nil || old.ID != s.ID || old.VenueOrder != s.VenueOrder {
		t.Fatalf("retry after create = %+v, %v; want the first swap", old, err)
	}
	if _, err := st.Swap(ctx, again.ID); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("the retry's id exists: %v", err)
	}
}

func testOtherRequest(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	other := *s
	other.ID, other.RequestHash = swapscout.NewSwapID(), "h2"
	if _, err := st.ReserveSwap(ctx, &other); swapscout.ErrorCode(err) != swapscout.ECONFLICT {
		t.Errorf("same key, other request = %v; want %s", err, swapscout.ECONFLICT)
	}
}

func testRelease(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	if err := st.ReleaseSwap(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Swap(ctx, s.ID); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("released swap still there: %v", err)
	}
	// The key is free again.
	s2 := *s
	s2.ID = swapscout.NewSwapID()
	mustReserve(t, st, &s2)
	// A created swap is never released.
	complete(&s2)
	if err := st.CompleteSwap(ctx, &s2); err != nil {
		t.Fatal(err)
	}
	if err := st.ReleaseSwap(ctx, s2.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Swap(ctx, s2.ID); err != nil {
		t.Errorf("created swap was released: %v", err)
	}
}

func testCompleteUnknown(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	complete(s)
	if err := st.CompleteSwap(ctx, s); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("CompleteSwap of unknown = %v; want %s", err, swapscout.ENOTFOUND)
	}
}

func testUnknownID(t *testing.T, st swapscout.SwapStore) {
	for _, id := range []string{"nope", "", "'; DROP TABLE swaps; --", "\x00\xff"} {
		if _, err := st.Swap(ctx, id); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
			t.Errorf("Swap(%q) = %v; want %s", id, err, swapscout.ENOTFOUND)
		}
		if _, err := st.UpdateSwap(ctx, id, swapscout.SwapUpdate{Status: swapscout.StatusFinished}, time.Now()); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
			t.Errorf("UpdateSwap(%q) = %v; want %s", id, err, swapscout.ENOTFOUND)
		}
	}
}

// Created stores a sample swap as a venue accepted it (reserved, then
// completed with an order and a deposit address: waiting) and returns it.
func Created(t testing.TB, st swapscout.SwapStore) *swapscout.Swap {
	t.Helper()
	s := Sample()
	mustReserve(t, st, s)
	complete(s)
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func testUpdates(t *testing.T, st swapscout.SwapStore) {
	s := Created(t, st)
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	steps := []struct {
		u    swapscout.SwapUpdate
		want bool
	}{
		{swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "new"}, false},
		{swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming", DepositTx: "dtx"}, true},
		{swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming"}, false}, // no tx: kept
		{swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"}, true},
		{swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "exchanging", PayoutTx: "ptx"}, true}, // tx only: no event
		{swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished", AmountReceived: swapscout.MustAmount("36.05")}, true},
	}
	for i, step := range steps {
		got, err := st.UpdateSwap(ctx, s.ID, step.u, t0.Add(time.Duration(i)*time.Second))
		if err != nil || got != step.want {
			t.Fatalf("step %d: UpdateSwap = %v, %v; want %v", i, got, err, step.want)
		}
	}
	rec, err := st.Swap(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != swapscout.StatusFinished || rec.DepositTx != "dtx" || rec.PayoutTx != "ptx" || rec.AmountReceived.Cmp(swapscout.MustAmount("36.05")) != 0 {
		t.Errorf("record = %+v", rec)
	}
	evs, err := st.SwapEvents(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []swapscout.SwapStatus
	for _, e := range evs {
		got = append(got, e.Status)
	}
	want := []swapscout.SwapStatus{swapscout.StatusWaiting, swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusFinished}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("history (-want +got):\n%s", diff)
	}
	if last := evs[len(evs)-1]; !last.At.Equal(t0.Add(5 * time.Second)) {
		t.Errorf("last event at %v; want %v", last.At, t0.Add(5*time.Second))
	}
}

func testTerminal(t *testing.T, st swapscout.SwapStore) {
	s := Created(t, st)
	if _, err := st.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "refunded"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	changed, err := st.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished"}, time.Now())
	if err != nil || changed {
		t.Errorf("update after terminal = %v, %v; want no change", changed, err)
	}
	rec, _ := st.Swap(ctx, s.ID)
	if rec.Status != swapscout.StatusRefunded {
		t.Errorf("status = %s; want refunded", rec.Status)
	}
}

// testConcurrentReserve: many requests with one key, at once: exactly one
// reserves, every other sees that swap.
func testConcurrentReserve(t *testing.T, st swapscout.SwapStore) {
	base := Sample()
	var won atomic.Int32
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := *base
			s.ID = swapscout.NewSwapID()
			old, err := st.ReserveSwap(ctx, &s)
			switch {
			case err != nil:
				errs <- err
			case old == nil:
				won.Add(1)
			case old.IdempotencyKey != base.IdempotencyKey:
				errs <- fmt.Errorf("got swap with key %q", old.IdempotencyKey)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := won.Load(); n != 1 {
		t.Errorf("%d requests reserved the key; want 1", n)
	}
}

// testConcurrentUpdates: pollers racing on one swap leave a consistent
// history: no event repeats the one before it.
func testConcurrentUpdates(t *testing.T, st swapscout.SwapStore) {
	s := Created(t, st)
	statuses := []swapscout.SwapStatus{swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusSending}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status := statuses[i%len(statuses)]
			u := swapscout.SwapUpdate{Status: status, VenueStatus: string(status)}
			if _, err := st.UpdateSwap(ctx, s.ID, u, time.Now()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	evs, err := st.SwapEvents(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(evs); i++ {
		if evs[i].Status == evs[i-1].Status && evs[i].VenueStatus == evs[i-1].VenueStatus {
			t.Errorf("history repeats %s at %d: %+v", evs[i].Status, i, evs)
		}
	}
}

// testOrderSecret: an order that keeps a secret beside its id (as
// FixedFloat's token) reads back whole, by id and by a retry's key, and
// updates leave it whole (a store may seal the secret at rest). So does an
// id holding a ':' without a secret.
func testOrderSecret(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	complete(s)
	s.VenueOrder = swapscout.OrderRef{ID: "ord-" + s.ID[:6], Secret: "tok-" + s.ID[6:]}
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "c"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	got, err := st.Swap(ctx, s.ID)
	if err != nil || got.VenueOrder != s.VenueOrder {
		t.Fatalf("read back %v, %v; want order %q with its secret", got, err, s.VenueOrder)
	}
	again := *s
	again.ID = swapscout.NewSwapID()
	old, err := st.ReserveSwap(ctx, &again)
	if err != nil || old == nil || old.VenueOrder != s.VenueOrder {
		t.Errorf("retry = %+v, %v; want order %q with its secret", old, err, s.VenueOrder)
	}

	c := Sample()
	mustReserve(t, st, c)
	complete(c)
	c.VenueOrder = swapscout.OrderRef{ID: "1234:5678"}
	if err := st.CompleteSwap(ctx, c); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Swap(ctx, c.ID); err != nil || got.VenueOrder != c.VenueOrder {
		t.Errorf("read back %v, %v; want order %q without a secret", got, err, c.VenueOrder)
	}
}

// testMemoDeposit: a swap whose deposit must carry its memo in the
// transaction keeps saying so once stored, reserved and complete.
func testMemoDeposit(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	s.Venue, s.Deposit = "thorchain", swapscout.DepositMemo
	mustReserve(t, st, s)
	if got, err := st.Swap(ctx, s.ID); err != nil || got.Deposit != swapscout.DepositMemo {
		t.Fatalf("reserved swap: Deposit = %q, %v; want %q", got.Deposit, err, swapscout.DepositMemo)
	}
	complete(s)
	s.DepositMemo = "=:XMR.XMR:44AFF:0/1/0"
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	mustReadBack(t, st, s, "swap")
}
