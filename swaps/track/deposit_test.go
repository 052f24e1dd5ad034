package track_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps/storetest"
	"github.com/swapscout/swapscout/swaps/track"
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
	v := &depositVenue{venue{steps: progress[1:], calls: map[string]int{}}}
	svc := service(db, v, fast)
	svc.ExpireAfter = time.Millisecond
	tr := startTracker(t, db, svc, track.Config{})
	sw := createSwap(t, db)
	if _, err := tr.Track(ctx, sw.ID); err != nil {
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
	if v.count("dtx") == 0 || v.count(sw.VenueOrder.ID) != 0 {
		t.Errorf("asked dtx %d times and the order id %d times; want the deposit only", v.count("dtx"), v.count(sw.VenueOrder.ID))
	}

	s := storetest.Sample()
	db.ReserveSwap(ctx, s)
	s.VenueOrder, s.DepositAddress, s.ExpiresAt = swapscout.OrderRef{ID: "memo"}, "dep", time.Now().Add(-time.Minute)
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	tr.Track(ctx, s.ID)
	waitStatus(t, db, s.ID, swapscout.StatusExpired)
}

// finderVenue is a deposit-tracked venue that can find deposits
// (swapscout.DepositFinder): it finds tx from the after-th look-up on.
type finderVenue struct {
	depositVenue
	tx    string
	after int
	looks atomic.Int64
}

func (f *finderVenue) FindDeposit(_ context.Context, s *swapscout.Swap) (string, bool, error) {
	if s.DepositTx != "" {
		panic("asked to find a deposit already known")
	}
	if f.looks.Add(1) < int64(f.after) || f.tx == "" {
		return "", false, nil
	}
	return f.tx, true, nil
}

// TestDepositFound: a deposit-tracked swap nobody gave a deposit for is
// looked up on its schedule; once found, the deposit is recorded and the
// swap followed by it to the end. A deposit the user gave first wins, and
// a swap whose deposit is never found expires.
func TestDepositFound(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	// The network reports the deposit it is asked about: the steps name none.
	steps := append([]swapscout.SwapUpdate(nil), progress[1:]...)
	for i := range steps {
		steps[i].DepositTx = ""
	}
	v := &finderVenue{depositVenue: depositVenue{venue{steps: steps, calls: map[string]int{}}}, tx: "ftx", after: 3}
	svc := service(db, v, fast)
	svc.ExpireAfter = time.Millisecond
	tr := startTracker(t, db, svc, track.Config{})

	sw := createSwap(t, db)
	if _, err := tr.Track(ctx, sw.ID); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, db, sw.ID, swapscout.StatusFinished)
	got, err := db.Swap(ctx, sw.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.DepositTx != "ftx" || v.count("ftx") == 0 || v.looks.Load() < 3 {
		t.Errorf("deposit %q, asked by it %d times after %d look-ups; want ftx found on the 3rd", got.DepositTx, v.count("ftx"), v.looks.Load())
	}

	// The user's deposit is known before any look-up: no look-up, and it is followed.
	looks := v.looks.Load()
	sw2 := createSwap(t, db)
	if _, err := db.UpdateSwap(ctx, sw2.ID, swapscout.SwapUpdate{DepositTx: "utx"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	tr.Track(ctx, sw2.ID)
	waitStatus(t, db, sw2.ID, swapscout.StatusFinished)
	if got, _ := db.Swap(ctx, sw2.ID); got.DepositTx != "utx" || v.looks.Load() != looks {
		t.Errorf("deposit %q after %d more look-ups; want the user's utx and none", got.DepositTx, v.looks.Load()-looks)
	}

	// Never found (none or several matches): waiting, then expired.
	v.tx = ""
	s := storetest.Sample()
	db.ReserveSwap(ctx, s)
	s.VenueOrder, s.DepositAddress, s.ExpiresAt = swapscout.OrderRef{ID: "memo"}, "dep", time.Now().Add(300*time.Millisecond)
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	tr.Track(ctx, s.ID)
	waitStatus(t, db, s.ID, swapscout.StatusExpired)
}
