package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The write check: a database that answers may still refuse to write (a
// full disk, a file or a server turned read-only), and then every swap
// creation and every status change fails while reads look healthy. /healthz
// asks CheckWrite, which commits a change that leaves the data as it was.

// WriteCheckEvery is how long a write check's answer stands: /healthz
// polled every second costs one small commit per WriteCheckEvery.
const WriteCheckEvery = 5 * time.Second

// writeCheckTimeout bounds one check: a database that takes longer than
// this to commit a change is as good as unable to.
const writeCheckTimeout = 2 * time.Second

// WriteError says why the database cannot write.
type WriteError struct {
	Reason string // "disk full", "read-only", "I/O error", "timeout" or "error": safe to show
	Err    error  // the driver's error, for the log
}

func (e *WriteError) Error() string { return "cannot write (" + e.Reason + "): " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// CheckWrite reports whether the database takes a write now: nil, or a
// *WriteError. On SQLite the check rewrites the file's user_version with
// its own value, which appends a page to the WAL and syncs it; on
// PostgreSQL it commits a transaction that holds a transaction id and an
// UPDATE (refused when the server or the database is read-only, as
// providers make a database whose disk filled). The answer is kept for
// WriteCheckEvery, concurrent callers share one check, and a check takes at
// most two seconds, whatever ctx allows.
func (s *DB) CheckWrite(ctx context.Context) error {
	c := &s.wc
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := s.now(); !c.at.IsZero() && now.Sub(c.at) < WriteCheckEvery && !now.Before(c.at) {
		return c.err
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeCheckTimeout)
	defer cancel()
	err := s.tryWrite(cctx)
	if err != nil {
		err = &WriteError{Reason: writeReason(err), Err: err}
	}
	c.at, c.err = s.now(), err
	return err
}

// writeCheck is CheckWrite's last answer and when it was had.
type writeCheck struct {
	mu  sync.Mutex // held during a check: callers meanwhile wait for its answer
	at  time.Time
	err error
}

func (s *DB) tryWrite(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil) // SQLite: BEGIN IMMEDIATE, the write lock
	if err != nil {
		return err
	}
	defer tx.Rollback()
	switch s.dialect {
	case SQLite:
		var v int64
		if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v)); err != nil {
			return err
		}
	default:
		var xid string
		if err := tx.QueryRowContext(ctx, `SELECT txid_current()::text`).Scan(&xid); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE swap_callbacks SET lease_until = lease_until WHERE false`); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// writeReason names the kind of a failed write check.
func writeReason(err error) string {
	var se *sqlite.Error
	var pe *pgconn.PgError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.As(err, &se):
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_FULL:
			return "disk full"
		case sqlite3.SQLITE_READONLY:
			return "read-only"
		case sqlite3.SQLITE_IOERR:
			return "I/O error"
		}
	case errors.As(err, &pe):
		switch {
		case pe.Code == "53100":
			return "disk full"
		case pe.Code == "25006":
			return "read-only"
		case strings.HasPrefix(pe.Code, "58"):
			return "I/O error"
		}
	}
	return "error"
}

// Watch is a swap database's line in /healthz: its dialect, and whether it
// answers and takes writes now (CheckWrite: a small commit at most every
// WriteCheckEvery). Each change of that is logged once. Its zero value
// with a nil DB says swaps are disabled.
type Watch struct {
	DB     *DB
	Logger *slog.Logger // slog.Default() when nil

	mu   sync.Mutex
	last string
}

// State returns the database's line ("sqlite", "postgres (unreachable)",
// "sqlite (cannot write: disk full)") and whether it is healthy.
func (w *Watch) State(ctx context.Context) (line string, ok bool) {
	if w.DB == nil {
		return "none (swaps disabled)", true
	}
	kind := string(w.DB.Dialect())
	pctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	state, problem, cause := kind, "", error(nil)
	if err := w.DB.Ping(pctx); err != nil {
		problem, cause = "unreachable", err
	} else if err := w.DB.CheckWrite(ctx); err != nil {
		reason := "error"
		var we *WriteError
		if errors.As(err, &we) {
			reason = we.Reason
		}
		problem, cause = "cannot write: "+reason, err
	}
	if cause != nil {
		state = kind + " (" + problem + ")"
	}
	w.mu.Lock()
	prev := w.last
	w.last = state
	w.mu.Unlock()
	log := w.Logger
	if log == nil {
		log = slog.Default()
	}
	switch {
	case state == prev:
	case cause != nil:
		log.Error("swap database "+problem+": swaps cannot be created or followed until it recovers", "err", cause)
	case prev != "":
		log.Info("the swap database answers and writes again")
	}
	return state, cause == nil
}
