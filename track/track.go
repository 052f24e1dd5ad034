// Package track follows open swaps to the end on River, a job engine that
// keeps its jobs in the same database as the swaps (SQLite through
// riversqlite, PostgreSQL through riverpgxv5).
//
// Each created swap gets one job, unique by swap id. The job asks the venue
// for the order's status, records any change (with its history) in the
// SwapStore, tells the Notifier, and snoozes until the next poll: soon after
// creation, backing off as the swap ages. A terminal status ends the job.
// Because the job lives in the database, it survives restarts; because River
// locks a job while it runs, several instances on one PostgreSQL never poll
// one swap at once, and a job whose instance died (kill -9) is rescued and
// run again once RescueAfter has passed.
package track

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// Schedule says how long to wait before polling a swap of the given age
// again.
type Schedule func(age time.Duration) time.Duration

// DefaultSchedule polls every 10 s in a swap's first 15 minutes (when the
// deposit usually arrives), every 30 s until its first hour is out, every
// 2 minutes for a day, then every 10 minutes.
func DefaultSchedule(age time.Duration) time.Duration {
	switch {
	case age < 15*time.Minute:
		return 10 * time.Second
	case age < time.Hour:
		return 30 * time.Second
	case age < 24*time.Hour:
		return 2 * time.Minute
	}
	return 10 * time.Minute
}

// ScaledSchedule is DefaultSchedule with every interval scaled so that the
// first is first (DefaultSchedule's is 10 s): ScaledSchedule(time.Second)
// polls every second, then every 3 s, 12 s and a minute as swaps age.
func ScaledSchedule(first time.Duration) Schedule {
	return func(age time.Duration) time.Duration {
		return time.Duration(float64(DefaultSchedule(age)) * float64(first) / float64(10*time.Second))
	}
}

// Notifier hears of every change a poll records, for streams and webhooks.
type Notifier interface {
	SwapChanged(ctx context.Context, sw *swapscout.Swap)
}

// Config configures a Tracker.
type Config struct {
	Store swapscout.SwapStore
	// Swapper returns the venue's swap capability.
	Swapper  func(venue string) (swapscout.Swapper, bool)
	Notifier Notifier // may be nil
	Schedule Schedule // DefaultSchedule when nil
	// ExpireAfter is how long past its ExpiresAt an unpaid swap is kept
	// waiting before it is marked expired, for venues that never say so
	// themselves (default 1 h: deposits seen late are still honoured by
	// most venues).
	ExpireAfter time.Duration
	// Workers is how many polls run at once in this instance (default 20).
	Workers int
	// PollTimeout bounds one poll (default 20 s); RescueAfter is when a
	// poll left running by a dead instance is run again (default 30 s,
	// must exceed PollTimeout).
	PollTimeout, RescueAfter time.Duration
	// FetchInterval is how often an instance looks for due polls (default
	// 1 s).
	FetchInterval time.Duration
	Now           func() time.Time
	Logger        *slog.Logger
	// Webhooks, when set, delivers each change to the swap's callback URL.
	Webhooks *Webhooks
	// SoleInstance says no other instance uses the database (SQLite): at
	// Start, jobs a killed process left running are made available at
	// once, instead of after RescueAfter and River's 30 s rescue round.
	SoleInstance bool
	// Late, when set, marks swaps that run past their venue's usual time
	// (late.go).
	Late *Late
	// Observer hears of each status call, each poll's lateness and each
	// webhook POST, for metrics (observe.go).
	Observer Observer
}

func (c *Config) defaults() {
	if c.Schedule == nil {
		c.Schedule = DefaultSchedule
	}
	if c.ExpireAfter <= 0 {
		c.ExpireAfter = time.Hour
	}
	if c.Workers <= 0 {
		c.Workers = 20
	}
	if c.PollTimeout <= 0 {
		c.PollTimeout = 20 * time.Second
	}
	if c.RescueAfter <= c.PollTimeout {
		c.RescueAfter = c.PollTimeout + 10*time.Second
	}
	if c.FetchInterval <= 0 {
		c.FetchInterval = time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Webhooks != nil {
		c.Webhooks.defaults()
	}
}

// pollArgs is the job: follow one swap.
type pollArgs struct {
	SwapID string `json:"swap_id"`
}

func (pollArgs) Kind() string { return "swap_track" }

// InsertOpts makes the job unique per swap: tracking a swap twice is a
// no-op, whichever instance asks.
func (pollArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 1000}
}

