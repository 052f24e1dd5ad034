package track_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/storetest"
	"github.com/swapscout/swapscout/swaps/track"
)

// outcomes is an OutcomeReader whose venues' usual times are set: what
// their finished swaps would say (12 of them timed, the 90th percentile).
type outcomes map[string]time.Duration

func (o outcomes) Outcomes(context.Context, time.Time) ([]swapscout.SwapOutcome, error) {
	var outs []swapscout.SwapOutcome
	dep := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for venue, took := range o {
		for range 12 {
			outs = append(outs, swapscout.SwapOutcome{Venue: venue, Status: swapscout.StatusFinished, DepositAt: dep, PaidAt: dep.Add(took)})
		}
	}
	return outs, nil
}

// TestLate: a swap whose deposit was seen longer ago than its venue's usual
// time is marked late once, with the usual time and its basis; the notifier
// hears of it and OnLate counts it. A swap at a venue whose usual time has
// not passed is never marked.
func TestLate(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	stuck := []swapscout.SwapUpdate{{Status: swapscout.StatusConfirming, VenueStatus: "confirming", DepositTx: "dtx"}}
	v := &venue{steps: stuck, calls: map[string]int{}}
	n := &notes{}
	var mu sync.Mutex
	counted := map[string]int{}
	svc := service(db, v, fast)
	svc.Listeners = []swaps.Listener{n}
	svc.Accuracy = &swaps.Accuracy{Outcomes: outcomes{"slow": time.Hour, "changenow": 50 * time.Millisecond}}
	svc.OnLate = func(venue string) {
		mu.Lock()
		counted[venue]++
		mu.Unlock()
	}
	tr := startTracker(t, db, svc, track.Config{})
	late := createSwap(t, db) // storetest.Sample's venue: changenow
	slow := storetest.Sample()
	slow.Venue = "slow"
	if _, err := db.ReserveSwap(ctx, slow); err != nil {
		t.Fatal(err)
	}
	slow.VenueOrder, slow.DepositAddress = swapscout.OrderRef{ID: "ord-" + slow.ID}, "dep"
	if err := db.CompleteSwap(ctx, slow); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Track(ctx, late.ID, slow.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	var sw *swapscout.Swap
	var err error
	for {
		sw, err = db.Swap(ctx, late.ID)
		if err == nil && sw.Late() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("swap %s never marked late: %+v, %v", late.ID, sw, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if sw.UsualTime != 50*time.Millisecond || sw.UsualBasis != 12 || sw.Status != swapscout.StatusConfirming {
		t.Errorf("late swap: usual %s from %d, status %s; want 50ms from 12, still confirming", sw.UsualTime, sw.UsualBasis, sw.Status)
	}
	// Let more polls pass: the swap is marked once, the slow one never.
	for v.count(late.VenueOrder.ID) < 5 || v.count(slow.VenueOrder.ID) < 5 {
		if time.Now().After(deadline) {
			t.Fatal("polls stopped")
		}
		time.Sleep(20 * time.Millisecond)
	}
	evs, _ := db.SwapEvents(ctx, late.ID)
	marks := 0
	for _, ev := range evs {
		if ev.Late {
			marks++
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if marks != 1 || counted["changenow"] != 1 || counted["slow"] != 0 {
		t.Errorf("late marks %d, counted %v; want one mark, counted once, the slow venue's swap never", marks, counted)
	}
	if s, _ := db.Swap(ctx, slow.ID); s.Late() {
		t.Errorf("swap at a venue whose usual time has not passed is late: %+v", s)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.seen) < 3 { // two confirmings, one late mark (confirming)
		t.Errorf("notifier heard %v; want each swap's change and the late mark", n.seen)
	}
}
