package track

import (
	"time"

	"github.com/riverqueue/river"

	"github.com/swapscout/swapscout"
)

// Observer hears what the tracker does, for metrics. Every field may be
// nil. Its functions run on the polling and delivery goroutines: they must
// return at once. (The status calls a poll asks of a venue are the swap
// service's to tell: swaps.Service.OnPoll.)
type Observer struct {
	// Late hears, as each poll starts, how long after it was due it runs:
	// a tracker short of workers, or a job engine slow to hand out its
	// jobs, runs its polls later and later.
	Late func(late time.Duration)
	// Delivered hears of each webhook POST: its error (nil: delivered),
	// and whether a failed change was given up rather than retried.
	Delivered func(err error, gaveUp bool)
	// Changed hears of each status change this instance recorded and
	// told (SwapChanged), by the status it reached.
	Changed func(status swapscout.SwapStatus)
	// Pushed hears, for each change delivered to a webhook receiver, how
	// long after the change was seen (the venue's answer) the receiver
	// acknowledged it: the push's lag end to end.
	Pushed func(lag time.Duration)
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

// changed tells the observer of one status change told.
func (c *Config) changed(status swapscout.SwapStatus) {
	if c.Observer.Changed != nil {
		c.Observer.Changed(status)
	}
}

// pushed tells the observer how long a delivered change took to arrive.
func (c *Config) pushed(lag time.Duration) {
	if c.Observer.Pushed != nil {
		c.Observer.Pushed(max(lag, 0))
	}
}
