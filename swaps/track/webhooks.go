package track

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/swapscout/swapscout"
)

// Callbacks keeps webhook subscriptions and their deliveries' progress;
// *sqlstore.DB satisfies it. (The swap service subscribes a swap's URL when
// it creates the swap: swaps.Subscriber.)
type Callbacks interface {
	Callback(ctx context.Context, id string) (url string, delivered int, err error)
	// LeaseCallback takes swap id's lease until until unless a delivery
	// holds it or the swap backs off past now; when it backs off, it
	// returns false and when the back-off ends.
	LeaseCallback(ctx context.Context, id string, now, until time.Time) (ok bool, backoff time.Time, err error)
	AdvanceCallback(ctx context.Context, id string, seq int) error
	// ReleaseCallback gives the lease back and records, with it, that the
	// changes up to delivered were delivered (0: none more); a non-zero
	// notBefore keeps every delivery of the swap away until then (its
	// back-off).
	ReleaseCallback(ctx context.Context, id string, delivered int, notBefore time.Time) error
}

// BackoffReader reads a swap's back-off without writing: with it, the sole
// instance on a database (SQLite) keeps its delivery leases in memory
// (memLeases). *sqlstore.DB is one.
type BackoffReader interface {
	CallbackBackoff(ctx context.Context, id string, now time.Time) (time.Time, error)
}

// memLeases keeps the delivery leases in this process's memory when it is
// its database's only user (Config.SoleInstance): the lease is there to
// keep two deliveries of one swap apart, and with one process both are
// its goroutines, so a mutex does what a row's write (a commit and an
// fsync on SQLite, for every change pushed) did. What must outlive the
// process still goes to the database: the changes delivered (at-least-once
// across kill -9: a change is recorded only after its 2xx) and a failed
// swap's back-off, which a lease taken here reads before it is granted. A
// lease a killed process left in the database is no one's (its process is
// gone: the data directory's lock says so) and is not waited for.
type memLeases struct {
	Callbacks
	backoff BackoffReader
	mu      sync.Mutex
	held    map[string]struct{}
}

func (m *memLeases) LeaseCallback(ctx context.Context, id string, now, _ time.Time) (bool, time.Time, error) {
	m.mu.Lock()
	if _, busy := m.held[id]; busy {
		m.mu.Unlock()
		return false, time.Time{}, nil
	}
	m.held[id] = struct{}{}
	m.mu.Unlock()
	// Read after taking it: a holder that failed wrote its back-off
	// before letting go.
	until, err := m.backoff.CallbackBackoff(ctx, id, now)
	if err != nil || !until.IsZero() {
		m.drop(id)
		return false, until, err
	}
	return true, time.Time{}, nil
}

func (m *memLeases) ReleaseCallback(ctx context.Context, id string, delivered int, notBefore time.Time) error {
	defer m.drop(id)
	return m.Callbacks.ReleaseCallback(ctx, id, delivered, notBefore)
}

func (m *memLeases) drop(id string) {
	m.mu.Lock()
	delete(m.held, id)
	m.mu.Unlock()
}

// Webhooks configures delivery of each change of a swap to its callback
// URL, on the same job engine as the polls.
//
// Every change the swap service records (swapscout.SwapChange, heard by
// Tracker.SwapChanged) inserts a delivery job (unique by swap and change
// number) and makes a first attempt at once. A delivery takes the
// swap's lease, so one delivery runs per swap at a time, and POSTs every
// change not yet delivered, oldest first, advancing the swap's delivered
// count after each: changes arrive in order, and a job whose insertion was
// lost (a crash between the change and the insert) is made up by the next
// one.
//
// The back-off belongs to the swap, not to a job: a failed POST releases the
// lease with a time before which no delivery of that swap may start (2 s,
// 4 s, 8 s … after the change was seen, then hourly; see RetryDelay), so the
// jobs of later changes, and their first attempts, wait for it too instead
// of each trying the stuck change again on a schedule of its own. Every
// job whose change is not delivered yet sleeps until the back-off ends, and
// whichever wakes first makes the next attempt, for every change. A change
// still undeliverable GiveUpAfter after it was seen is given up (logged) so
// the later ones can go.
type Webhooks struct {
	Callbacks Callbacks
	// Send POSTs one change (webhook.Sender.Send); its errors must not
	// carry secrets, as River keeps them with the job.
	Send func(ctx context.Context, url string, c swapscout.SwapChange, body []byte) error
	// Encode appends the JSON of the swap as of a change
	// (api.AppendSwap).
	Encode func(dst []byte, sw *swapscout.Swap, history []swapscout.SwapEvent) []byte
	// GiveUpAfter is how long a change is retried (default 25 h).
	GiveUpAfter time.Duration
	// Timeout bounds one POST (default 10 s).
	Timeout time.Duration
	// Backoff is how long to wait after a failed attempt at a change that
	// has waited this long since it was seen (default RetryDelay).
	Backoff func(waited time.Duration) time.Duration
	// Workers is how many deliveries run at once in this instance, on a
	// queue of their own so slow receivers never delay polls (default 10);
	// ten times as many first attempts may run beside their jobs.
	Workers int
}

