package sqlstore_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

func openSQLite(t *testing.T) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "sub", "swapscout.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) swapscout.SwapStore { return openSQLite(t) })
}

func TestPostgres(t *testing.T) {
	storetest.Run(t, func(t *testing.T) swapscout.SwapStore {
		db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

// TestReopen: a swap written is there after the database is closed and
// opened again, and migrating twice is harmless.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "swapscout.db")
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Swap(ctx, s.ID); err != nil {
		t.Errorf("after reopen: %v", err)
	}
}

// TestPostgresConcurrentMigrate: instances starting together on one
// database migrate it once between them.
func TestPostgresConcurrentMigrate(t *testing.T) {
	url := pgtest.URL(t)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			db, err := sqlstore.OpenPostgres(context.Background(), url, sqlstore.Options{})
			if err == nil {
				db.Close()
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestDown: a database that is gone answers unavailable, not a panic or an
// internal error, and says nothing of its address to a client.
func TestDown(t *testing.T) {
	db := openSQLite(t)
	db.Close()
	_, err := db.Swap(context.Background(), swapscout.NewSwapID())
	if swapscout.ErrorCode(err) != swapscout.EUNAVAILABLE {
		t.Fatalf("closed db: %v; want %s", err, swapscout.EUNAVAILABLE)
	}
	if msg := swapscout.ErrorMessage(err); msg != "the swap database is unavailable" {
		t.Errorf("message %q", msg)
	}
}

// TestSQLiteReadsBesideWriters: with every writer connection taken (one
// holding the write lock, the others queued behind it), a swap, its history
// and its callback are still read, and a commit made after is seen: the
// reads have connections of their own. Without them the reads waited for a
// writer's connection (here: until the context's end).
func TestSQLiteReadsBesideWriters(t *testing.T) {
	ctx := context.Background()
	db := openSQLite(t)
	s := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := db.SetCallback(ctx, s.ID, "https://example.com/hook", 0); err != nil {
		t.Fatal(err)
	}
	tx, err := db.SQL().BeginTx(ctx, nil) // _txlock=immediate: takes the write lock
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE swaps SET venue_status = 'held' WHERE id = ?`, s.ID); err != nil {
		t.Fatal(err)
	}
	for range db.SQL().Stats().MaxOpenConnections - 1 {
		c, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	// Generous: the reads answer at once; the bound only ends the test
	// when they wait for a writer's connection.
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := db.Swap(rctx, s.ID); err != nil {
		t.Fatalf("read beside the writers: %v", err)
	}
	if _, err := db.SwapEvents(rctx, s.ID); err != nil {
		t.Fatalf("history beside the writers: %v", err)
	}
	if u, _, err := db.Callback(rctx, s.ID); err != nil || u == "" {
		t.Fatalf("callback beside the writers: %q %v", u, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Swap(ctx, s.ID); err != nil || got.VenueStatus != "held" {
		t.Fatalf("after the commit the reader saw %+v, %v; want venue status held", got, err)
	}
}

// TestAgentLedgerSQLite: the agent ledger's conformance, two handles on one
// SQLite file standing for two instances.
func TestAgentLedgerSQLite(t *testing.T) {
	storetest.RunAgentLedger(t, func(t *testing.T) (swapscout.AgentLedger, swapscout.AgentLedger) {
		path := filepath.Join(t.TempDir(), "swapscout.db")
		a, err := sqlstore.OpenSQLite(context.Background(), path, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		b, err := sqlstore.OpenSQLite(context.Background(), path, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return a, b
	})
}

// TestAgentLedgerPostgres: the same on one PostgreSQL database.
func TestAgentLedgerPostgres(t *testing.T) {
	storetest.RunAgentLedger(t, func(t *testing.T) (swapscout.AgentLedger, swapscout.AgentLedger) {
		url := pgtest.URL(t)
		var out [2]*sqlstore.DB
		for i := range out {
			db, err := sqlstore.OpenPostgres(context.Background(), url, sqlstore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			out[i] = db
		}
		return out[0], out[1]
	})
}
