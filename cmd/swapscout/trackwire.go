package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/sqldb"
	"github.com/swapscout/swapscout/swapfeed"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/track"
	"github.com/swapscout/swapscout/webhook"
)

// envWebhookSecret names the variable holding the webhook signing secret:
// an environment variable only, never a flag (flags show in ps).
const envWebhookSecret = "SWAPSCOUT_WEBHOOK_SECRET"

// trackFlags are the tracking, webhook and accuracy flags of serve and demo.
type trackFlags struct {
	interval       time.Duration
	workers        int
	webhookPrivate bool
	webhookTimeout time.Duration
	accuracyWindow time.Duration
	rankByAccuracy bool
	lateAfter      time.Duration
	secret         string // from the environment
	// onLate hears of each swap the tracker marks late, observer of its
	// polls and webhook POSTs (the metrics).
	onLate   func(venue string)
	observer track.Observer
}

func (f *trackFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.DurationVar(&f.interval, "track-interval", 10*time.Second, "how often a new swap's status is polled at its venue; older swaps are polled less often (×3 after 15 minutes, ×12 after an hour, ×60 after a day)")
	fs.IntVar(&f.workers, "track-workers", 20, "swap status polls run at once by this instance")
	fs.BoolVar(&f.webhookPrivate, "webhook-allow-private", f.webhookPrivate, "let callback_url point at loopback and private addresses (tests, private networks)")
	fs.DurationVar(&f.webhookTimeout, "webhook-timeout", 10*time.Second, "how long one webhook delivery may take")
	fs.DurationVar(&f.accuracyWindow, "accuracy-window", 30*24*time.Hour, "venues' accuracy figures cover the swaps finished within this window")
	fs.BoolVar(&f.rankByAccuracy, "rank-by-accuracy", false, "rank a venue that habitually pays less than it promises (10 or more finished swaps in the window) as if it delivered its median shortfall less")
	fs.DurationVar(&f.lateAfter, "late-after", swapscout.DefaultUsualTime, "a swap is marked late past its venue's usual time from deposit to payout: the 90th percentile of the venue's finished swaps in the accuracy window, or this until 10 are seen")
	f.secret = getenv(envWebhookSecret)
}

// follower is a running track.Tracker, whatever its database.
type follower interface {
	Follow(ctx context.Context, sw *swapscout.Swap) error
	TrackMany(ctx context.Context, ids []string) (int, error)
	Stop(ctx context.Context) error
}

// tracking follows this instance's share of the open swaps on the swaps'
// own database, pushes their changes to event streams (in process, or
// through PostgreSQL LISTEN/NOTIFY to every instance) and to webhooks, and
// serves the venues' accuracy.
type tracking struct {
	tracker  follower
	feed     httpapi.SwapFeed
	check    func(string) error // swaps.Service.CheckCallback; nil without a webhook secret
	accuracy func(ctx context.Context) (map[string]swapscout.VenueAccuracy, error)
	window   time.Duration
	log      *slog.Logger
	closers  []func()
}

// feedNotifier publishes the tracker's changes to a feed.
type feedNotifier struct {
	changed func(ctx context.Context, id string)
}

func (n feedNotifier) SwapChanged(ctx context.Context, sw *swapscout.Swap) { n.changed(ctx, sw.ID) }