// QueueWebhooks is the River queue of deliveries.
const QueueWebhooks = "webhooks"

func (w *Webhooks) defaults() {
	if w.GiveUpAfter <= 0 {
		w.GiveUpAfter = 25 * time.Hour
	}
	if w.Timeout <= 0 {
		w.Timeout = 10 * time.Second
	}
	if w.Workers <= 0 {
		w.Workers = 10
	}
	if w.Backoff == nil {
		w.Backoff = RetryDelay
	}
}

// deliverArgs is the job: deliver swap SwapID's changes up to at least Seq.
type deliverArgs struct {
	SwapID string `json:"swap_id"`
	Seq    int    `json:"seq"`
}

func (deliverArgs) Kind() string { return "swap_webhook" }

func (deliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 200}
}

// firstAttempts is how many first attempts may run at once beside their
// jobs, per delivery worker. An attempt is one goroutine and one POST; with
// only as many as the workers, a burst of changes (100 swaps paid by one
// block) sent most of its first attempts to the queue, each waiting for a
// fetch and a free worker.
const firstAttempts = 10

type deliverer struct {
	river.WorkerDefaults[deliverArgs]
	cfg    *Config
	slots  chan struct{}  // bounds the deliveries made at once beside their jobs
	inline sync.WaitGroup // those deliveries, for Stop
}

// deliverNow makes a change's first delivery attempt at once, beside the
// job just queued for it: the job would wait for the queue's next fetch
// (up to the fetch interval on SQLite, which has no LISTEN). The swap's
// lease keeps the two from sending the change twice; whichever comes second
// finds it delivered. A failure here starts the swap's back-off, which the
// job then keeps. When every slot is busy the job alone delivers.
func (d *deliverer) deliverNow(c swapscout.SwapChange) {
	if d == nil {
		return
	}
	select {
	case d.slots <- struct{}{}:
	default:
		return
	}
	d.inline.Add(1)
	go func() {
		defer func() { <-d.slots; d.inline.Done() }()
		ctx, cancel := context.WithTimeout(context.Background(), d.jobTimeout())
		defer cancel()
		_ = d.work(ctx, c.SwapID, c.Seq, c.Shown, c.History)
	}()
}

// leaseFor is how long a delivery holds its swap: longer than a job may
// run, so a live job never loses it, and short enough that a dead
// instance's lease frees itself soon after River rescues the job.
func (d *deliverer) leaseFor() time.Duration { return d.jobTimeout() + 30*time.Second }

func (d *deliverer) jobTimeout() time.Duration { return 6 * d.cfg.Webhooks.Timeout }

func (d *deliverer) Timeout(*river.Job[deliverArgs]) time.Duration { return d.jobTimeout() }

// RetryDelay is the default Backoff: as long again as the change has
// waited, plus 2 s, at most an hour, with up to 10 % jitter. Attempts thus
// fall 2 s, 6 s, 14 s, 30 s … after the change was seen, each wait double
// the last, then hourly; about 35 attempts fit in the first day. It depends
// on the change's age alone, so whichever job or instance makes the next
// attempt keeps the same schedule.
func RetryDelay(waited time.Duration) time.Duration {
	wait := min(max(waited, 0)+2*time.Second, time.Hour)
	return wait + time.Duration(rand.Int64N(int64(wait/10)+1))
}

// Work delivers the swap's changes up to at least the job's, unless they
// are delivered already.
func (d *deliverer) Work(ctx context.Context, job *river.Job[deliverArgs]) error {
	return d.work(ctx, job.Args.SwapID, job.Args.Seq, nil, nil)
}

