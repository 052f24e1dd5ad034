package sqlstore

import (
	"context"
	"database/sql"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps/sqlstore/sqlitetest"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// TestGroupCommit: status updates of 50 swaps arriving while the write lock
// is held commit together once it is free (one commit for the 49 that
// queued behind the first, instead of one each, one after another), and
// each keeps its own outcome: an unknown swap is ENOTFOUND, a caller gone
// away an error, the others changed and recorded in their histories.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	commits := sqlitetest.CountCommits(t, dir)
	db, err := OpenSQLite(ctx, filepath.Join(dir, "group.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const n = 50
	ids := make([]string, n)
	for i := range ids {
		ids[i] = storetest.Created(t, db).ID
	}
	ids[7] = swapscout.NewSwapID() // never recorded
	gone, cancel := context.WithCancel(ctx)
	cancel()

	// Hold the write lock until every update has queued.
	hold, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := commits()
	changed := make([]bool, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			c := ctx
			if i == 9 {
				c = gone
			}
			changed[i], errs[i] = db.UpdateSwap(c, id, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming"}, time.Now())
		})
	}
	for {
		db.updates.mu.Lock()
		queued := len(db.updates.queue)
		db.updates.mu.Unlock()
		if queued == n-1 { // the first is in its own batch, waiting for the lock
			break
		}
		runtime.Gosched()
	}
	if err := hold.Rollback(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if got := commits() - before; got > 2 {
		t.Errorf("%d updates made %d commits; want at most 2 (the first alone, the rest together)", n, got)
	}
	for i, id := range ids {
		switch i {
		case 7:
			if swapscout.ErrorCode(errs[i]) != swapscout.ENOTFOUND {
				t.Errorf("unknown swap: %v, %v; want ENOTFOUND", changed[i], errs[i])
			}
		case 9:
			if errs[i] == nil || changed[i] {
				t.Errorf("caller gone away: changed %v, err %v; want an error", changed[i], errs[i])
			}
		default:
			if !changed[i] || errs[i] != nil {
				t.Errorf("swap %d: changed %v, err %v; want changed", i, changed[i], errs[i])
				continue
			}
			hist, err := db.SwapEvents(ctx, id)
			if err != nil || len(hist) == 0 || hist[len(hist)-1].Status != swapscout.StatusConfirming {
				t.Errorf("swap %d's history %+v (%v); want it to end confirming", i, hist, err)
			}
		}
	}
}

// TestGroupCommitKeepsBusyTimeout: the group commit asks for the write lock
// itself (busy timeout off on its connection while it asks), and gives the
// connection back with the store's busy timeout: every other writer still
// waits for the lock rather than failing at once.
func TestGroupCommitKeepsBusyTimeout(t *testing.T) {
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "busy.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sw := storetest.Created(t, db)
	hold, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := db.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming"}, time.Now())
		done <- err
	}()
	for {
		db.updates.mu.Lock()
		asking := db.updates.busy
		db.updates.mu.Unlock()
		if asking {
			break
		}
		runtime.Gosched()
	}
	if err := hold.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("UpdateSwap after the lock was freed: %v", err)
	}
	// Every writer connection, the group commit's among them.
	var conns []*sql.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range db.db.Stats().MaxOpenConnections {
		c, err := db.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		var ms int64
		if err := c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&ms); err != nil {
			t.Fatal(err)
		}
		if ms != busyTimeout.Milliseconds() {
			t.Errorf("a writer connection's busy_timeout is %d ms; want %d", ms, busyTimeout.Milliseconds())
		}
	}
}

// TestGroupCommitOwnConnection: a status change does not wait for a
// connection of the shared writers' pool (River's writers hold them while
// they sleep in SQLite's busy handler): with every one of them taken, it
// still commits.
func TestGroupCommitOwnConnection(t *testing.T) {
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "own.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sw := storetest.Created(t, db)
	for range db.db.Stats().MaxOpenConnections {
		c, err := db.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	uctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := db.UpdateSwap(uctx, sw.ID, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming"}, time.Now()); err != nil {
		t.Fatalf("UpdateSwap with the shared pool taken: %v", err)
	}
}
