package metrics_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/metrics"
)

// TestTrackerSeries: status polls count by venue and outcome (ok or the
// failure code) and are timed; poll lateness and webhook POSTs by outcome
// are recorded; a swap venue's series exist at 0 before its first poll;
// the series pass promlint.
func TestTrackerSeries(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := metrics.New()
	if err := m.Register(reg); err != nil {
		t.Fatal(err)
	}
	m.SwapVenue("sideshift")
	m.PollDone("changenow", 300*time.Millisecond, nil)
	m.PollDone("changenow", 30*time.Millisecond, nil)
	m.PollDone("changenow", 2*time.Second, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "slow down"})
	m.PollDone("exolix", 20*time.Second, context.DeadlineExceeded)
	m.PollLate(0)
	m.PollLate(3 * time.Second)
	m.WebhookSent(nil, false)
	m.WebhookSent(nil, false)
	m.WebhookSent(errors.New("503"), false)
	m.WebhookSent(errors.New("503"), true)
	want := `
# HELP swapscout_track_polls_total Swap status calls made to each venue by this instance's tracker, by outcome: ok, or the failure code.
# TYPE swapscout_track_polls_total counter
swapscout_track_polls_total{outcome="ok",venue="changenow"} 2
swapscout_track_polls_total{outcome="ok",venue="sideshift"} 0
swapscout_track_polls_total{outcome="rate_limited",venue="changenow"} 1
swapscout_track_polls_total{outcome="timeout",venue="exolix"} 1
# HELP swapscout_webhook_deliveries_total Webhook POSTs made by this instance, by outcome: delivered, failed (retried later) or given_up.
# TYPE swapscout_webhook_deliveries_total counter
swapscout_webhook_deliveries_total{outcome="delivered"} 2
swapscout_webhook_deliveries_total{outcome="failed"} 1
swapscout_webhook_deliveries_total{outcome="given_up"} 1
# HELP swapscout_track_poll_lag_seconds How long after it was due each swap status poll of this instance started.
# TYPE swapscout_track_poll_lag_seconds histogram
swapscout_track_poll_lag_seconds_bucket{le="0.01"} 1
swapscout_track_poll_lag_seconds_bucket{le="0.05"} 1
swapscout_track_poll_lag_seconds_bucket{le="0.1"} 1
swapscout_track_poll_lag_seconds_bucket{le="0.25"} 1
swapscout_track_poll_lag_seconds_bucket{le="0.5"} 1
swapscout_track_poll_lag_seconds_bucket{le="1"} 1
swapscout_track_poll_lag_seconds_bucket{le="2.5"} 1
swapscout_track_poll_lag_seconds_bucket{le="5"} 2
swapscout_track_poll_lag_seconds_bucket{le="10"} 2
swapscout_track_poll_lag_seconds_bucket{le="30"} 2
swapscout_track_poll_lag_seconds_bucket{le="60"} 2
swapscout_track_poll_lag_seconds_bucket{le="120"} 2
swapscout_track_poll_lag_seconds_bucket{le="300"} 2
swapscout_track_poll_lag_seconds_bucket{le="900"} 2
swapscout_track_poll_lag_seconds_bucket{le="+Inf"} 2
swapscout_track_poll_lag_seconds_sum 3
swapscout_track_poll_lag_seconds_count 2
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "swapscout_track_polls_total",
		"swapscout_webhook_deliveries_total", "swapscout_track_poll_lag_seconds"); err != nil {
		t.Error(err)
	}
	if n := testutil.CollectAndCount(reg, "swapscout_track_poll_duration_seconds"); n != 3 {
		t.Errorf("%d poll latency histograms, want one per venue (3)", n)
	}
	lint(t, reg)
}

// TestOpenSwaps: the open swaps are exported by status, every status not
// over at 0 when none is in it, a status this build does not know as
// unknown; a count is reused within MaxAge; a failed count exports
// nothing (not the last count).
func TestOpenSwaps(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	queries := 0
	var fail error
	o := &metrics.OpenSwaps{
		Count: func(ctx context.Context) (map[swapscout.SwapStatus]int, error) {
			queries++
			if _, ok := ctx.Deadline(); !ok {
				t.Error("the count has no deadline")
			}
			return map[swapscout.SwapStatus]int{"waiting": 7, "held": 1, "unknown": 1, "someday": 2}, fail
		},
		MaxAge: 5 * time.Second,
		Now:    func() time.Time { return now },
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(o)
	want := `
# HELP swapscout_swaps_open Created swaps not over yet, by status, in the swap database (every instance on one database reports the same counts).
# TYPE swapscout_swaps_open gauge
swapscout_swaps_open{status="action_required"} 0
swapscout_swaps_open{status="confirming"} 0
swapscout_swaps_open{status="exchanging"} 0
swapscout_swaps_open{status="held"} 1
swapscout_swaps_open{status="refunding"} 0
swapscout_swaps_open{status="sending"} 0
swapscout_swaps_open{status="unknown"} 3
swapscout_swaps_open{status="waiting"} 7
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "swapscout_swaps_open"); err != nil {
		t.Error(err)
	}
	now = now.Add(4 * time.Second)
	testutil.CollectAndCount(reg)
	if queries != 1 {
		t.Errorf("%d counts within MaxAge; want 1", queries)
	}
	now, fail = now.Add(2*time.Second), errors.New("database down")
	if n := testutil.CollectAndCount(reg, "swapscout_swaps_open"); n != 0 || queries != 2 {
		t.Errorf("after a failed count: %d series, %d counts; want none, 2", n, queries)
	}
	lint(t, reg)
}
