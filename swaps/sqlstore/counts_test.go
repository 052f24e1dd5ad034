package sqlstore_test

import (
	"context"
	"github.com/swapscout/swapscout/internal/tier"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// testOpenSwapCounts: the open swaps are counted by status; a swap only
// reserved (its venue never answered) and the swaps that are over are not.
func testOpenSwapCounts(t *testing.T, db *sqlstore.DB) {
	ctx := context.Background()
	if got, err := db.OpenSwapCounts(ctx); err != nil || len(got) != 0 {
		t.Fatalf("empty store: %v, %v", got, err)
	}
	add := func(moves ...swapscout.SwapStatus) {
		t.Helper()
		s := storetest.Sample()
		if _, err := db.ReserveSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		if len(moves) == 0 {
			return // reserved only
		}
		s.VenueOrder, s.DepositAddress, s.Status, s.VenueStatus = swapscout.OrderRef{ID: "o-" + s.ID}, "dep", swapscout.StatusWaiting, "new"
		if err := db.CompleteSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		for _, st := range moves[1:] {
			if _, err := db.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: st, VenueStatus: string(st)}, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	w, c, f, h := swapscout.StatusWaiting, swapscout.StatusConfirming, swapscout.StatusFinished, swapscout.StatusHeld
	add()
	add(w)
	add(w)
	add(w, c)
	add(w, c, h)
	add(w, c, f)
	add(w, swapscout.StatusExpired)
	got, err := db.OpenSwapCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[swapscout.SwapStatus]int{w: 2, c: 1, h: 1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("OpenSwapCounts (-want +got):\n%s", diff)
	}
}

func TestOpenSwapCountsSQLite(t *testing.T) { testOpenSwapCounts(t, openSQLite(t)) }

func TestOpenSwapCountsPostgres(t *testing.T) {
	tier.E2E(t)
	db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	testOpenSwapCounts(t, db)
}