// work is Work for change seq of swap id. shown and hist, when set, are the
// swap as the change carried it (swapscout.SwapChange.Shown): the first
// delivery sends them instead of reading the swap under the lease. They may
// be older than the swap by then; the changes after them are found by the
// read that follows every delivery.
func (d *deliverer) work(ctx context.Context, id string, seq int, shown *swapscout.Swap, hist []swapscout.SwapEvent) error {
	c, wh := d.cfg, d.cfg.Webhooks
	if shown != nil && len(hist) < seq {
		shown, hist = nil, nil
	}
	for {
		url, delivered, err := wh.Callbacks.Callback(ctx, id)
		if err != nil {
			return err
		}
		if url == "" || delivered >= seq {
			return nil
		}
		now := c.Now()
		ok, backoff, err := wh.Callbacks.LeaseCallback(ctx, id, now, now.Add(d.leaseFor()))
		if err != nil {
			return err
		}
		switch {
		case !ok && !backoff.IsZero():
			// The swap's receiver failed: try when its back-off ends.
			return river.JobSnooze(max(backoff.Sub(now), 0) + time.Millisecond)
		case !ok:
			// A delivery for this swap is running: it delivers this change
			// too, or finds it once it lets go; look again soon in case it
			// fails and the back-off falls to this job.
			return river.JobSnooze(time.Second)
		}
		n, retryAt, err := d.deliver(ctx, id, url, shown, hist)
		shown, hist = nil, nil
		if err != nil {
			return err
		}
		if !retryAt.IsZero() {
			return river.JobSnooze(max(retryAt.Sub(c.Now()), 0) + time.Millisecond)
		}
		// Delivered every change read under the lease. One recorded
		// meanwhile had its attempts turned away by the lease: deliver it
		// now the lease is free (unless another delivery has taken it).
		_, hist, err := c.Swaps.Get(ctx, id)
		if err != nil || len(hist) <= n {
			return err
		}
		seq = len(hist)
	}
}

// deliver POSTs the swap's undelivered changes in order under its lease,
// then releases it. It returns how many changes the swap had; and, when a
// change failed, the time before which no delivery may try again (the
// lease is released with it).
func (d *deliverer) deliver(ctx context.Context, id, url string, sw *swapscout.Swap, hist []swapscout.SwapEvent) (n int, retryAt time.Time, err error) {
	c, wh := d.cfg, d.cfg.Webhooks
	// done is the last change delivered (or given up) under this lease;
	// the release records it in the same write. When another change
	// follows, it is recorded before that one is tried, so a crash
	// repeats at most the change under way.
	done := 0
	defer func() {
		if rerr := wh.Callbacks.ReleaseCallback(context.WithoutCancel(ctx), id, done, retryAt); rerr != nil && err == nil {
			err = rerr
		}
	}()
	// Read again under the lease: the holder before us may have advanced.
	_, delivered, err := wh.Callbacks.Callback(ctx, id)
	if err != nil {
		return 0, time.Time{}, err
	}
	// The swap as it may be shown: its order's secret is never opened
	// for a webhook. A change carries it so (deliverNow): no read then.
	if sw == nil {
		if sw, hist, err = c.Swaps.Get(ctx, id); err != nil {
			return 0, time.Time{}, err
		}
	}
	var buf []byte
	for k := delivered + 1; k <= len(hist); k++ {
		if done > 0 {
			if err := wh.Callbacks.AdvanceCallback(ctx, id, done); err != nil {
				return 0, time.Time{}, err
			}
		}
		buf = wh.Encode(buf[:0], asOf(sw, hist, k), hist[:k])
		sctx, cancel := context.WithTimeout(ctx, wh.Timeout)
		err := wh.Send(sctx, url, swapscout.SwapChange{SwapID: id, Seq: k, Status: hist[k-1].Status}, buf)
		cancel()
		giveUp := err != nil && c.Now().Sub(hist[k-1].At) >= wh.GiveUpAfter
		c.delivered(err, giveUp)
		if err != nil {
			if !giveUp {
				now := c.Now()
				retryAt = now.Add(wh.Backoff(now.Sub(hist[k-1].At)))
				c.Logger.Debug("webhook delivery failed; retrying", "swap", id, "change", k, "retry_at", retryAt, "err", err)
				return len(hist), retryAt, nil
			}
			c.Logger.Warn("webhook delivery given up", "swap", id, "change", k, "err", err)
		} else {
			c.pushed(c.Now().Sub(hist[k-1].At))
		}
		done = k
	}
	return len(hist), time.Time{}, nil
}

// asOf returns the swap as it stood at its k-th status change: that
// change's status, word and time; the rest (transaction ids, amounts) as
// known now.
func asOf(sw *swapscout.Swap, hist []swapscout.SwapEvent, k int) *swapscout.Swap {
	s := *sw
	ev := hist[k-1]
	s.Status, s.VenueStatus = ev.Status, ev.VenueStatus
	if k < len(hist) {
		s.UpdatedAt = ev.At
	}
	return &s
}
