package track_test

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps/track"
)

// TestImplausibleReceived: a status answer claiming 1000 times the promise
// (a misread unit) is recorded as the venue's claim with its doubt, never
// counted in the venue's accuracy; a later believable amount clears it.
func TestImplausibleReceived(t *testing.T) {
	db := sqliteDB(t)
	ctx := context.Background()
	sw := createSwap(t, db) // promised 0 in the sample: the promise is the shown 36.123456789012 XMR
	v := &venue{calls: map[string]int{}, steps: []swapscout.SwapUpdate{
		{Status: swapscout.StatusFinished, VenueStatus: "finished", PayoutTx: "ptx", AmountReceived: swapscout.MustAmount("36050")},
	}}
	cfg := track.Config{Store: db, Logger: quiet, Swapper: func(string) (swapscout.Swapper, bool) { return v, true }}
	done, err := track.PollOnce(ctx, cfg, sw.ID)
	if err != nil || !done {
		t.Fatalf("PollOnce = %v, %v", done, err)
	}
	got, err := db.Swap(ctx, sw.ID)
	if err != nil || got.Status != swapscout.StatusFinished || got.AmountReceived.Cmp(swapscout.MustAmount("36050")) != 0 || got.ReceivedDoubt == "" {
		t.Fatalf("recorded %+v, %v; want the claim kept with its doubt", got, err)
	}
	outs, err := db.Outcomes(ctx, time.Now().Add(-time.Hour))
	if err != nil || len(outs) != 1 || !outs[0].Received.IsZero() {
		t.Errorf("outcomes %+v, %v; want the doubted amount left out", outs, err)
	}
	acc := swapscout.Accuracy(outs)
	if a, ok := acc[sw.Venue]; ok && a.Count != 0 {
		t.Errorf("accuracy counts the doubted swap: %+v", a)
	}
}

// TestInsaneExpiryIgnored: an expiry recorded before expiries were checked
// (Majestic Bank's minutes overflowed into year −292 billion) does not end
// a swap the venue still waits for.
func TestInsaneExpiryIgnored(t *testing.T) {
	db := sqliteDB(t)
	ctx := context.Background()
	s := createSwap(t, db)
	if _, err := db.SQL().ExecContext(ctx, `UPDATE swaps SET expires_at = ? WHERE id = ?`, int64(-9223372036854775807), s.ID); err != nil {
		t.Fatal(err)
	}
	v := &venue{calls: map[string]int{}, steps: []swapscout.SwapUpdate{{Status: swapscout.StatusWaiting, VenueStatus: "Waiting for funds"}}}
	cfg := track.Config{Store: db, Logger: quiet, Swapper: func(string) (swapscout.Swapper, bool) { return v, true }}
	if done, err := track.PollOnce(ctx, cfg, s.ID); err != nil || done {
		t.Fatalf("PollOnce = %v, %v; want the swap still followed", done, err)
	}
	if got, _ := db.Swap(ctx, s.ID); got.Status != swapscout.StatusWaiting {
		t.Errorf("status %s; want waiting: the absurd expiry is no expiry", got.Status)
	}
}