// startTracking starts the tracker on db (databaseURL is db's PostgreSQL
// URL, empty for SQLite); swapper gives each venue's swap capability.
func startTracking(ctx context.Context, db *sqldb.DB, databaseURL string, swapper func(string) (swapscout.Swapper, bool), f *trackFlags, log *slog.Logger) (*tracking, error) {
	t := &tracking{log: log, window: f.accuracyWindow}
	t.accuracy = cachedAccuracy(db, f.accuracyWindow)
	cfg := track.Config{Store: db, Swapper: swapper, Workers: f.workers, Logger: log, Late: lateConfig(t.accuracy, f, log), Observer: f.observer}
	if f.interval > 0 {
		cfg.Schedule = track.ScaledSchedule(f.interval)
		if f.interval < time.Second {
			cfg.FetchInterval = f.interval // tests and demos with quick swaps
		}
	}
	if f.secret != "" {
		sender := &webhook.Sender{Secret: []byte(f.secret), Client: webhook.Client(f.webhookTimeout, f.webhookPrivate)}
		cfg.Webhooks = &track.Webhooks{Callbacks: db, Send: sender.Send, Encode: api.AppendSwap, Timeout: f.webhookTimeout}
		allow := f.webhookPrivate
		t.check = func(u string) error { return webhook.CheckURL(u, allow) }
	}
	var err error
	if databaseURL == "" {
		hub := &swapfeed.Hub{}
		t.feed = hub
		cfg.Notifier = feedNotifier{changed: swapfeed.Local{Hub: hub}.Changed}
		cfg.SoleInstance = true // SQLite: one process owns the file
		t.tracker, err = runTracker(ctx, riversqlite.New(db.SQL()), cfg)
	} else {
		var pool *pgxpool.Pool
		pool, err = pgxpool.New(ctx, databaseURL)
		if err != nil {
			return nil, fmt.Errorf("tracker: %w", redactURL(err, databaseURL))
		}
		t.closers = append(t.closers, pool.Close)
		var pg *swapfeed.Postgres
		if pg, err = swapfeed.NewPostgres(ctx, databaseURL, log); err != nil {
			t.Close()
			return nil, fmt.Errorf("swap feed: %w", redactURL(err, databaseURL))
		}
		t.closers = append(t.closers, pg.Close)
		t.feed = pg
		cfg.Notifier = feedNotifier{changed: pg.Changed}
		// Instances starting together migrate one at a time.
		if err = migrateLocked(ctx, pool); err != nil {
			t.Close()
			return nil, err
		}
		t.tracker, err = runTracker(ctx, riverpgxv5.New(pool), cfg)
	}
	if err != nil {
		t.Close()
		return nil, err
	}
	// Make sure every open swap is followed: one created just before a
	// crash, before its job was added, is picked up here.
	go func() {
		ids, err := db.OpenSwaps(ctx)
		if err == nil {
			var added int
			if added, err = t.tracker.TrackMany(ctx, ids); added > 0 {
				log.Info("tracker: following open swaps that had no job", "count", added)
			}
		}
		if err != nil && ctx.Err() == nil {
			log.Warn("tracker: sweep of open swaps failed", "err", err)
		}
	}()
	return t, nil
}

// runTracker migrates River's tables and starts a tracker on drv.
func runTracker[TX any](ctx context.Context, drv riverdriver.Driver[TX], cfg track.Config) (follower, error) {
	if err := track.Migrate(ctx, drv); err != nil {
		return nil, err
	}
	tr, err := track.New(drv, cfg)
	if err != nil {
		return nil, err
	}
	if err := tr.Start(ctx); err != nil {
		return nil, fmt.Errorf("tracker: %w", err)
	}
	return tr, nil
}

// cachedAccuracy reads the venues' accuracy at most every 5 s: it scans
// the window's finished swaps.
func cachedAccuracy(db *sqldb.DB, window time.Duration) func(context.Context) (map[string]swapscout.VenueAccuracy, error) {
	var mu sync.Mutex
	var at time.Time
	var last map[string]swapscout.VenueAccuracy
	return func(ctx context.Context) (map[string]swapscout.VenueAccuracy, error) {
		mu.Lock()
		defer mu.Unlock()
		if last != nil && time.Since(at) < 5*time.Second {
			return last, nil
		}
		outs, err := db.Outcomes(ctx, time.Now().Add(-window))
		if err != nil {
			return nil, err
		}
		last, at = swapscout.Accuracy(outs), time.Now()
		return last, nil
	}
}

// lateConfig marks swaps late against their venue's usual time: the 90th
// percentile of its finished swaps' time from deposit to payout over the
// accuracy window, or --late-after until 10 are timed. A store that cannot
// be read makes no swap late.
func lateConfig(acc func(context.Context) (map[string]swapscout.VenueAccuracy, error), f *trackFlags, log *slog.Logger) *track.Late {
	def := f.lateAfter
	if def <= 0 {
		def = swapscout.DefaultUsualTime
	}
	return &track.Late{
		Usual: func(ctx context.Context, venue string) (time.Duration, int) {
			all, err := acc(ctx)
			if err != nil {
				log.Debug("late: venue accuracy unavailable", "err", err)
				return 0, 0
			}
			return all[venue].Usual(def)
		},
		OnLate: f.onLate,
	}
}

// tune plugs tracking into the API: created swaps are followed, streams
// hear of changes, venues show their accuracy.
func (t *tracking) tune(d *httpapi.Deps) {
	if d.Swaps != nil {
		d.Swaps = followingSwaps{SwapService: d.Swaps, t: t}
	}
	d.SwapFeed = t.feed
	d.Accuracy, d.AccuracyWindow = t.accuracy, t.window
}

// configure sets the swap service's callback check: webhooks are offered
// only with a signing secret.
func (t *tracking) configure(s *swaps.Service) { s.CheckCallback = t.check }

// Close stops polling (waiting up to 5 s for polls under way: a cut one is
// polled again at the next start) and closes the feed and the job engine's
// connections.
func (t *tracking) Close() {
	if t.tracker != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = t.tracker.Stop(ctx)
		cancel()
	}
	for i := len(t.closers) - 1; i >= 0; i-- {
		t.closers[i]()
	}
}

