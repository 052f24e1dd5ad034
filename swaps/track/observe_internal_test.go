package track

import (
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// TestPollStarted: a poll's lateness is the time from when its job was due
// to when it runs; one that runs early (a clock a little behind the job
// engine's) is not late; a job with no due time is not reported.
func TestPollStarted(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var got []time.Duration
	c := &Config{Now: func() time.Time { return t0 }, Observer: Observer{Late: func(d time.Duration) { got = append(got, d) }}}
	for _, due := range []time.Time{t0.Add(-3 * time.Second), t0.Add(time.Second), {}} {
		c.pollStarted(&river.Job[pollArgs]{JobRow: &rivertype.JobRow{ScheduledAt: due}})
	}
	if len(got) != 2 || got[0] != 3*time.Second || got[1] != 0 {
		t.Errorf("lateness reported %v; want [3s 0s]", got)
	}
	(&Config{}).pollStarted(&river.Job[pollArgs]{JobRow: &rivertype.JobRow{ScheduledAt: t0}}) // no observer: nothing to do
}
