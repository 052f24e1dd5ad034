package track_test

import (
	"context"
	"database/sql"
	"github.com/swapscout/swapscout/internal/tier"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
	"github.com/swapscout/swapscout/swaps/track"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// venue is a fake venue whose orders move one step per status call.
type venue struct {
	mu    sync.Mutex
	steps []swapscout.SwapUpdate
	calls map[string]int
}

func (v *venue) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	panic("not used")
}

func (v *venue) SwapStatus(_ context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	id := ref.ID
	v.mu.Lock()
	defer v.mu.Unlock()
	n := v.calls[id]
	v.calls[id]++
	if n >= len(v.steps) {
		n = len(v.steps) - 1
	}
	return v.steps[n], nil
}

func (v *venue) count(id string) int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.calls[id]
}

var progress = []swapscout.SwapUpdate{
	{Status: swapscout.StatusWaiting, VenueStatus: "waiting"},
	{Status: swapscout.StatusConfirming, VenueStatus: "confirming", DepositTx: "dtx"},
	{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"},
	{Status: swapscout.StatusSending, VenueStatus: "sending"},
	{Status: swapscout.StatusFinished, VenueStatus: "finished", PayoutTx: "ptx", AmountReceived: swapscout.MustAmount("36.05")},
}

// notes is a listener of the swap service, recording the statuses it hears.
type notes struct {
	mu   sync.Mutex
	seen []swapscout.SwapStatus
}

func (n *notes) SwapChanged(_ context.Context, c swapscout.SwapChange) {
	n.mu.Lock()
	n.seen = append(n.seen, c.Status)
	n.mu.Unlock()
}

var quiet = slog.New(slog.DiscardHandler)

func fast(time.Duration) time.Duration { return 20 * time.Millisecond }

// service is the swap service over st with one venue, v, polled on sched.
func service(st swapscout.SwapStore, v swapscout.Swapper, sched swaps.Schedule) *swaps.Service {
	return &swaps.Service{Store: st, Swapper: func(string) (swapscout.Swapper, bool) { return v, true }, Schedule: sched, Logger: quiet}
}

// startTracker runs a tracker on db's River tables (migrated) polling svc,
// which it follows for (svc.Tracker and a listener for webhooks), until the
// test ends. cfg's Swaps, Logger and FetchInterval are set when empty.
func startTracker(t *testing.T, db *sqlstore.DB, svc *swaps.Service, cfg track.Config) *track.Tracker[sqlTx] {
	t.Helper()
	ctx := context.Background()
	drv := riversqlite.New(db.SQL())
	if err := track.Migrate(ctx, drv); err != nil {
		t.Fatal(err)
	}
	if cfg.Swaps == nil {
		cfg.Swaps = svc
	}
	if cfg.Logger == nil {
		cfg.Logger = quiet
	}
	if cfg.FetchInterval == 0 {
		cfg.FetchInterval = 20 * time.Millisecond
	}
	tr, err := track.New(drv, cfg)
	if err != nil {
		t.Fatal(err)
	}
	svc.Tracker = tr
	svc.Listeners = append(svc.Listeners, tr)
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Stop(context.Background()) })
	return tr
}