// Tracker runs the tracking jobs of one instance.
type Tracker[TX any] struct {
	cfg     Config
	client  *river.Client[TX]
	driver  riverdriver.Driver[TX]
	deliver *deliverer // nil without webhooks
}

// New returns a Tracker on driver's database; its River tables must exist
// (Migrate).
func New[TX any](driver riverdriver.Driver[TX], cfg Config) (*Tracker[TX], error) {
	cfg.defaults()
	t := &Tracker[TX]{cfg: cfg, driver: driver}
	workers := river.NewWorkers()
	w := &worker{cfg: &t.cfg}
	if err := river.AddWorkerSafely(workers, w); err != nil {
		return nil, err
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Workers}}
	if cfg.Webhooks != nil {
		d := &deliverer{cfg: &t.cfg, slots: make(chan struct{}, cfg.Webhooks.Workers)}
		if err := river.AddWorkerSafely(workers, d); err != nil {
			return nil, err
		}
		w.now, t.deliver = d, d
		queues[QueueWebhooks] = river.QueueConfig{MaxWorkers: cfg.Webhooks.Workers}
	}
	cooldown := river.FetchCooldownDefault
	if cfg.FetchInterval < cooldown {
		cooldown = cfg.FetchInterval
	}
	c, err := river.NewClient(driver, &river.Config{
		FetchCooldown:        cooldown,
		Queues:               queues,
		Workers:              workers,
		JobTimeout:           cfg.PollTimeout,
		RescueStuckJobsAfter: cfg.RescueAfter,
		FetchPollInterval:    cfg.FetchInterval,
		Logger:               quietLogger(cfg.Logger.With("component", "river")),
	})
	if err != nil {
		return nil, fmt.Errorf("track: %w", err)
	}
	t.client = c
	w.insert = func(ctx context.Context, args river.JobArgs) error {
		_, err := c.Insert(ctx, args, nil)
		return err
	}
	return t, nil
}

// Start starts polling; Stop ends it.
func (t *Tracker[TX]) Start(ctx context.Context) error {
	if t.cfg.SoleInstance {
		// Nothing else runs these jobs: any still running was left by a
		// process that died (kill -9). Poll them again now.
		err := t.driver.GetExecutor().Exec(ctx, `UPDATE river_job SET state = 'available' WHERE state = 'running' AND kind IN ('swap_track', 'swap_webhook')`)
		if err != nil {
			return fmt.Errorf("track: reset orphaned jobs: %w", err)
		}
	}
	return t.client.Start(ctx)
}

// Stop waits for the polls and deliveries under way to finish, within ctx.
func (t *Tracker[TX]) Stop(ctx context.Context) error {
	err := t.client.Stop(ctx)
	if t.deliver != nil {
		t.deliver.inline.Wait()
	}
	return err
}

// Follow starts following a created swap (Track) and, when it has a
// callback URL and webhooks are configured, subscribes the URL to its
// changes from now on.
func (t *Tracker[TX]) Follow(ctx context.Context, sw *swapscout.Swap) error {
	if sw.CallbackURL != "" && t.cfg.Webhooks != nil {
		if err := t.cfg.Webhooks.Callbacks.SetCallback(ctx, sw.ID, sw.CallbackURL, 1); err != nil {
			return err
		}
	}
	return t.Track(ctx, sw.ID)
}

// Track starts following a created swap; its first poll comes at once
// (a job scheduled for later would wait for River's scheduler round, up to
// 5 s more), the next after the schedule's first interval. Tracking a swap
// already followed does nothing.
func (t *Tracker[TX]) Track(ctx context.Context, swapID string) error {
	_, err := t.client.Insert(ctx, pollArgs{SwapID: swapID}, nil)
	if err != nil {
		return &swapscout.Error{Code: swapscout.EUNAVAILABLE, Message: "the swap tracker is unavailable", Err: err}
	}
	return nil
}

