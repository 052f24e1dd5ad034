package swaps

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
)

// OutcomeReader reads the outcomes of the swaps finished since a time
// (sqlstore.DB does).
type OutcomeReader interface {
	Outcomes(ctx context.Context, since time.Time) ([]swapscout.SwapOutcome, error)
}

// Accuracy gives each venue's figures over its swaps finished in the last
// Window (swapscout.Accuracy): what /v1/venues and the page show, what the
// ranking may weigh, and each venue's usual time from deposit to payout,
// after which a swap is marked late. The figures scan every swap finished
// in the window, so they are read again at most every MaxAge.
type Accuracy struct {
	Outcomes OutcomeReader
	// Window is how far back finished swaps count (DefaultAccuracyWindow
	// when zero).
	Window time.Duration
	// MaxAge is how long figures read are served before they are read
	// again (5 s when zero).
	MaxAge time.Duration
	// UsualDefault is a venue's usual time until enough of its swaps are
	// timed (swapscout.DefaultUsualTime when zero).
	UsualDefault time.Duration
	Now          func() time.Time // time.Now when nil
	Logger       *slog.Logger     // slog.Default() when nil

	mu   sync.Mutex
	at   time.Time
	last map[string]swapscout.VenueAccuracy
}

// DefaultAccuracyWindow is the window of Accuracy when it names none: 30
// days.
const DefaultAccuracyWindow = 30 * 24 * time.Hour

func (a *Accuracy) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// WindowOrDefault is the window the figures cover.
func (a *Accuracy) WindowOrDefault() time.Duration {
	if a.Window > 0 {
		return a.Window
	}
	return DefaultAccuracyWindow
}

// Venues returns every venue's figures, read at most MaxAge ago.
func (a *Accuracy) Venues(ctx context.Context) (map[string]swapscout.VenueAccuracy, error) {
	maxAge := a.MaxAge
	if maxAge <= 0 {
		maxAge = 5 * time.Second
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.now()
	if a.last != nil && now.Sub(a.at) < maxAge {
		return a.last, nil
	}
	outs, err := a.Outcomes.Outcomes(ctx, now.Add(-a.WindowOrDefault()))
	if err != nil {
		return nil, err
	}
	a.last, a.at = swapscout.Accuracy(outs), now
	return a.last, nil
}

// Usual returns venue's usual time from deposit to payout: the 90th
// percentile of its finished swaps' times, or UsualDefault until enough are
// timed; and how many swaps it came from (0: the default). Figures that
// cannot be read give 0: no swap is marked late on a guess.
func (a *Accuracy) Usual(ctx context.Context, venue string) (time.Duration, int) {
	all, err := a.Venues(ctx)
	if err != nil {
		log := a.Logger
		if log == nil {
			log = slog.Default()
		}
		log.Debug("late: venue accuracy unavailable", "err", err)
		return 0, 0
	}
	return all[venue].Usual(a.UsualDefault)
}
