package swaps

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/opt"
)

// BoardReader reads the swaps the outcome board counts (sqlstore.DB does).
type BoardReader interface {
	BoardSwaps(ctx context.Context, since time.Time) ([]swapscout.BoardSwap, error)
}

// DefaultBoardWindow is how far back the outcome board looks when
// Board.Window is zero: 30 days.
const DefaultBoardWindow = 30 * 24 * time.Hour

// Board computes the outcome board from the stored swaps.
type Board struct {
	Swaps    BoardReader
	Window   time.Duration    // DefaultBoardWindow when zero
	Instance string           // who publishes it (empty: unnamed)
	Now      func() time.Time // time.Now when nil
}

// Board returns the board as the store now stands: the venues' lines over
// the swaps created within the window.
func (b *Board) Board(ctx context.Context) (*swapscout.Board, error) {
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	w := opt.Or(b.Window, DefaultBoardWindow)
	at := now().UTC()
	rows, err := b.Swaps.BoardSwaps(ctx, at.Add(-w))
	if err != nil {
		return nil, err
	}
	return &swapscout.Board{Instance: b.Instance, At: at, Window: w, Venues: swapscout.ComputeBoard(rows),
		Groups: swapscout.ComputeBoardGroups(rows, 0)}, nil
}

// Outcomes keeps a snapshot of the outcome board for the quote path: each
// offer carries its venue's line (swapscout.Offer.Outcome) and the ranking
// may weigh what the chain showed, without a quote ever waiting on the
// database. Run refreshes the snapshot off the hot path; Venue reads it.
type Outcomes struct {
	Board *Board
	// Every is how often Run computes the board again (DefaultOutcomesEvery
	// when zero).
	Every  time.Duration
	Logger *slog.Logger // slog.Default() when nil

	cur atomic.Pointer[map[string]*swapscout.OfferOutcome]
}

// DefaultOutcomesEvery is how often the outcomes' snapshot is refreshed:
// a board changes as swaps end, minutes apart, and computing it reads every
// swap of the window.
const DefaultOutcomesEvery = 30 * time.Second

// Refresh computes the board now and makes it the snapshot.
func (o *Outcomes) Refresh(ctx context.Context) error {
	b, err := o.Board.Board(ctx)
	if err != nil {
		return err
	}
	m := make(map[string]*swapscout.OfferOutcome, len(b.Venues))
	for _, v := range b.Venues {
		m[v.Venue] = &swapscout.OfferOutcome{Window: b.Window, VenueBoard: v}
	}
	o.cur.Store(&m)
	return nil
}

// Run refreshes the snapshot at once and then every Every until ctx ends;
// a failed refresh keeps the last snapshot and is logged.
func (o *Outcomes) Run(ctx context.Context) {
	every := o.Every
	if every <= 0 {
		every = DefaultOutcomesEvery
	}
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := o.Refresh(ctx); err != nil && ctx.Err() == nil {
			log.Warn("outcome board snapshot not refreshed: offers keep the last one", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Venue returns venue's line in the snapshot; nil before the first
// refresh or when the venue has no swap in the window. It allocates
// nothing: the quote path calls it for every offer.
func (o *Outcomes) Venue(id string) *swapscout.OfferOutcome {
	m := o.cur.Load()
	if m == nil {
		return nil
	}
	return (*m)[id]
}
