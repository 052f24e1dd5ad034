package metrics

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/swapscout/swapscout"
)

// tracker holds the swap tracker's series (package track's Observer).
type tracker struct {
	polls       *prometheus.CounterVec
	pollLatency *prometheus.HistogramVec
	pollLag     prometheus.Histogram
	webhooks    *prometheus.CounterVec
	changes     *prometheus.CounterVec
	pushLag     prometheus.Histogram
}

// pollOK is the outcome of a status poll the venue answered.
const pollOK = "ok"

// Webhook delivery outcomes.
const (
	webhookDelivered = "delivered"
	webhookFailed    = "failed"   // retried later
	webhookGivenUp   = "given_up" // failed past the give-up time: no more retries
)

func newTracker() tracker {
	t := tracker{
		polls: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "track",
			Name: "polls_total", Help: "Swap status calls made to each venue by this instance's tracker, by outcome: ok, or the failure code."}, []string{"venue", "outcome"}),
		pollLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "track",
			Name: "poll_duration_seconds", Help: "Time each venue took to answer a swap status call, failures included.",
			Buckets: []float64{.025, .05, .1, .2, .35, .5, .75, 1, 1.5, 2, 3, 5, 10, 20}}, []string{"venue"}),
		pollLag: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "track",
			Name: "poll_lag_seconds", Help: "How long after it was due each swap status poll of this instance started.",
			Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900}}),
		webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "webhook",
			Name: "deliveries_total", Help: "Webhook POSTs made by this instance, by outcome: delivered, failed (retried later) or given_up."}, []string{"outcome"}),
	}
	t.changes = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "track",
		Name: "changes_total", Help: "Swap status changes this instance recorded and told to streams and webhooks, by the status reached."}, []string{"status"})
	t.pushLag = prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "webhook",
		Name: "push_lag_seconds", Help: "Time from a swap's change being seen (the venue's answer) to its webhook receiver's 2xx.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300, 3600}})
	for _, st := range swapscout.SwapStatuses {
		t.changes.WithLabelValues(string(st))
	}
	for _, o := range []string{webhookDelivered, webhookFailed, webhookGivenUp} {
		t.webhooks.WithLabelValues(o)
	}
	return t
}

// PollDone records one swap status call to venue: its time, and its
// outcome, ok or the failure code (swaps.Service.OnPoll).
func (m *Metrics) PollDone(venue string, took time.Duration, err error) {
	outcome := pollOK
	if err != nil {
		outcome = FailureCode(err)
	}
	m.polls.WithLabelValues(venue, outcome).Inc()
	m.pollLatency.WithLabelValues(venue).Observe(took.Seconds())
}

// PollLate records how long after it was due a status poll started
// (track.Observer.Late).
func (m *Metrics) PollLate(late time.Duration) { m.pollLag.Observe(late.Seconds()) }

// WebhookSent records one webhook POST (track.Observer.Delivered).
func (m *Metrics) WebhookSent(err error, gaveUp bool) {
	switch {
	case err == nil:
		m.webhooks.WithLabelValues(webhookDelivered).Inc()
	case gaveUp:
		m.webhooks.WithLabelValues(webhookGivenUp).Inc()
	default:
		m.webhooks.WithLabelValues(webhookFailed).Inc()
	}
}

// SwapChangeTold counts one status change told (track.Observer.Changed).
func (m *Metrics) SwapChangeTold(status swapscout.SwapStatus) {
	m.changes.WithLabelValues(string(status)).Inc()
}

// WebhookPushed records how long a change took to reach its webhook
// receiver (track.Observer.Pushed).
func (m *Metrics) WebhookPushed(lag time.Duration) { m.pushLag.Observe(lag.Seconds()) }

var openDesc = prometheus.NewDesc(prometheus.BuildFQName(namespace, "swaps", "open"),
	"Created swaps not over yet, by status, in the swap database (every instance on one database reports the same counts).", []string{"status"}, nil)

// OpenSwaps is a collector of the created swaps not over yet, by status,
// read from the swap database at scrape time. A count (or its failure) is
// kept for MaxAge, so that several scrapers, or a database that is down,
// cost one query per MaxAge between them. Every
// status that is not terminal is exported, at 0 when no swap is in it;
// when the database cannot be read, none is (a gap, not a stale count).
// Add it before Register.
type OpenSwaps struct {
	// Count returns the open swaps by status (sqlstore.DB.OpenSwapCounts).
	Count func(ctx context.Context) (map[swapscout.SwapStatus]int, error)
	// MaxAge is how long a count is reused (default 5 s); Timeout bounds
	// one count (default 2 s).
	MaxAge, Timeout time.Duration
	Now             func() time.Time // default time.Now

	mu   sync.Mutex
	at   time.Time
	last map[swapscout.SwapStatus]int // nil after a failed count
}

func (o *OpenSwaps) Describe(ch chan<- *prometheus.Desc) { ch <- openDesc }

func (o *OpenSwaps) Collect(ch chan<- prometheus.Metric) {
	counts := o.counts()
	if counts == nil {
		return
	}
	other := 0 // a status this build does not know counts as unknown
	for s, n := range counts {
		if !s.Valid() {
			other += n
		}
	}
	for _, s := range swapscout.SwapStatuses {
		if s.Terminal() {
			continue
		}
		n := counts[s]
		if s == swapscout.StatusUnknown {
			n += other
		}
		ch <- prometheus.MustNewConstMetric(openDesc, prometheus.GaugeValue, float64(n), string(s))
	}
}

func (o *OpenSwaps) counts() map[swapscout.SwapStatus]int {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	maxAge, timeout := o.MaxAge, o.Timeout
	if maxAge <= 0 {
		maxAge = 5 * time.Second
	}
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.at.IsZero() && now().Sub(o.at) < maxAge {
		return o.last
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	counts, err := o.Count(ctx)
	if err != nil {
		counts = nil
	} else if counts == nil {
		counts = map[swapscout.SwapStatus]int{}
	}
	o.last, o.at = counts, now()
	return counts
}
