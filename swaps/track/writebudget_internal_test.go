package track

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"modernc.org/sqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// commits counts the SQLite commits made on the databases whose file name
// holds a key of it (each test's own file), through a commit hook on every
// connection the driver opens. A commit is a write the disk must make
// durable (WAL, synchronous=FULL: an fsync each), and on SQLite each waits
// for the one write lock: what a burst of changes queues behind.
var commits struct {
	once sync.Once
	mu   sync.Mutex
	n    map[string]*int
}

func countCommits(t *testing.T, path string) func() int {
	commits.once.Do(func() {
		commits.n = map[string]*int{}
		sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, dsn string) error {
			hr, ok := conn.(sqlite.HookRegisterer)
			if !ok {
				return nil
			}
			commits.mu.Lock()
			defer commits.mu.Unlock()
			for key, n := range commits.n {
				if strings.Contains(dsn, key) {
					hr.RegisterCommitHook(func() int32 {
						commits.mu.Lock()
						*n++
						commits.mu.Unlock()
						return 0
					})
				}
			}
			return nil
		})
	})
	n := new(int)
	commits.mu.Lock()
	commits.n[path] = n
	commits.mu.Unlock()
	t.Cleanup(func() {
		commits.mu.Lock()
		delete(commits.n, path)
		commits.mu.Unlock()
	})
	return func() int {
		commits.mu.Lock()
		defer commits.mu.Unlock()
		return *n
	}
}

// TestPushWriteBudget: a status change of a swap with a callback URL, on
// SQLite as the server runs it (the tracker the database's sole user), is
// recorded and pushed to its receiver in two commits: the change with its
// delivery job, and the release of the delivery recording it delivered.
// (Before: five, one after another: the change, the job, the lease, the
// progress and the release.) River's fetch and completion of the job come
// after the push, off its path, and are not counted here.
func TestPushWriteBudget(t *testing.T) {
	const budget = 2
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "budget.db")
	count := countCommits(t, dir)
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var sent []int
	tr, err := OpenSQLite(ctx, db.SQL(), Config{Swaps: &swaps.Service{Store: db}, Logger: slog.New(slog.DiscardHandler),
		Webhooks: &Webhooks{
			Callbacks: db,
			Encode:    func(dst []byte, sw *swapscout.Swap, _ []swapscout.SwapEvent) []byte { return append(dst, sw.Status...) },
			Send: func(_ context.Context, _ string, c swapscout.SwapChange, _ []byte) error {
				sent = append(sent, c.Seq)
				return nil
			},
		}})
	if err != nil {
		t.Fatal(err)
	}
	db.OnChangeTx(tr.InsertDeliveryTx)
	sw := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	sw.VenueOrder, sw.DepositAddress, sw.Status = swapscout.OrderRef{ID: "ord-" + sw.ID}, "dep", swapscout.StatusWaiting
	if err := db.CompleteSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	if err := db.SetCallback(ctx, sw.ID, "https://hooks.example/x", 1); err != nil {
		t.Fatal(err)
	}
	for i, st := range []swapscout.SwapStatus{swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusFinished} {
		before := count()
		// What the swap service does with a venue's new word: record it,
		// then tell its listeners (swaps.Service.Poll, announce).
		if _, err := db.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{Status: st, VenueStatus: string(st)}, time.Now()); err != nil {
			t.Fatal(err)
		}
		tr.SwapChanged(ctx, swapscout.SwapChange{SwapID: sw.ID, Seq: i + 2, Status: st})
		tr.deliver.inline.Wait()
		if got := count() - before; got > budget {
			t.Errorf("change %d (%s): %d commits to record and push it; budget %d", i+2, st, got, budget)
		}
	}
	if want := []int{2, 3, 4}; !slices.Equal(sent, want) {
		t.Errorf("changes sent %v; want %v, once each", sent, want)
	}
	if _, delivered, err := db.Callback(ctx, sw.ID); err != nil || delivered != 4 {
		t.Errorf("delivered %d (%v); want 4", delivered, err)
	}
	// Each change's job was written with it: the job's own run finds it
	// delivered.
	var jobs int
	if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = 'swap_webhook'`).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 3 {
		t.Errorf("%d delivery jobs; want one per change (3)", jobs)
	}
}
