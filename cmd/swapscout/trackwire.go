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
	"text/tabwriter"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/board"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/feed"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/track"
	"github.com/swapscout/swapscout/swaps/webhook"
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
	rankOnChain    bool
	lateAfter      time.Duration
	retention      time.Duration
	secret         string // from the environment
	// The metrics' hooks: onLate hears of each swap the service marks
	// late, onPoll of each status call it asks of a venue, observer of the
	// tracker's polls starting and its webhook POSTs.
	onLate   func(venue string)
	onPoll   func(venue string, took time.Duration, err error)
	observer track.Observer
	// Watching the chain (chainwire.go): the endpoints, the grace of a
	// claimed payout, TronGrid's key; simChain is the demo's simulated
	// chain, watched on every network.
	chains     chainList
	chainGrace time.Duration
	// chainInterval scales the chain checks' schedule so that its first
	// interval is this (0: chainwatch.DefaultSchedule's 30 s).
	chainInterval time.Duration
	tronKey       string
	simChain      *simChainSpec
	chainsErr     error // a bad SWAPSCOUT_CHAIN, said at start
}

func (f *trackFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.DurationVar(&f.interval, "track-interval", 10*time.Second, "how often a new swap's status is polled at its venue; older swaps are polled less often (×3 after 15 minutes, ×12 after an hour, ×60 after a day)")
	fs.IntVar(&f.workers, "track-workers", 20, "swap status polls run at once by this instance")
	fs.BoolVar(&f.webhookPrivate, "webhook-allow-private", f.webhookPrivate, "let callback_url point at loopback and private addresses (tests, private networks)")
	fs.DurationVar(&f.webhookTimeout, "webhook-timeout", 10*time.Second, "how long one webhook delivery may take")
	fs.DurationVar(&f.accuracyWindow, "accuracy-window", 30*24*time.Hour, "venues' accuracy figures cover the swaps finished within this window")
	fs.BoolVar(&f.rankByAccuracy, "rank-by-accuracy", false, "rank a venue that habitually pays less than it promises (10 or more finished swaps in the window) as if it delivered its median shortfall less")
	fs.BoolVar(&f.rankOnChain, "rank-on-chain", true, "rank a venue whose payouts seen on chain habitually fall short of its promises (10 or more in the board's window) as if it delivered its median on-chain share: quoted × delivered")
	fs.DurationVar(&f.lateAfter, "late-after", swapscout.DefaultUsualTime, "a swap is marked late past its venue's usual time from deposit to payout: the 90th percentile of the venue's finished swaps in the accuracy window, or this until 10 are seen")
	fs.Var(&f.chains, "chain", "check deposits and payouts on chain through this endpoint, NETWORK=URL (repeatable, or comma-separated; env "+envChain+"): btc, ltc, bch, doge speak Esplora; eth, bsc, matic, avaxc, arbitrum, base, op Ethereum JSON-RPC; trx TronGrid (key in env "+envTronKey+"); sol Solana JSON-RPC. Without one a swap shows the venue's word")
	fs.DurationVar(&f.chainGrace, "chain-grace", 0, "how long a payout the venue calls made may take to show settled on chain before the swap is flagged unverified (0: each network's own, twice its confirmations' time plus 30 minutes)")
	fs.DurationVar(&f.chainInterval, "chain-interval", 0, "how often a claimed transfer is checked on chain while fresh; older ones less often, as the default schedule does (0: every 30s for 10 minutes, then every minute, 5 minutes, 15 minutes, up to 48 hours)")
	if v := getenv(envChain); v != "" {
		if err := f.chains.Set(v); err != nil {
			f.chainsErr = fmt.Errorf("%s: %w", envChain, err)
		}
	}
	f.tronKey = getenv(envTronKey)
	fs.DurationVar(&f.retention, "retention", swaps.DefaultRetention, "a swap over for longer than this is anonymised: its addresses, memos, order and transaction ids are erased, its venue, amounts, statuses and times kept for the accuracy figures (0: keep every swap whole)")
	f.secret = getenv(envWebhookSecret)
}

