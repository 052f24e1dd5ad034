// Package track runs the swap service's polls on River, a job engine that
// keeps its jobs in the same database as the swaps (SQLite through
// riversqlite, PostgreSQL through riverpgxv5), and delivers webhooks.
//
// Each followed swap gets one job, unique by swap id. The job calls the swap
// service's Poll (swaps.Service.Poll decides what a poll does: ask the
// venue, check its word, expire, record, tell) and snoozes until the next
// poll it asks for, an interval after this one was due; a swap that is over
// ends its job. Because the job lives in the database, it survives
// restarts; because River locks a job while it runs, several instances on
// one PostgreSQL never poll one swap at once, and a job whose instance died
// (kill -9) is rescued and run again once RescueAfter has passed.
package track

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// Swaps is the swap service as the tracker calls it; *swaps.Service is one.
type Swaps interface {
	// Poll follows a swap one step.
	Poll(ctx context.Context, id string) (swaps.Step, error)
	// Get reads a swap as it may be shown, with its history (webhook
	// bodies).
	Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error)
}

// Config configures a Tracker.
type Config struct {
	Swaps Swaps
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
	// Observer hears of each poll's lateness and each webhook POST, for
	// metrics (observe.go).
	Observer Observer
	// Forget, when set, runs as the retention job (forget.go) every
	// ForgetEvery (default an hour) and once at start: the swap service's
	// Forget, which anonymises the swaps past their retention. OnForget
	// hears how many each round forgot.
	Forget      func(ctx context.Context) (int, error)
	ForgetEvery time.Duration
	OnForget    func(n int)
}

func (c *Config) defaults() {
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
	if c.ForgetEvery <= 0 {
		c.ForgetEvery = time.Hour
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

// Tracker runs the tracking jobs of one instance. It is the swap service's
// swaps.Tracker, and its swaps.Listener for webhooks.
type Tracker[TX any] struct {
	cfg     Config
	client  *river.Client[TX]
	driver  riverdriver.Driver[TX]
	deliver *deliverer // nil without webhooks
	insert  func(ctx context.Context, args river.JobArgs) error
	close   func() // what OpenPostgres opened, closed by Stop
	// queued holds the deliveries (deliverArgs) whose jobs were written
	// with their change (InsertDeliveryTx), until SwapChanged hears of it.
	queued sync.Map
}

var (
	_ swaps.Tracker  = (*Tracker[*sql.Tx])(nil)
	_ swaps.Listener = (*Tracker[*sql.Tx])(nil)
)

// New returns a Tracker on driver's database; its River tables must exist
// (Migrate).
func New[TX any](driver riverdriver.Driver[TX], cfg Config) (*Tracker[TX], error) {
	cfg.defaults()
	t := &Tracker[TX]{cfg: cfg, driver: driver}
	if cfg.Swaps == nil {
		return nil, errors.New("track: no swap service to poll")
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &worker{cfg: &t.cfg}); err != nil {
		return nil, err
	}
	if cc, ok := cfg.Swaps.(ChainChecker); ok {
		if err := river.AddWorkerSafely(workers, &chainWorker{check: cc}); err != nil {
			return nil, err
		}
	}
	if cfg.Forget != nil {
		if err := river.AddWorkerSafely(workers, &forgetter{cfg: &t.cfg}); err != nil {
			return nil, err
		}
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Workers}}
	if cfg.Webhooks != nil {
		if br, ok := cfg.Webhooks.Callbacks.(BackoffReader); ok && cfg.SoleInstance {
			wh := *cfg.Webhooks
			wh.Callbacks = &memLeases{Callbacks: wh.Callbacks, backoff: br, held: map[string]struct{}{}}
			t.cfg.Webhooks = &wh
		}
		d := &deliverer{cfg: &t.cfg, slots: make(chan struct{}, firstAttempts*cfg.Webhooks.Workers)}
		if err := river.AddWorkerSafely(workers, d); err != nil {
			return nil, err
		}
		t.deliver = d
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
		PeriodicJobs:         cfg.periodicJobs(),
		JobTimeout:           cfg.PollTimeout,
		RescueStuckJobsAfter: cfg.RescueAfter,
		FetchPollInterval:    cfg.FetchInterval,
		Logger:               quietLogger(cfg.Logger.With("component", "river")),
	})
	if err != nil {
		return nil, fmt.Errorf("track: %w", err)
	}
	t.client = c
	t.insert = func(ctx context.Context, args river.JobArgs) error {
		_, err := c.Insert(ctx, args, nil)
		return err
	}
	return t, nil
}

// OpenSQLite returns a Tracker on the SQLite database db the swaps live in,
// its River tables migrated. It is the database's sole instance
// (Config.SoleInstance): one process owns a SQLite file.
func OpenSQLite(ctx context.Context, db *sql.DB, cfg Config) (*Tracker[*sql.Tx], error) {
	drv := riversqlite.New(db)
	if err := Migrate(ctx, drv); err != nil {
		return nil, err
	}
	cfg.SoleInstance = true
	return New(drv, cfg)
}

// PostgresConns is how many connections the tracker holds at most to
// PostgreSQL, per instance, unless url asks for more (pool_max_conns).
const PostgresConns = 16

// OpenPostgres connects to the PostgreSQL database at url the swaps live
// in and returns a Tracker on it, its River tables migrated under an
// advisory lock (instances starting together migrate one at a time). Stop
// closes its connections.
func OpenPostgres(ctx context.Context, url string, cfg Config) (*Tracker[pgx.Tx], error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("tracker: %w", err)
	}
	// pgxpool's default is max(4, CPUs): on a small machine River's fetches,
	// snoozes and completions of every poll then queued for four
	// connections, and a change's delivery job with them.
	if pc.MaxConns < PostgresConns {
		pc.MaxConns = PostgresConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, fmt.Errorf("tracker: %w", err)
	}
	if err := migrateLocked(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	t, err := New(riverpgxv5.New(pool), cfg)
	if err != nil {
		pool.Close()
		return nil, err
	}
	t.close = pool.Close
	return t, nil
}