// TrackMany makes sure each of ids is followed, in batches (a restart's
// sweep of the open swaps: those already followed keep their job and
// schedule). It returns how many jobs it had to add.
func (t *Tracker[TX]) TrackMany(ctx context.Context, ids []string) (added int, err error) {
	for len(ids) > 0 {
		n := min(len(ids), 500)
		params := make([]river.InsertManyParams, n)
		for i, id := range ids[:n] {
			params[i] = river.InsertManyParams{Args: pollArgs{SwapID: id}}
		}
		res, err := t.client.InsertMany(ctx, params)
		if err != nil {
			return added, &swapscout.Error{Code: swapscout.EUNAVAILABLE, Message: "the swap tracker is unavailable", Err: err}
		}
		for _, r := range res {
			if !r.UniqueSkippedAsDuplicate {
				added++
			}
		}
		ids = ids[n:]
	}
	return added, nil
}

type worker struct {
	river.WorkerDefaults[pollArgs]
	cfg    *Config
	insert func(ctx context.Context, args river.JobArgs) error
	// now delivers a change's webhook at once, beside its job (see
	// deliverNow); nil without webhooks.
	now *deliverer
}

// changed tells the notifier of a recorded change and queues its webhook
// delivery when the swap has a callback URL.
func (w *worker) changed(ctx context.Context, sw *swapscout.Swap) {
	c := w.cfg
	if c.Notifier != nil {
		c.Notifier.SwapChanged(ctx, sw)
	}
	if c.Webhooks == nil {
		return
	}
	url, _, err := c.Webhooks.Callbacks.Callback(ctx, sw.ID)
	if err != nil || url == "" {
		return
	}
	hist, err := c.Store.SwapEvents(ctx, sw.ID)
	if err != nil || len(hist) == 0 {
		return
	}
	if err := w.insert(ctx, deliverArgs{SwapID: sw.ID, Seq: len(hist)}); err != nil {
		c.Logger.Warn("webhook: queueing a delivery failed; the next change delivers it", "swap", sw.ID, "err", err)
	}
	w.now.deliverNow(sw.ID, len(hist))
}

// Work polls the swap once and snoozes until the next poll, or ends the job
// when the swap is over.
func (w *worker) Work(ctx context.Context, job *river.Job[pollArgs]) error {
	w.cfg.pollStarted(job)
	next, err := w.poll(ctx, job.Args.SwapID)
	switch {
	case errors.Is(err, errDone):
		return nil
	case err != nil:
		return river.JobCancel(err)
	case next < 0:
		return river.JobSnooze(-next) // not a regular poll: the delay as is
	}
	// The next poll is due an interval after this one was due, not after
	// it ran: the time spent waiting for a worker or the venue does not
	// add up, and each swap is polled once per interval.
	// A jitter of up to ±5 % spreads swaps that came due together (a
	// burst of creations, a restart) over the interval in a few rounds.
	if !job.ScheduledAt.IsZero() {
		now := w.cfg.Now()
		next += time.Duration((rand.Float64() - 0.5) * 0.1 * float64(next))
		if due := job.ScheduledAt.Add(next); due.After(now) {
			return river.JobSnooze(due.Sub(now))
		}
		return river.JobSnooze(0)
	}
	return river.JobSnooze(next)
}

// errDone ends a swap's job: it is over, or there is nothing to follow.
var errDone = errors.New("done")

// PollOnce polls swap id once, as a tracking job does (within PollTimeout),
// and records what changed, without the job engine (for tests and drills):
// done reports that the swap needs no more polls.
func PollOnce(ctx context.Context, cfg Config, id string) (done bool, err error) {
	cfg.defaults()
	cfg.Webhooks = nil
	ctx, cancel := context.WithTimeout(ctx, cfg.PollTimeout) // as the job engine bounds a job
	defer cancel()
	_, err = (&worker{cfg: &cfg}).poll(ctx, id)
	if errors.Is(err, errDone) {
		return true, nil
	}
	return false, err
}