// followingSwaps starts following each swap right after it is created.
type followingSwaps struct {
	httpapi.SwapService
	t *tracking
}

func (s followingSwaps) Create(ctx context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	sw, created, err := s.SwapService.Create(ctx, r)
	if err == nil && sw != nil && sw.Created() {
		f := *sw
		if created {
			f.CallbackURL = r.CallbackURL // the record read back does not carry it
		}
		// The swap exists whatever happens here: a failure is logged and
		// the next start's sweep follows it.
		if ferr := s.t.tracker.Follow(context.WithoutCancel(ctx), &f); ferr != nil {
			s.t.log.Error("tracker: could not follow a new swap", "swap", sw.ID, "err", ferr)
		}
	}
	return sw, created, err
}

// RecordDeposit records a memo swap's deposit transaction through the
// wrapped service, and makes sure the swap is followed: the venue knows the
// swap only by that transaction, so its polls can begin now.
func (s followingSwaps) RecordDeposit(ctx context.Context, id, txID string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	rec, ok := s.SwapService.(httpapi.SwapDeposits)
	if !ok {
		return nil, nil, swapscout.Errorf(swapscout.ESWAPUNSUPPORTED, "this server does not record deposit transactions")
	}
	sw, hist, err := rec.RecordDeposit(ctx, id, txID)
	if err == nil && sw != nil && !sw.Status.Terminal() {
		if _, ferr := s.t.tracker.TrackMany(context.WithoutCancel(ctx), []string{sw.ID}); ferr != nil {
			s.t.log.Error("tracker: could not follow a swap after its deposit", "swap", sw.ID, "err", ferr)
		}
	}
	return sw, hist, err
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
	return track.Migrate(ctx, riverpgxv5.New(pool))
}

// wireTracking starts following the swaps of the database wireSwaps opened
// (none without one) and plugs tracking into the API and the swap service.
func (s *stack) wireTracking(ctx context.Context, db *dbFlags, f *trackFlags, d *httpapi.Deps, log *slog.Logger) error {
	if s.db == nil || f == nil {
		return nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	t, err := startTracking(ctx, s.db, db.url, s.registry.Swapper, f, log)
	if err != nil {
		return err
	}
	// Tracking stops before the database closes (closers run in order).
	s.closers = append([]func() error{func() error { t.Close(); return nil }}, s.closers...)
	t.configure(s.swaps)
	t.tune(d)
	if f.rankByAccuracy {
		s.service.Engine.SetAccuracy(t.accuracy)
	}
	if f.secret == "" {
		log.Info("webhooks off: set " + envWebhookSecret + " to sign and send them")
	}
	return nil
}

// readAccuracy reads the venues' accuracy over window from the swap
// database f names; nil when there is none (it is never created here).
func readAccuracy(ctx context.Context, f dbFlags, window time.Duration) (map[string]swapscout.VenueAccuracy, error) {
	if f.url == "" {
		if f.dataDir == "" {
			return nil, nil
		}
		if _, err := os.Stat(filepath.Join(f.dataDir, swapDBFile)); err != nil {
			return nil, nil
		}
	}
	db, _, err := openSwapDB(ctx, f)
	if err != nil || db == nil {
		return nil, err
	}
	defer db.Close()
	outs, err := db.Outcomes(ctx, time.Now().Add(-window))
	if err != nil {
		return nil, err
	}
	return swapscout.Accuracy(outs), nil
}

// printAccuracy prints the venues' accuracy as a table, when there is a
// swap database.
func printAccuracy(w io.Writer, acc map[string]swapscout.VenueAccuracy, window time.Duration) {
	if acc == nil {
		return
	}
	fmt.Fprintf(w, "\naccuracy of finished swaps over the last %s (short: paid short of the promise past the swap's slippage; held: held for verification):\n", window)
	if len(acc) == 0 {
		fmt.Fprintln(w, "no finished swaps")
		return
	}
	ids := make([]string, 0, len(acc))
	for id := range acc {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VENUE\tSWAPS\tMEDIAN SHORTFALL\tWORST SHORTFALL\tSHORT\tHELD\tTIMED\tMEDIAN TIME\tP90 TIME")
	for _, id := range ids {
		a := acc[id]
		med, worst, took, p90 := "-", "-", "-", "-"
		if a.Count > 0 {
			med, worst = a.MedianShortfall.String()+" %", a.WorstShortfall.String()+" %"
		}
		if a.Timed > 0 {
			took, p90 = a.MedianTime.Round(time.Second).String(), a.P90Time.Round(time.Second).String()
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", id, a.Count, med, worst, a.Short, a.Held, a.Timed, took, p90)
	}
	tw.Flush()
}
