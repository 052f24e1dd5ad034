package track

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/sqlstore/sqlitetest"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// TestPushWriteBudget: a status change of a swap with a callback URL, on
// SQLite as the server runs it (the tracker the database's sole user), is
// recorded and pushed to its receiver in two commits: the change with its
// delivery job, and the release of the delivery recording it delivered.
// (Before: five, one after another: the change, the job, the lease, the
// progress and the release.) River's fetch and completion of the job come
// after the push, off its path, and are not counted here.
func TestPushWriteBudget(t *testing.T) {
	const budget = 2
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "budget.db")
	count := sqlitetest.CountCommits(t, dir)
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var sent []int
	tr, err := OpenSQLite(ctx, db.SQL(), Config{Swaps: &swaps.Service{Store: db}, Logger: slog.New(slog.DiscardHandler),
		Webhooks: &Webhooks{
			Callbacks: db,
			Encode:    func(dst []byte, sw *swapscout.Swap, _ []swapscout.SwapEvent) []byte { return append(dst, sw.Status...) },
			Send: func(_ context.Context, _ string, c swapscout.SwapChange, _ []byte) error {
				sent = append(sent, c.Seq)
				return nil
			},
		}})
	if err != nil {
		t.Fatal(err)
	}
	db.OnChangeTx(tr.InsertDeliveryTx)
	sw := storetest.Created(t, db)
	if err := db.SetCallback(ctx, sw.ID, "https://hooks.example/x", 1); err != nil {
		t.Fatal(err)
	}
	for i, st := range []swapscout.SwapStatus{swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusFinished} {
		before := count()
		// What the swap service does with a venue's new word: record it,
		// then tell its listeners (swaps.Service.Poll, announce).
		if _, err := db.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{Status: st, VenueStatus: string(st)}, time.Now()); err != nil {
			t.Fatal(err)
		}
		tr.SwapChanged(ctx, swapscout.SwapChange{SwapID: sw.ID, Seq: i + 2, Status: st})
		tr.deliver.inline.Wait()
		got := count() - before
		t.Logf("change %d: %d commits", i+2, got)
		if got > budget {
			t.Errorf("change %d (%s): %d commits to record and push it; budget %d", i+2, st, got, budget)
		}
	}
	if want := []int{2, 3, 4}; !slices.Equal(sent, want) {
		t.Errorf("changes sent %v; want %v, once each", sent, want)
	}
	if _, delivered, err := db.Callback(ctx, sw.ID); err != nil || delivered != 4 {
		t.Errorf("delivered %d (%v); want 4", delivered, err)
	}
	// Each change's job was written with it: the job's own run finds it
	// delivered.
	var jobs int
	if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = 'swap_webhook'`).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 3 {
		t.Errorf("%d delivery jobs; want one per change (3)", jobs)
	}
}

// TestMemLeases: the leases a sole instance keeps in memory still keep
// one delivery of a swap at a time, still respect a failed swap's back-off
// (also one a previous process wrote before it was killed), and do not
// wait for a lease left in the database by a process that is gone.
func TestMemLeases(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sw := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	if err := db.SetCallback(ctx, sw.ID, "https://hooks.example/x", 1); err != nil {
		t.Fatal(err)
	}
	id := sw.ID
	// A process killed during a delivery left its lease in the database.
	if ok, _, err := db.LeaseCallback(ctx, id, now, now.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("lease in the database: %v, %v", ok, err)
	}
	newLeases := func() *memLeases { return &memLeases{Callbacks: db, backoff: db, held: map[string]struct{}{}} }
	m := newLeases()
	lease := func(m *memLeases, at time.Time) (bool, time.Time) {
		t.Helper()
		ok, backoff, err := m.LeaseCallback(ctx, id, at, at.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		return ok, backoff
	}
	if ok, _ := lease(m, now); !ok {
		t.Fatal("a dead process's lease was waited for")
	}
	if ok, backoff := lease(m, now); ok || !backoff.IsZero() {
		t.Fatalf("second lease while held = %v, %v; want refused, no back-off", ok, backoff)
	}
	// The delivery fails: delivered up to 2, back off for 10 s.
	retry := now.Add(10 * time.Second)
	if err := m.ReleaseCallback(ctx, id, 2, retry); err != nil {
		t.Fatal(err)
	}
	if ok, backoff := lease(m, now.Add(time.Second)); ok || !backoff.Equal(retry) {
		t.Errorf("lease during the back-off = %v, %v; want refused until %v", ok, backoff, retry)
	}
	// Restarted (kill -9): memory is empty, the back-off is not.
	m = newLeases()
	if ok, backoff := lease(m, now.Add(time.Second)); ok || !backoff.Equal(retry) {
		t.Errorf("lease after a restart during the back-off = %v, %v; want refused until %v", ok, backoff, retry)
	}
	if ok, _ := lease(m, retry.Add(time.Millisecond)); !ok {
		t.Error("lease after the back-off refused")
	}
	if err := m.ReleaseCallback(ctx, id, 3, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, delivered, err := db.Callback(ctx, id); err != nil || delivered != 3 {
		t.Errorf("delivered %d (%v); want 3", delivered, err)
	}
	// Progress never moves backwards.
	if ok, _ := lease(m, retry.Add(time.Second)); !ok {
		t.Fatal("lease refused")
	}
	if err := m.ReleaseCallback(ctx, id, 1, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, delivered, _ := db.Callback(ctx, id); delivered != 3 {
		t.Errorf("delivered %d after releasing with 1; want 3 kept", delivered)
	}
}
