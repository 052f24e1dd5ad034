package sqlstore_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// clock is a settable clock for the write check's cache.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)} }

// TestPostgresReadOnlyCannotWrite: a PostgreSQL database turned read-only
// (what providers do when its disk fills) answers pings but fails the
// write check, once the last answer's time is out.
func TestPostgresReadOnlyCannotWrite(t *testing.T) {
	url := pgtest.URL(t)
	c := newClock()
	ctx := context.Background()
	db, err := sqlstore.OpenPostgres(ctx, url, sqlstore.Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite on a healthy database: %v", err)
	}
	if _, err := db.SQL().ExecContext(ctx, `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_read_only = on', current_database()); END $$`); err != nil {
		t.Fatal(err)
	}
	db.SQL().SetMaxIdleConns(0) // new sessions take the setting
	db.SQL().SetMaxIdleConns(2)
	if err := db.CheckWrite(ctx); err != nil {
		t.Errorf("CheckWrite within %v of the last answer = %v; want that answer, nil", sqlstore.WriteCheckEvery, err)
	}
	c.add(sqlstore.WriteCheckEvery)
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	var we *sqlstore.WriteError
	if err := db.CheckWrite(ctx); !errors.As(err, &we) || we.Reason != "read-only" {
		t.Fatalf("CheckWrite on a read-only database = %v; want a read-only WriteError", err)
	}
}

// TestSQLiteCheckWrite: a healthy SQLite database passes the check and keeps
// its data (the check leaves user_version as it was).
func TestSQLiteCheckWrite(t *testing.T) {
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.SQL().ExecContext(ctx, `PRAGMA user_version = 7`); err != nil {
		t.Fatal(err)
	}
	if err := db.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite: %v", err)
	}
	var v int
	if err := db.SQL().QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil || v != 7 {
		t.Errorf("user_version after the check = %d, %v; want 7", v, err)
	}
}

// TestWatch: the database's /healthz line is its dialect while it answers
// and writes, says what is wrong when it does not, and the change is logged
// once; without a database, swaps are disabled.
func TestWatch(t *testing.T) {
	ctx := context.Background()
	if line, ok := (&sqlstore.Watch{}).State(ctx); line != "none (swaps disabled)" || !ok {
		t.Errorf("no database: %q, %v", line, ok)
	}
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	w := &sqlstore.Watch{DB: db, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if line, ok := w.State(ctx); line != "sqlite" || !ok {
		t.Errorf("healthy: %q, %v", line, ok)
	}
	db.Close()
	for range 2 {
		if line, ok := w.State(ctx); line != "sqlite (unreachable)" || ok {
			t.Errorf("closed: %q, %v", line, ok)
		}
	}
	if n := strings.Count(logs.String(), "swap database unreachable"); n != 1 {
		t.Errorf("logged %d times; want once:\n%s", n, logs.String())
	}
}
