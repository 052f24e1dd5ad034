package track

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/swapscout/swapscout"
)

// Observer hears what the tracker does, for metrics. Every field may be
// nil. Its functions run on the polling and delivery goroutines: they must
// return at once.
type Observer struct {
	// Polled hears of each status call asked of a venue: how long the
	// venue took and its error (nil: it answered). Polls that ask no venue
	// (a deposit-tracked swap whose deposit is not known yet) are not
	// calls.
	Polled func(venue string, took time.Duration, err error)
	// Late hears, as each poll starts, how long after it was due it runs:
	// a tracker short of workers, or a job engine slow to hand out its
	// jobs, runs its polls later and later.
	Late func(late time.Duration)
	// Delivered hears of each webhook POST: its error (nil: delivered),
	// and whether a failed change was given up rather than retried.
	Delivered func(err error, gaveUp bool)
}

// askStatus asks the venue for sw's status (pollStatus) and tells the
// observer how the call went.
func (w *worker) askStatus(ctx context.Context, swapper swapscout.Swapper, sw *swapscout.Swap, key string, ready bool) (swapscout.SwapUpdate, error) {
	c := w.cfg
	if !ready || c.Observer.Polled == nil {
		return pollStatus(ctx, swapper, sw, key, ready)
	}
	start := c.Now()
	u, err := pollStatus(ctx, swapper, sw, key, ready)
	c.Observer.Polled(sw.Venue, c.Now().Sub(start), err)
	return u, err
}

// pollStarted tells the observer how late job's poll starts. A job's
// ScheduledAt is when it was due: its insertion, or the end of its last
// snooze.
func (c *Config) pollStarted(job *river.Job[pollArgs]) {
	if c.Observer.Late == nil || job.ScheduledAt.IsZero() {
		return
	}
	c.Observer.Late(max(c.Now().Sub(job.ScheduledAt), 0))
}

// delivered tells the observer of one webhook POST.
func (c *Config) delivered(err error, gaveUp bool) {
	if c.Observer.Delivered != nil {
		c.Observer.Delivered(err, gaveUp)
	}
}
