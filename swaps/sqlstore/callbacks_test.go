package sqlstore_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// openSwap stores a sample swap with its venue order, subscribed to
// webhooks unless hook is empty.
func openSwap(t *testing.T, db *sqlstore.DB, hook string, compose swapscout.Composition) *swapscout.Swap {
	t.Helper()
	ctx := context.Background()
	sw := storetest.Sample()
	sw.Compose = compose
	if _, err := db.ReserveSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	sw.VenueOrder, sw.DepositAddress, sw.Status = swapscout.OrderRef{ID: "ord-" + sw.ID}, "dep", swapscout.StatusWaiting
	if err := db.CompleteSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	if hook != "" {
		if err := db.SetCallback(ctx, sw.ID, hook, 1); err != nil {
			t.Fatal(err)
		}
	}
	return sw
}

// TestOnChangeTx: the hook runs in the transaction of each status change
// of a subscribed swap on its own, with the change's number; its error
// rolls the change back; swaps without a callback, composed swaps and
// changes that are not a status change do not run it.
func TestOnChangeTx(t *testing.T) {
	ctx := context.Background()
	db := openSQLite(t)
	type call struct {
		id  string
		seq int
	}
	var calls []call
	var fail error
	db.OnChangeTx(func(ctx context.Context, tx *sql.Tx, id string, seq int) error {
		// It sees the change it runs beside.
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM swap_events WHERE swap_id = ?`, id).Scan(&n); err != nil || n != seq {
			t.Errorf("hook sees %d events (%v); want %d", n, err, seq)
		}
		calls = append(calls, call{id, seq})
		return fail
	})
	sub := openSwap(t, db, "https://hooks.example/x", "")
	plain := openSwap(t, db, "", "")
	route := openSwap(t, db, "https://hooks.example/y", swapscout.ComposeRoute)
	at := time.Now()
	for _, sw := range []*swapscout.Swap{sub, plain, route} {
		if _, err := db.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "c"}, at); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.UpdateSwap(ctx, sub.ID, swapscout.SwapUpdate{DepositTx: "tx1"}, at); err != nil {
		t.Fatal(err)
	}
	if want := []call{{sub.ID, 2}}; len(calls) != 1 || calls[0] != want[0] {
		t.Errorf("hook calls %v; want %v", calls, want)
	}
	fail = errors.New("job engine down")
	if _, err := db.UpdateSwap(ctx, sub.ID, swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "x"}, at); err == nil {
		t.Error("a change whose hook failed was recorded without error")
	}
	hist, err := db.SwapEvents(ctx, sub.ID)
	if err != nil || len(hist) != 2 {
		t.Errorf("history %v (%v); want the failed change rolled back (2 events)", hist, err)
	}
	if got, _ := db.Swap(ctx, sub.ID); got == nil || got.Status != swapscout.StatusConfirming {
		t.Errorf("swap after a failed hook = %+v; want still confirming", got)
	}
}

// TestReleaseCallback: one write gives the lease back, records progress
// (never backwards) and sets the back-off, which CallbackBackoff reads, on
// both databases.
func TestReleaseCallback(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func(t *testing.T) *sqlstore.DB
	}{
		{"sqlite", openSQLite},
		{"postgres", func(t *testing.T) *sqlstore.DB {
			db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			db := tc.open(t)
			id := openSwap(t, db, "https://hooks.example/x", "").ID
			now := time.Unix(1_800_000_000, 0)
			if ok, _, err := db.LeaseCallback(ctx, id, now, now.Add(time.Minute)); !ok || err != nil {
				t.Fatalf("lease: %v, %v", ok, err)
			}
			retry := now.Add(5 * time.Second)
			if err := db.ReleaseCallback(ctx, id, 3, retry); err != nil {
				t.Fatal(err)
			}
			if b, err := db.CallbackBackoff(ctx, id, now); err != nil || !b.Equal(retry) {
				t.Errorf("back-off %v (%v); want %v", b, err, retry)
			}
			if b, _ := db.CallbackBackoff(ctx, id, retry.Add(time.Second)); !b.IsZero() {
				t.Errorf("back-off after its end %v; want none", b)
			}
			if ok, backoff, _ := db.LeaseCallback(ctx, id, now, now.Add(time.Minute)); ok || !backoff.Equal(retry) {
				t.Errorf("lease during the back-off = %v, %v", ok, backoff)
			}
			if err := db.ReleaseCallback(ctx, id, 2, time.Time{}); err != nil {
				t.Fatal(err)
			}
			if _, delivered, err := db.Callback(ctx, id); err != nil || delivered != 3 {
				t.Errorf("delivered %d (%v); want 3 (never backwards)", delivered, err)
			}
			if ok, _, _ := db.LeaseCallback(ctx, id, now, now.Add(time.Minute)); !ok {
				t.Error("lease refused after a release without back-off")
			}
		})
	}
}
