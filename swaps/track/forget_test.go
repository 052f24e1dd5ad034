package track_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/track"
)

// finishedLongAgo creates a swap and finishes it at at.
func finishedLongAgo(t *testing.T, st swapscout.SwapStore, at time.Time) *swapscout.Swap {
	t.Helper()
	sw := createSwap(t, st)
	if _, err := st.UpdateSwap(context.Background(), sw.ID, swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done", PayoutTx: "ptx"}, at); err != nil {
		t.Fatal(err)
	}
	return sw
}

// waitForgotten waits for the retention job to anonymise the swap.
func waitForgotten(t *testing.T, st swapscout.SwapStore, id string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		sw, err := st.Swap(context.Background(), id)
		if err == nil && sw.VenueOrder.ID == swapscout.ForgottenOrder {
			if sw.PayoutAddress != "" || sw.RefundAddress != "" || sw.DepositAddress != "" || sw.PayoutTx != "" {
				t.Fatalf("swap %s marked forgotten but keeps %+v", id, sw)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("swap %s not forgotten by the retention job: %+v (%v)", id, sw, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestForgetJobSQLite: the tracker runs the retention job at start, which
// anonymises a swap finished past the service's retention and leaves a
// recent one whole.
func TestForgetJobSQLite(t *testing.T) {
	db := sqliteDB(t)
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	svc := service(db, &venue{calls: map[string]int{}}, fast)
	svc.Retention, svc.Now = swaps.DefaultRetention, func() time.Time { return now }
	old := finishedLongAgo(t, db, now.Add(-15*24*time.Hour))
	recent := finishedLongAgo(t, db, now.Add(-time.Hour))
	forgot := make(chan int, 10)
	startTracker(t, db, svc, track.Config{Forget: svc.Forget, OnForget: func(n int) { forgot <- n }})
	waitForgotten(t, db, old.ID)
	if n := <-forgot; n != 1 {
		t.Errorf("the first round forgot %d swaps, want 1", n)
	}
	if sw, err := db.Swap(context.Background(), recent.ID); err != nil || sw.PayoutAddress == "" {
		t.Errorf("a swap within its retention was anonymised: %+v, %v", sw, err)
	}
}

// TestForgetJobPostgres: the same on PostgreSQL.
func TestForgetJobPostgres(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db, err := sqlstore.OpenPostgres(ctx, url, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	drv := riverpgxv5.New(pool)
	if err := track.Migrate(ctx, drv); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	svc := service(db, &venue{calls: map[string]int{}}, fast)
	svc.Retention, svc.Now = swaps.DefaultRetention, func() time.Time { return now }
	old := finishedLongAgo(t, db, now.Add(-15*24*time.Hour))
	tr, err := track.New(drv, track.Config{Swaps: svc, Forget: svc.Forget, Logger: quiet, FetchInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer tr.Stop(ctx)
	waitForgotten(t, db, old.ID)
}