// tracker is a running track.Tracker, whatever its database: the swap
// service's Tracker, and its Listener for webhooks.
type tracker interface {
	swaps.Tracker
	swaps.ChainTracker
	swaps.Listener
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

// changeFeed is where the swap service's changes go to reach event streams:
// this process (SQLite), or every instance (PostgreSQL LISTEN/NOTIFY).
type changeFeed interface {
	swaps.Listener
	httpapi.SwapFeed
}

// wireTracking gives the swap service of the database wireSwaps opened (none
// without one) its tracker (River, on that database), its listeners (the
// event streams' feed, webhooks) and the venues' accuracy, from the flags;
// the API gets the feed and the accuracy. The open swaps are swept once.
func (s *stack) wireTracking(ctx context.Context, db *dbFlags, f *trackFlags, d *httpapi.Deps, log *slog.Logger) error {
	if s.db == nil || f == nil {
		return nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	svc := s.swaps
	acc := &swaps.Accuracy{Outcomes: s.db, Window: f.accuracyWindow, UsualDefault: f.lateAfter, Logger: log}
	svc.Accuracy, svc.OnLate, svc.OnPoll = acc, f.onLate, f.onPoll
	if f.chainsErr != nil {
		return f.chainsErr
	}
	cw, err := f.chainWatcher(s.http, log)
	if err != nil {
		return err
	}
	svc.Chain = cw
	cfg := track.Config{Swaps: svc, Workers: f.workers, Logger: log, Observer: f.observer}
	if svc.Retention = f.retention; f.retention > 0 {
		cfg.Forget = svc.Forget
	}
	d.Retention = f.retention
	if f.interval > 0 {
		svc.Schedule = swaps.ScaledSchedule(f.interval)
		if f.interval < time.Second {
			cfg.FetchInterval = f.interval // tests and demos with quick swaps
		}
	}
	if f.secret != "" {
		sender := &webhook.Sender{Secret: []byte(f.secret), Client: webhook.Client(f.webhookTimeout, f.webhookPrivate)}
		cfg.Webhooks = &track.Webhooks{Callbacks: s.db, Send: sender.Send, Encode: api.AppendSwap, Timeout: f.webhookTimeout}
		allow := f.webhookPrivate
		svc.CheckCallback = func(u string) error { return webhook.CheckURL(u, allow) }
		svc.Callbacks = s.db
	} else {
		log.Info("webhooks off: set " + envWebhookSecret + " to sign and send them")
	}
	var (
		changes changeFeed
		tr      tracker
		closers []func()
	)
	closeAll := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	if db.url == "" {
		changes = &feed.Hub{}
		t, err := track.OpenSQLite(ctx, s.db.SQL(), cfg)
		if err != nil {
			return err
		}
		if cfg.Webhooks != nil {
			// A change and its delivery job commit together.
			s.db.OnChangeTx(t.InsertDeliveryTx)
		}
		tr = t
	} else {
		pg, err := feed.NewPostgres(ctx, db.url, log)
		if err != nil {
			return fmt.Errorf("swap feed: %w", redactURL(err, db.url))
		}
		closers = append(closers, pg.Close)
		changes = pg
		t, err := track.OpenPostgres(ctx, db.url, cfg)
		if err != nil {
			closeAll()
			return redactURL(err, db.url)
		}
		tr = t
	}
	svc.Tracker, svc.ChainTracker = tr, tr
	svc.Listeners = append(svc.Listeners, changes, tr)
	if err := tr.Start(ctx); err != nil {
		_ = tr.Stop(context.Background())
		closeAll()
		return fmt.Errorf("tracker: %w", err)
	}
	// Polls stop (within 5 s: a cut one runs again at the next start)
	// before the feed and the database close: closers run in order.
	stop := func() error {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = tr.Stop(sctx)
		cancel()
		closeAll()
		return nil
	}
	s.closers = append([]func() error{stop}, s.closers...)
	d.SwapFeed = changes
	d.Accuracy, d.AccuracyWindow = acc.Venues, acc.WindowOrDefault()
	brd := &swaps.Board{Swaps: s.db, Window: acc.WindowOrDefault()}
	d.Board = brd.Board
	// Every offer carries its venue's board line, read from a snapshot the
	// quote path never waits for.
	outcomes := &swaps.Outcomes{Board: brd, Logger: log}
	go outcomes.Run(ctx)
	s.service.Engine.SetOutcomes(outcomes.Venue, f.rankOnChain)
	if db.dataDir != "" {
		imported, bad, err := board.LoadImported(filepath.Join(db.dataDir, board.Dir))
		for _, b := range bad {
			log.Warn("imported board left out: it no longer verifies", "file", b)
		}
		if err == nil && len(imported) > 0 {
			log.Info("showing imported boards", "count", len(imported))
			d.ImportedBoards = func() []api.ImportedBoard { return imported }
		}
	}
	if f.rankByAccuracy {
		s.service.Engine.SetAccuracy(acc.Venues)
	}
	go s.swaps.Sweep(ctx)
	return nil
}

// readAccuracy reads the venues' accuracy over window from the swap
// database f names; nil when there is none (it is never created here).
func readAccuracy(ctx context.Context, f dbFlags, window time.Duration) (map[string]swapscout.VenueAccuracy, error) {
	db, err := openExistingDB(ctx, f)
	if err != nil || db == nil {
		return nil, err
	}
	defer db.Close()
	return (&swaps.Accuracy{Outcomes: db, Window: window}).Venues(ctx)
}

// openExistingDB opens the swap database f names, for reading; nil when
// there is none (it is never created here).
func openExistingDB(ctx context.Context, f dbFlags) (*sqlstore.DB, error) {
	if f.url == "" {
		if f.dataDir == "" {
			return nil, nil
		}
		if _, err := os.Stat(filepath.Join(f.dataDir, swapDBFile)); err != nil {
			return nil, nil
		}
	}
	db, _, err := openSwapDB(ctx, f)
	return db, err
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
