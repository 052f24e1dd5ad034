package swaps

import (
	"context"
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
	return &swapscout.Board{Instance: b.Instance, At: at, Window: w, Venues: swapscout.ComputeBoard(rows)}, nil
}