// poll polls swap id once and returns when to poll it next: the schedule's
// interval, or minus a delay to wait as is (a failed read, a venue's
// Retry-After). errDone ends the job; another error cancels it.
func (w *worker) poll(ctx context.Context, id string) (time.Duration, error) {
	c := w.cfg
	sw, err := c.Store.Swap(ctx, id)
	if swapscout.ErrorCode(err) == swapscout.ENOTFOUND {
		return 0, fmt.Errorf("swap %s is gone", id)
	} else if err != nil {
		return -c.Schedule(0), nil // the database hiccuped: try again soon
	}
	if sw.Status.Terminal() {
		// Only a job rescued after its instance died between recording the
		// end and telling of it gets here: tell again (deliveries are
		// unique by change, so none is sent twice).
		w.changed(ctx, sw)
		return 0, errDone
	}
	if !sw.Created() {
		return 0, errDone
	}
	defer w.checkLate(ctx, sw)
	now := c.Now()
	next := c.Schedule(now.Sub(sw.CreatedAt))
	swapper, ok := c.Swapper(sw.Venue)
	if !ok {
		return 0, fmt.Errorf("venue %s cannot report swaps", sw.Venue)
	}
	// An expiry no venue can mean (one recorded before expiries were
	// checked: a minute count that overflowed) is no expiry: it must not
	// end a swap the venue still waits for.
	if !sw.ExpiresAt.IsZero() && !swaps.SaneExpiry(sw.ExpiresAt, sw.CreatedAt) {
		sw.ExpiresAt = time.Time{}
	}
	key, ready := swapscout.StatusKey(swapper, sw)
	if !ready {
		// A deposit-tracked swap whose deposit nobody gave: look for it
		// at the network, on the swap's own schedule.
		var found bool
		sw, found = w.findDeposit(ctx, swapper, sw)
		if found {
			key, ready = swapscout.StatusKey(swapper, sw)
		}
	}
	if !ready && (sw.ExpiresAt.IsZero() || !now.After(sw.ExpiresAt.Add(c.ExpireAfter))) {
		return -next, nil // a deposit-tracked swap: nothing to ask until its deposit is known
	}
	u, err := w.askStatus(ctx, swapper, sw, key, ready)
	if err != nil {
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && ve.RetryAfter > next {
			next = ve.RetryAfter
		}
		c.Logger.Debug("swap status", "swap", sw.ID, "venue", sw.Venue, "err", err)
		return -next, nil
	}
	if !u.Status.Valid() {
		u.Status = swapscout.StatusUnknown
	}
	// The venue's word is checked once, by the swap service's rule, for
	// every venue: an implausible amount received is kept as its claim,
	// with the doubt, and never counts in its accuracy.
	u, doubt := swaps.CheckUpdate(sw, u)
	if doubt != "" && doubt != sw.ReceivedDoubt {
		c.Logger.Warn("venue's amount received not believed", "swap", sw.ID, "venue", sw.Venue, "why", doubt)
	}
	// A swap nobody paid, past its expiry and the grace, is over whatever
	// the venue keeps saying.
	if u.Status == swapscout.StatusWaiting && !sw.ExpiresAt.IsZero() && now.After(sw.ExpiresAt.Add(c.ExpireAfter)) {
		u.Status = swapscout.StatusExpired
	}
	// Most polls find nothing new: skip the write transaction then (on
	// SQLite every write takes the one write lock).
	changed := false
	if !same(sw, u) {
		// The change is seen when the venue's answer arrives, not when the
		// poll began: its time in the history says so.
		changed, err = c.Store.UpdateSwap(ctx, sw.ID, u, c.Now())
		if err != nil {
			return -c.Schedule(0), nil
		}
	}
	if changed {
		if rec, err := c.Store.Swap(ctx, sw.ID); err == nil {
			w.changed(ctx, rec)
		}
	}
	if u.Status.Terminal() {
		return 0, errDone
	}
	return next, nil
}

// Migrate creates or updates River's tables on driver's database.
func Migrate[TX any](ctx context.Context, driver riverdriver.Driver[TX]) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return fmt.Errorf("track: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("track: migrate: %w", err)
	}
	return nil
}

// same reports whether u says nothing new of sw: the store would record no
// change.
func same(sw *swapscout.Swap, u swapscout.SwapUpdate) bool {
	return (u.Status == "" || u.Status == sw.Status && u.VenueStatus == sw.VenueStatus) &&
		(u.DepositTx == "" || u.DepositTx == sw.DepositTx) && (u.PayoutTx == "" || u.PayoutTx == sw.PayoutTx) &&
		(u.AmountReceived.IsZero() || !u.AmountReceived.Valid() || u.AmountReceived.Cmp(sw.AmountReceived) == 0 && u.ReceivedDoubt == sw.ReceivedDoubt)
}
