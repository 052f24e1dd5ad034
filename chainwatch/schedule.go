package chainwatch

import (
	"errors"
	"time"
)

// Step is one stretch of a Schedule: until the expected transfer's age
// (time since Expect.After) reaches Until, check every Every.
type Step struct {
	Until, Every time.Duration
}

// Schedule says how often to check an expected transfer as it ages. Fresh
// swaps are checked often (a deposit is usually sent within minutes and the
// user is watching); old ones rarely; past the last step, not at all, and a
// transfer still not seen then is flagged by the caller.
type Schedule struct {
	Steps []Step
	// Seen is the interval while a transfer is on chain but short of its
	// confirmations (its confirmations are followed, not its arrival).
	Seen time.Duration
}

// DefaultSchedule: every 30 s for the first 10 minutes, every minute to
// the first hour, every 5 minutes to 6 hours, every 15 minutes to 48 hours,
// then no more; a transfer seen but not settled is checked every minute.
var DefaultSchedule = Schedule{
	Steps: []Step{
		{Until: 10 * time.Minute, Every: 30 * time.Second},
		{Until: time.Hour, Every: time.Minute},
		{Until: 6 * time.Hour, Every: 5 * time.Minute},
		{Until: 48 * time.Hour, Every: 15 * time.Minute},
	},
	Seen: time.Minute,
}

func (s Schedule) validate() error {
	prev := time.Duration(0)
	for _, st := range s.Steps {
		if st.Every <= 0 || st.Until <= prev {
			return errors.New("chainwatch: schedule steps need a positive interval and increasing ages")
		}
		prev = st.Until
	}
	if s.Seen <= 0 {
		return errors.New("chainwatch: schedule needs a positive Seen interval")
	}
	return nil
}

// Horizon is the age after which the schedule stops checking.
func (s Schedule) Horizon() time.Duration {
	if len(s.Steps) == 0 {
		return 0
	}
	return s.Steps[len(s.Steps)-1].Until
}

// Every returns the check interval at age, and false past the horizon.
func (s Schedule) Every(age time.Duration) (time.Duration, bool) {
	for _, st := range s.Steps {
		if age < st.Until {
			return st.Every, true
		}
	}
	return 0, false
}

// Next says when to check e again after fact f (taken at f.CheckedAt), and
// false when watching it is over: settled, nothing to watch with, or past
// the schedule's horizon.
func (w *Watcher) Next(e Expect, f Fact) (time.Duration, bool) {
	switch f.State {
	case Confirmed, NotWatched, NotVerifiable:
		return 0, false
	}
	age := f.CheckedAt.Sub(e.After)
	every, ok := w.schedule.Every(age)
	if !ok {
		return 0, false
	}
	if f.State == Seen {
		every = min(every, w.schedule.Seen)
	}
	return max(every, f.RetryAfter), true
}

// ChecksPerMinute is how many checks per minute the schedule makes of n
// expected transfers whose ages are spread evenly over [0, span): the
// average of 1/Every over that span, times n. Spans past the horizon count
// nothing there.
func (s Schedule) ChecksPerMinute(n int, span time.Duration) float64 {
	if span <= 0 || n <= 0 {
		return 0
	}
	total, from := 0.0, time.Duration(0)
	for _, st := range s.Steps {
		to := min(st.Until, span)
		if to > from {
			total += float64(to-from) / float64(st.Every)
		}
		from = st.Until
		if from >= span {
			break
		}
	}
	// total checks made over span by one transfer; per minute on average:
	return float64(n) * total / (float64(span) / float64(time.Minute))
}
