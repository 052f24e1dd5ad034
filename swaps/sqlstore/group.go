package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/swapscout/swapscout"
)

// groupCommit commits the status updates (UpdateSwap) that arrive together
// on SQLite in one transaction: a group commit. SQLite has one write lock
// and, at synchronous=FULL, an fsync per commit, so 100 swaps changing at
// once made 100 commits one after another (and waited in SQLite's busy
// handler, which sleeps up to 100 ms between tries and lets newcomers in
// first): the last change reached its listeners hundreds of milliseconds
// after it was seen. Now the first caller commits what is queued, each
// update under a savepoint of its own (one swap's error rolls back only
// its part), while the next ones queue; when it is done it hands the queue
// to the first of them. No call returns before its update is committed,
// so what a kill -9 keeps is what it kept.
type groupCommit struct {
	mu    sync.Mutex
	queue []*update
	busy  bool // a caller is committing; the queue waits for it
}

// update is one UpdateSwap call waiting in the queue.
type update struct {
	ctx     context.Context
	id      string
	u       swapscout.SwapUpdate
	at      time.Time
	changed bool
	err     error
	// wake says the update is done (false), or that its caller commits
	// the next batch (true).
	wake chan bool
}

func (g *groupCommit) update(s *DB, ctx context.Context, id string, u swapscout.SwapUpdate, at time.Time) (bool, error) {
	r := &update{ctx: ctx, id: id, u: u, at: at, wake: make(chan bool, 1)}
	g.mu.Lock()
	g.queue = append(g.queue, r)
	lead := !g.busy
	g.busy = true
	g.mu.Unlock()
	if !lead {
		lead = <-r.wake
	}
	if lead {
		g.mu.Lock()
		batch := g.queue
		g.queue = nil
		g.mu.Unlock()
		s.commitUpdates(batch)
		for _, b := range batch {
			if b != r {
				b.wake <- false
			}
		}
		// Hand the queue to its first caller, or leave it free.
		g.mu.Lock()
		if len(g.queue) > 0 {
			g.queue[0].wake <- true
		} else {
			g.busy = false
		}
		g.mu.Unlock()
	}
	return r.changed, r.err
}

// commitUpdates records the batch's updates in one transaction, each under
// a savepoint; each update gets its own outcome, and all of them the
// commit's error when it fails.
func (s *DB) commitUpdates(batch []*update) {
	// Not the callers' contexts: one leaving must not roll back the
	// others' updates. Each statement still runs under its caller's.
	ctx := context.Background()
	err := s.txEager(ctx, "update swaps", func(tx *sql.Tx) error {
		for _, r := range batch {
			if err := r.ctx.Err(); err != nil {
				r.err = s.fault("update swap", err)
				continue
			}
			if _, err := tx.ExecContext(ctx, "SAVEPOINT one_update"); err != nil {
				return err
			}
			r.changed, r.err = s.updateTx(r.ctx, tx, r.id, r.u, r.at)
			if r.err != nil {
				r.changed = false
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO one_update"); err != nil {
					return err
				}
				var e *swapscout.Error
				if !errors.As(r.err, &e) {
					r.err = s.fault("update swap", r.err)
				}
			}
			if _, err := tx.ExecContext(ctx, "RELEASE one_update"); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		for _, r := range batch {
			r.changed, r.err = false, err
		}
	}
}

// busyTimeout is how long a SQLite writer waits for the write lock
// (PRAGMA busy_timeout, in the DSN) before it fails.
const busyTimeout = 10 * time.Second

// txEager is tx for the group commit of status changes: on SQLite it takes
// the write lock without sleeping in SQLite's busy handler, on a connection
// of its own. That handler sleeps 1, 2, 5 … 50, 100, 100 ms between tries
// and takes the lock only if it is free at the moment it wakes; with the
// tracker's own writes (River fetching, snoozing and completing ~10 polls a
// second per swap) holding the lock most of the time, a change waited there
// 100–400 ms (BENCHMARKS.md, push). Here the connection's busy timeout is
// off and it asks again every 0.25–2 ms until busyTimeout: a change takes
// the lock within a couple of milliseconds of it being free. The
// connection is its own (gc) because the shared pool's few were held by
// River's writers sleeping in that handler: a change waited up to a second
// for one before it could even ask (BENCHMARKS.md, "Push: the change
// carries the swap"). The group commit runs one batch at a time, so one
// connection is all it needs. Its wait is the one a person sees; River's
// writers may wait longer.
func (s *DB) txEager(ctx context.Context, what string, fn func(*sql.Tx) error) error {
	if s.gc == nil {
		return s.tx(ctx, what, fn)
	}
	deadline := time.Now().Add(busyTimeout)
	delay := 250 * time.Microsecond
	var tx *sql.Tx
	var err error
	for {
		if tx, err = s.gc.BeginTx(ctx, nil); err == nil {
			break
		}
		if !isBusy(err) || time.Now().After(deadline) {
			return s.fault(what, err)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return s.fault(what, ctx.Err())
		case <-t.C:
		}
		delay = min(2*delay, 2*time.Millisecond)
	}
	return s.finish(tx, what, fn)
}

// isBusy says err is SQLite's "database is locked" (another writer holds
// the write lock).
func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}
