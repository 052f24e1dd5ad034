package swaps_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

type boardRows struct {
	rows []swapscout.BoardSwap
	err  error
}

func (b *boardRows) BoardSwaps(context.Context, time.Time) ([]swapscout.BoardSwap, error) {
	return b.rows, b.err
}

// TestOutcomesSnapshot: offers read the board's lines from the last
// snapshot, nothing before the first refresh, and a failed refresh keeps
// the last one.
func TestOutcomesSnapshot(t *testing.T) {
	at := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	rows := &boardRows{rows: []swapscout.BoardSwap{
		{Venue: "alpha", Status: swapscout.StatusFinished},
		{Venue: "alpha", Status: swapscout.StatusRefunded},
	}}
	o := &swaps.Outcomes{Board: &swaps.Board{Swaps: rows, Window: 7 * 24 * time.Hour, Now: func() time.Time { return at }}}
	if got := o.Venue("alpha"); got != nil {
		t.Fatalf("before the first refresh: %+v, want nil", got)
	}
	if err := o.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := o.Venue("alpha")
	if got == nil || got.Swaps != 2 || got.Finished != 1 || got.Refunded != 1 || got.Window != 7*24*time.Hour {
		t.Fatalf("Venue(alpha) = %+v, want 2 swaps (1 finished, 1 refunded) over 7 days", got)
	}
	if o.Venue("beta") != nil {
		t.Error("a venue with no swap has a line")
	}
	rows.err = errors.New("database down")
	if err := o.Refresh(context.Background()); err == nil {
		t.Error("Refresh on a failing store: nil error")
	}
	if o.Venue("alpha") != got {
		t.Error("a failed refresh dropped the last snapshot")
	}
	if n := testing.AllocsPerRun(100, func() { o.Venue("alpha") }); n != 0 {
		t.Errorf("Venue allocates %v times; the quote path calls it per offer", n)
	}
}