func createSwap(t *testing.T, st swapscout.SwapStore) *swapscout.Swap {
	t.Helper()
	ctx := context.Background()
	s := storetest.Sample()
	if _, err := st.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	s.VenueOrder, s.DepositAddress, s.Status, s.VenueStatus = swapscout.OrderRef{ID: "ord-" + s.ID}, "dep", swapscout.StatusWaiting, "waiting"
	if err := st.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func waitStatus(t *testing.T, st swapscout.SwapStore, id string, want swapscout.SwapStatus) *swapscout.Swap {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		sw, err := st.Swap(context.Background(), id)
		if err == nil && sw.Status == want {
			return sw
		}
		if time.Now().After(deadline) {
			t.Fatalf("swap %s is %v (%v); want %s", id, sw, err, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func sqliteDB(t *testing.T) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestToTheEnd: a swap is followed through every status to finished, each
// change recorded in its history and told to the service's listeners, and
// polling stops.
func TestToTheEnd(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	v := &venue{steps: progress, calls: map[string]int{}}
	n := &notes{}
	svc := service(db, v, fast)
	svc.Listeners = []swaps.Listener{n}
	tr := startTracker(t, db, svc, track.Config{})
	sw := createSwap(t, db)
	if added, err := tr.Track(ctx, sw.ID); err != nil || added != 1 {
		t.Fatalf("Track = %d, %v", added, err)
	}
	if added, err := tr.Track(ctx, sw.ID); err != nil || added != 0 { // a second Track is a no-op
		t.Fatalf("Track again = %d, %v", added, err)
	}
	got := waitStatus(t, db, sw.ID, swapscout.StatusFinished)
	if got.DepositTx != "dtx" || got.PayoutTx != "ptx" || got.AmountReceived.Cmp(swapscout.MustAmount("36.05")) != 0 {
		t.Errorf("finished swap = %+v", got)
	}
	evs, _ := db.SwapEvents(ctx, sw.ID)
	if len(evs) != 5 {
		t.Errorf("history has %d events; want 5: %+v", len(evs), evs)
	}
	calls := v.count(sw.VenueOrder.ID)
	time.Sleep(200 * time.Millisecond)
	if after := v.count(sw.VenueOrder.ID); after != calls {
		t.Errorf("polled %d more times after finished", after-calls)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.seen) != 4 || n.seen[3] != swapscout.StatusFinished {
		t.Errorf("notified %v; want the four changes after waiting", n.seen)
	}
}

// TestExpiry: an unpaid swap past its expiry and grace is expired.
func TestExpiry(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	v := &venue{steps: []swapscout.SwapUpdate{{Status: swapscout.StatusWaiting, VenueStatus: "new"}}, calls: map[string]int{}}
	svc := service(db, v, fast)
	svc.ExpireAfter = time.Millisecond
	tr := startTracker(t, db, svc, track.Config{})
	s := storetest.Sample()
	db.ReserveSwap(ctx, s)
	s.VenueOrder, s.DepositAddress, s.ExpiresAt = swapscout.OrderRef{ID: "ord"}, "dep", time.Now().Add(-time.Minute)
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	tr.Track(ctx, s.ID)
	waitStatus(t, db, s.ID, swapscout.StatusExpired)
}

// TestRestart: a tracked swap is followed again by a new instance after
// the first stopped, from the jobs kept in the database.
func TestRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	drv := riversqlite.New(db.SQL())
	track.Migrate(ctx, drv)
	v := &venue{steps: progress, calls: map[string]int{}}
	slow := func(time.Duration) time.Duration { return time.Hour }
	cfg := track.Config{Swaps: service(db, v, slow), Logger: quiet, FetchInterval: 20 * time.Millisecond}
	tr, _ := track.New(drv, cfg)
	sw := createSwap(t, db)
	if _, err := tr.Track(ctx, sw.ID); err != nil { // inserted, never started: as if it died
		t.Fatal(err)
	}
	db.Close()

	db2, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	drv2 := riversqlite.New(db2.SQL())
	cfg.Swaps = service(db2, v, fast)
	tr2, err := track.New(drv2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The job was scheduled an hour out; a restarted instance that is told
	// to track the swap again finds the job and does not add a second one.
	if added, err := tr2.Track(ctx, sw.ID); err != nil || added != 0 {
		t.Fatalf("Track after the restart = %d, %v", added, err)
	}
	var jobs int
	db2.SQL().QueryRow(`SELECT COUNT(*) FROM river_job`).Scan(&jobs)
	if jobs != 1 {
		t.Errorf("%d jobs after tracking twice across a restart; want 1", jobs)
	}
}

// TestPostgresInstances: two instances on one PostgreSQL follow 200 swaps
// to the end, and no swap is polled more often than its steps need.
func TestPostgresInstances(t *testing.T) {
	tier.E2E(t)
	ctx := context.Background()
	url := pgtest.URL(t)
	db, err := sqlstore.OpenPostgres(ctx, url, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	v := &venue{steps: progress, calls: map[string]int{}}
	var trackers []*track.Tracker[pgxTx]
	for i := range 2 {
		pool, err := pgxpool.New(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		drv := riverpgxv5.New(pool)
		if i == 0 {
			if err := track.Migrate(ctx, drv); err != nil {
				t.Fatal(err)
			}
		}
		tr, err := track.New(drv, track.Config{Swaps: service(db, v, fast), Logger: quiet, FetchInterval: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer tr.Stop(ctx)
		trackers = append(trackers, tr)
	}
	var ids []*swapscout.Swap
	for i := range 200 {
		sw := createSwap(t, db)
		if _, err := trackers[i%2].Track(ctx, sw.ID); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, sw)
	}
	for _, sw := range ids {
		waitStatus(t, db, sw.ID, swapscout.StatusFinished)
		if n := v.count(sw.VenueOrder.ID); n != len(progress) {
			t.Errorf("swap %s polled %d times; want %d (one per step)", sw.ID, n, len(progress))
		}
	}
}

type sqlTx = *sql.Tx

func itoa(n int) string { return strconv.Itoa(n) }
