package track_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaptest"
	"github.com/swapscout/swapscout/track"
)

// depositVenue is a venue that follows swaps by their deposit's transaction
// (swapscout.DepositTracked), like THORChain.
type depositVenue struct{ venue }

func (*depositVenue) DepositTxID(id string) (string, bool) { return id, id != "" }

// TestDepositTracked: a deposit-tracked swap is not polled until its deposit
// transaction is known, then is followed by that id to the end; one whose
// deposit never comes expires.
func TestDepositTracked(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	drv := riversqlite.New(db.SQL())
	if err := track.Migrate(ctx, drv); err != nil {
		t.Fatal(err)
	}
	v := &depositVenue{venue{steps: progress[1:], calls: map[string]int{}}}
	tr, err := track.New(drv, track.Config{Store: db, Swapper: func(string) (swapscout.Swapper, bool) { return v, true },
		Schedule: fast, Logger: quiet, FetchInterval: 20 * time.Millisecond, ExpireAfter: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer tr.Stop(ctx)
	sw := createSwap(t, db)
	if err := tr.Track(ctx, sw.ID); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	v.mu.Lock()
	polled := len(v.calls)
	v.mu.Unlock()
	if polled != 0 {
		t.Fatalf("polled %d ids before the deposit was known", polled)
	}
	if _, err := db.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{DepositTx: "dtx"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, db, sw.ID, swapscout.StatusFinished)
	if v.count("dtx") == 0 || v.count(sw.VenueOrderID) != 0 {
		t.Errorf("asked dtx %d times and the order id %d times; want the deposit only", v.count("dtx"), v.count(sw.VenueOrderID))
	}

	s := swaptest.Sample()
	db.ReserveSwap(ctx, s)
	s.VenueOrderID, s.DepositAddress, s.ExpiresAt = "memo", "dep", time.Now().Add(-time.Minute)
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	tr.Track(ctx, s.ID)
	waitStatus(t, db, s.ID, swapscout.StatusExpired)
}