// migrateLocked migrates River's tables on PostgreSQL under an advisory
// lock, so instances starting at once do not race.
func migrateLocked(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("tracker: %w", err)
	}
	defer conn.Release()
	const key = 0x73776170 // "swap"
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return fmt.Errorf("tracker: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key)
	return Migrate(ctx, riverpgxv5.New(pool))
}

// Start starts polling; Stop ends it.
func (t *Tracker[TX]) Start(ctx context.Context) error {
	if t.cfg.SoleInstance {
		// Nothing else runs these jobs: any still running was left by a
		// process that died (kill -9). Poll them again now.
		err := t.driver.GetExecutor().Exec(ctx, `UPDATE river_job SET state = 'available' WHERE state = 'running' AND kind IN ('swap_track', 'swap_webhook', 'swap_chain')`)
		if err != nil {
			return fmt.Errorf("track: reset orphaned jobs: %w", err)
		}
	}
	return t.client.Start(ctx)
}

// Stop waits for the polls and deliveries under way to finish, within ctx
// (a poll cut is run again at the next start), then closes what
// OpenPostgres opened.
func (t *Tracker[TX]) Stop(ctx context.Context) error {
	err := t.client.Stop(ctx)
	if t.deliver != nil {
		t.deliver.inline.Wait()
	}
	if t.close != nil {
		t.close()
		t.close = nil
	}
	return err
}

// Track makes sure each of ids is followed, in batches: a swap followed
// already keeps its job and schedule (the job is unique by swap). A new
// job's first poll comes at once, the next when Poll says. It returns how
// many jobs it had to add.
func (t *Tracker[TX]) Track(ctx context.Context, ids ...string) (added int, err error) {
	return t.insertEach(ctx, ids, func(id string) river.JobArgs { return pollArgs{SwapID: id} })
}

// insertEach inserts the job args makes of each of ids, in batches, and
// returns how many were new (the jobs are unique by swap).
func (t *Tracker[TX]) insertEach(ctx context.Context, ids []string, args func(id string) river.JobArgs) (added int, err error) {
	for len(ids) > 0 {
		n := min(len(ids), 500)
		params := make([]river.InsertManyParams, n)
		for i, id := range ids[:n] {
			params[i] = river.InsertManyParams{Args: args(id)}
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

// SwapChanged queues the change's webhook delivery when the swap has a
// callback URL (a job, unique by swap and change, and a first attempt at
// once beside it); without webhooks it does nothing.
func (t *Tracker[TX]) SwapChanged(ctx context.Context, c swapscout.SwapChange) {
	if c.Seq > 0 {
		t.cfg.changed(c.Status)
	}
	wh := t.cfg.Webhooks
	if wh == nil || c.Seq <= 0 {
		return
	}
	args := deliverArgs{SwapID: c.SwapID, Seq: c.Seq}
	if _, ok := t.queued.LoadAndDelete(args); ok {
		// Its job was written with the change: only the first attempt.
		t.deliver.deliverNow(c)
		return
	}
	url, _, err := wh.Callbacks.Callback(ctx, c.SwapID)
	if err != nil || url == "" {
		return
	}
	// The first attempt starts before the job is written: on SQLite the
	// insert queues for the one write lock behind every other writer, and
	// the POST need not wait for it. The job still makes sure of the
	// delivery (retries, another instance) whatever the attempt does.
	t.deliver.deliverNow(c)
	if err := t.insert(ctx, args); err != nil {
		t.cfg.Logger.Warn("webhook: queueing a delivery failed; the next change delivers it", "swap", c.SwapID, "err", err)
	}
}

// InsertDeliveryTx writes the delivery job of change seq of swap id in tx,
// the transaction recording that change (sqlstore.DB.OnChangeTx on SQLite,
// whose transactions are the job engine's): the change and its job commit
// together, one write where there were two, and SwapChanged then only makes
// the first attempt. Without webhooks it does nothing.
func (t *Tracker[TX]) InsertDeliveryTx(ctx context.Context, tx TX, id string, seq int) error {
	if t.cfg.Webhooks == nil {
		return nil
	}
	args := deliverArgs{SwapID: id, Seq: seq}
	if _, err := t.client.InsertTx(ctx, tx, args, nil); err != nil {
		return err
	}
	t.queued.Store(args, struct{}{})
	return nil
}

type worker struct {
	river.WorkerDefaults[pollArgs]
	cfg *Config
}

// Work runs one Poll of the swap and snoozes until the next, or ends the
// job when the swap is over.
func (w *worker) Work(ctx context.Context, job *river.Job[pollArgs]) error {
	w.cfg.pollStarted(job)
	step, err := w.cfg.Swaps.Poll(ctx, job.Args.SwapID)
	switch {
	case err != nil:
		return river.JobCancel(err)
	case step.Done:
		return nil
	case step.Wait:
		return river.JobSnooze(step.Next) // not a regular poll: the delay as is
	}
	// The next poll is due an interval after this one was due, not after
	// it ran: the time spent waiting for a worker or the venue does not
	// add up, and each swap is polled once per interval.
	// A jitter of up to ±5 % spreads swaps that came due together (a
	// burst of creations, a restart) over the interval in a few rounds.
	next := step.Next
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
