package track

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/swapscout/swapscout"
)

// Callbacks keeps webhook subscriptions; *sqldb.DB satisfies it.
type Callbacks interface {
	SetCallback(ctx context.Context, id, url string, delivered int) error
	Callback(ctx context.Context, id string) (url string, delivered int, err error)
	LeaseCallback(ctx context.Context, id string, now, until time.Time) (bool, error)
	AdvanceCallback(ctx context.Context, id string, seq int) error
	ReleaseCallback(ctx context.Context, id string) error
}

// Webhooks configures delivery of each change of a swap to its callback
// URL, on the same job engine as the polls.
//
// Every change a poll records inserts a delivery job (unique by swap and
// change number). A delivery job takes the swap's lease, so one delivery
// runs per swap at a time, and POSTs every change not yet delivered, oldest
// first, advancing the swap's delivered count after each: changes arrive in
// order, and a job whose insertion was lost (a crash between the change and
// the insert) is made up by the next one. A failed POST fails the job, which
// River retries with backoff (2 s, 4 s, 8 s … then hourly); a change still
// undeliverable GiveUpAfter after it was seen is given up (logged) so the
// later ones can go.
type Webhooks struct {
	Callbacks Callbacks
	// Send POSTs one change (webhook.Sender.Send); its errors must not
	// carry secrets, as River keeps them with the job.
	Send func(ctx context.Context, url, swapID string, seq int, body []byte) error
	// Encode appends the JSON of the swap as of a change
	// (httpapi.AppendSwap).
	Encode func(dst []byte, sw *swapscout.Swap, history []swapscout.SwapEvent) []byte
	// GiveUpAfter is how long a change is retried (default 25 h).
	GiveUpAfter time.Duration
	// Timeout bounds one POST (default 10 s).
	Timeout time.Duration
	// Backoff is the wait before retry attempt n+1 of a failed delivery
	// (default: 2 s doubling to an hour, with up to 10 % jitter).
	Backoff func(attempt int) time.Duration
	// Workers is how many deliveries run at once in this instance, on a
	// queue of their own so slow receivers never delay polls (default 10).
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
// finds it delivered, and a failure here is the job's to retry. When every
// slot is busy the job alone delivers.
func (d *deliverer) deliverNow(id string, seq int) {
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
		job := &river.Job[deliverArgs]{JobRow: &rivertype.JobRow{}, Args: deliverArgs{SwapID: id, Seq: seq}}
		_ = d.Work(ctx, job)
	}()
}

// leaseFor is how long a delivery holds its swap: longer than a job may
// run, so a live job never loses it, and short enough that a dead
// instance's lease frees itself soon after River rescues the job.
func (d *deliverer) leaseFor() time.Duration { return d.jobTimeout() + 30*time.Second }

func (d *deliverer) jobTimeout() time.Duration { return 6 * d.cfg.Webhooks.Timeout }

func (d *deliverer) Timeout(*river.Job[deliverArgs]) time.Duration { return d.jobTimeout() }

// NextRetry backs off exponentially from 2 s to an hour, with jitter.
func (d *deliverer) NextRetry(job *river.Job[deliverArgs]) time.Time {
	return d.cfg.Now().Add(d.cfg.Webhooks.Backoff(job.Attempt))
}

// RetryDelay is the default Backoff: 2 s doubling to an hour (attempt 12
// on), with up to 10 % jitter; about 30 attempts fit in the first day.
func RetryDelay(attempt int) time.Duration {
	wait := time.Hour
	if attempt < 12 {
		wait = min(time.Duration(2<<max(attempt-1, 0))*time.Second, time.Hour)
	}
	return wait + time.Duration(rand.Int64N(int64(wait/10)+1))
}

func (d *deliverer) Work(ctx context.Context, job *river.Job[deliverArgs]) error {
	c, wh := d.cfg, d.cfg.Webhooks
	id := job.Args.SwapID
	url, delivered, err := wh.Callbacks.Callback(ctx, id)
	if err != nil {
		return err
	}
	if url == "" || delivered >= job.Args.Seq {
		return nil
	}
	now := c.Now()
	ok, err := wh.Callbacks.LeaseCallback(ctx, id, now, now.Add(d.leaseFor()))
	if err != nil {
		return err
	}
	if !ok {
		return river.JobSnooze(time.Second) // another delivery for this swap is running
	}
	defer wh.Callbacks.ReleaseCallback(context.WithoutCancel(ctx), id)
	// Read again under the lease: the holder before us may have advanced.
	if _, delivered, err = wh.Callbacks.Callback(ctx, id); err != nil {
		return err
	}
	sw, err := c.Store.Swap(ctx, id)
	if err != nil {
		return err
	}
	hist, err := c.Store.SwapEvents(ctx, id)
	if err != nil {
		return err
	}
	var buf []byte
	for k := delivered + 1; k <= len(hist); k++ {
		buf = wh.Encode(buf[:0], asOf(sw, hist, k), hist[:k])
		sctx, cancel := context.WithTimeout(ctx, wh.Timeout)
		err := wh.Send(sctx, url, id, k, buf)
		cancel()
		giveUp := err != nil && c.Now().Sub(hist[k-1].At) >= wh.GiveUpAfter
		c.delivered(err, giveUp)
		if err != nil {
			if !giveUp {
				c.Logger.Debug("webhook delivery failed; retrying", "swap", id, "change", k, "attempt", job.Attempt, "err", err)
				return fmt.Errorf("change %d: %w", k, err)
			}
			c.Logger.Warn("webhook delivery given up", "swap", id, "change", k, "err", err)
		}
		if err := wh.Callbacks.AdvanceCallback(ctx, id, k); err != nil {
			return err
		}
	}
	return nil
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
