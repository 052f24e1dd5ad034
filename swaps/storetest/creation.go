package storetest

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// testUnknownCreation: a reservation whose venue call ended without a
// readable answer stays, unknown, with its note and deadline: a release
// does not free its key (the venue may hold an order), the same key finds
// it, and it can still be completed once its order is found.
func testUnknownCreation(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	s.CreateDeadline = time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	mustReserve(t, st, s)
	if got, err := st.Swap(ctx, s.ID); err != nil || got.Creation != swapscout.CreatePending || !got.CreateDeadline.Equal(s.CreateDeadline) {
		t.Fatalf("reserved = %+v, %v; want pending with its deadline", got, err)
	}
	if err := st.MarkSwapUnknown(ctx, s.ID, "its answer could not be read"); err != nil {
		t.Fatal(err)
	}
	if err := st.ReleaseSwap(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	got, err := st.Swap(ctx, s.ID)
	if err != nil || got.Creation != swapscout.CreateUnknown || got.CreateNote != "its answer could not be read" || got.Created() {
		t.Fatalf("after release = %+v, %v; want the unknown reservation kept", got, err)
	}
	again := *s
	again.ID = swapscout.NewSwapID()
	old, err := st.ReserveSwap(ctx, &again)
	if err != nil || old == nil || old.ID != s.ID || old.Creation != swapscout.CreateUnknown {
		t.Fatalf("same key = %+v, %v; want the unknown reservation", old, err)
	}
	complete(s)
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatalf("completing the order found later: %v", err)
	}
	if got, err := st.Swap(ctx, s.ID); err != nil || !got.Created() || got.Creation != swapscout.CreatePending {
		t.Errorf("completed = %+v, %v; want created", got, err)
	}
	if err := st.MarkSwapUnknown(ctx, s.ID, "late"); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("MarkSwapUnknown of a created swap = %v; want %s", err, swapscout.ENOTFOUND)
	}
	if err := st.MarkSwapUnknown(ctx, swapscout.NewSwapID(), "x"); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("MarkSwapUnknown of an unknown id = %v; want %s", err, swapscout.ENOTFOUND)
	}
}

// testRefusedCreation: a reservation whose venue order was refused stays,
// refused, with the order's public id and why: never released, never
// completed, never turned unknown.
func testRefusedCreation(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	if err := st.RefuseSwap(ctx, s.ID, "ord-77", "it asks 500 BTC, not the 0.5 BTC quoted"); err != nil {
		t.Fatal(err)
	}
	if err := st.ReleaseSwap(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.MarkSwapUnknown(ctx, s.ID, "x"); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("MarkSwapUnknown of a refused swap = %v; want %s", err, swapscout.ENOTFOUND)
	}
	c := *s
	complete(&c)
	if err := st.CompleteSwap(ctx, &c); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("CompleteSwap of a refused swap = %v; want %s", err, swapscout.ENOTFOUND)
	}
	got, err := st.Swap(ctx, s.ID)
	if err != nil || got.Creation != swapscout.CreateRefused || got.RefusedOrder != "ord-77" ||
		got.CreateNote != "it asks 500 BTC, not the 0.5 BTC quoted" || got.Created() || got.DepositAddress != "" {
		t.Errorf("refused = %+v, %v", got, err)
	}
}

// testReceivedDoubt: a doubted amount received is kept with its doubt; a
// believed one later clears it.
func testReceivedDoubt(t *testing.T, st swapscout.SwapStore) {
	s := Sample()
	mustReserve(t, st, s)
	complete(s)
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	at := time.Now()
	u := swapscout.SwapUpdate{Status: swapscout.StatusSending, VenueStatus: "sending", AmountReceived: swapscout.MustAmount("36100"),
		ReceivedDoubt: "implausibly more than promised"}
	if changed, err := st.UpdateSwap(ctx, s.ID, u, at); err != nil || !changed {
		t.Fatalf("UpdateSwap = %v, %v", changed, err)
	}
	if got, err := st.Swap(ctx, s.ID); err != nil || got.AmountReceived.Cmp(u.AmountReceived) != 0 || got.ReceivedDoubt != u.ReceivedDoubt {
		t.Errorf("doubted = %+v, %v", got, err)
	}
	u = swapscout.SwapUpdate{Status: swapscout.StatusSending, VenueStatus: "sending", AmountReceived: swapscout.MustAmount("36.1")}
	if changed, err := st.UpdateSwap(ctx, s.ID, u, at.Add(time.Second)); err != nil || !changed {
		t.Fatalf("UpdateSwap = %v, %v", changed, err)
	}
	if got, err := st.Swap(ctx, s.ID); err != nil || got.AmountReceived.Cmp(u.AmountReceived) != 0 || got.ReceivedDoubt != "" {
		t.Errorf("believed = %+v, %v", got, err)
	}
}
