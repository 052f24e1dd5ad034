// Package sqlstore keeps swap records in SQL: SQLite (modernc.org/sqlite, pure
// Go, a file in the data directory) by default, PostgreSQL (jackc/pgx) when
// several instances share one database. Both speak through database/sql with
// the same schema and queries; the dialect only changes placeholders and row
// locks. Migrations are embedded and applied with goose at Open.
//
// Every write is committed before the call returns: a swap acknowledged to a
// user survives a crash of the process (SQLite runs in WAL mode with
// synchronous=FULL).
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/seal"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Dialect is the SQL flavour of a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is an open swap database.
type DB struct {
	db *sql.DB
	// rd serves the reads outside a transaction (a swap, its history, its
	// callback, the outcomes): on SQLite a pool of its own, so a reader
	// (an event stream, a poll) never waits for a connection held by a
	// writer queued on the one write lock; on PostgreSQL db itself.
	rd *sql.DB
	// gc is the group commit's own connection on SQLite (nil on
	// PostgreSQL), whose busy timeout is off: see txEager.
	gc      *sql.DB
	dialect Dialect
	now     func() time.Time
	seal    *seal.Sealer
	q       queries
	wc      writeCheck // CheckWrite's last answer (health.go)
	// onChange runs in the transaction of a subscribed swap's status
	// change (OnChangeTx).
	onChange func(ctx context.Context, tx *sql.Tx, id string, seq int) error
	updates  groupCommit // SQLite's UpdateSwap calls, committed together
}

// Options configure Open.
type Options struct {
	Now func() time.Time // time.Now when nil
	// Seal seals the secret of venue orders (swapscout.OrderRef.Secret)
	// before they are written and opens it when they are read, so the
	// database holds only ciphertext. Nil writes secrets in plain text (for
	// tests and read-only uses); a sealed one read without it is an error.
	Seal *seal.Sealer
}

// OpenSQLite opens (creating it and its directory if needed) the SQLite
// database at path and migrates it.
func OpenSQLite(ctx context.Context, path string, o Options) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	// busy_timeout lets writers queue instead of failing; _txlock=immediate
	// takes the write lock when a transaction starts, so two read-then-write
	// transactions cannot deadlock on the upgrade.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=busy_timeout(" + strconv.FormatInt(busyTimeout.Milliseconds(), 10) + ")&_pragma=foreign_keys(ON)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	// One writer at a time is SQLite's rule; a few connections let readers
	// run beside it under WAL. One connection would queue writers in
	// process instead of in SQLite's busy handler (faster push), but a
	// path that writes while it holds a transaction then waits forever:
	// a server restarted after kill -9 hung on its retries that way.
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4) // kept open: each new one runs its pragmas again
	s, err := open(ctx, db, SQLite, o)
	if err != nil {
		return nil, err
	}
	// Readers apart: under WAL they read the last commit beside the writer
	// and never take the write lock, so they need not queue for the
	// writers' connections (each may wait up to busy_timeout for the lock
	// and an fsync): with many swaps changing at once, event streams' reads
	// waited behind polls' and deliveries' writes.
	if s.rd, err = openPool(dsn+"&_pragma=query_only(1)", 8); err != nil {
		db.Close()
		return nil, err
	}
	// The group commit's own connection (busy timeout off: it asks for the
	// write lock itself).
	if s.gc, err = openPool(strings.Replace(dsn, "busy_timeout("+strconv.FormatInt(busyTimeout.Milliseconds(), 10)+")", "busy_timeout(0)", 1), 1); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// openPool opens a pool of at most n connections to the SQLite file of
// dsn, all kept open.
func openPool(dsn string, n int) (*sql.DB, error) {
	p, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	p.SetMaxOpenConns(n)
	p.SetMaxIdleConns(n)
	return p, nil
}

// PostgresConns is how many connections the store holds at most to
// PostgreSQL, per instance. With the tracker's (track.PostgresConns) and
// the feed's (4), two instances fit PostgreSQL's default of 100.
const PostgresConns = 24

// OpenPostgres connects to the PostgreSQL database at url (postgres://…)
// and migrates it; several instances may do so at once (goose takes an
// advisory lock).
func OpenPostgres(ctx context.Context, url string, o Options) (*DB, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	// Every connection kept once opened (database/sql keeps two idle by
	// default): a burst of changes and the event streams' reads then
	// found the pool of two and opened the rest anew, each a TCP
	// connection, a backend forked and its statements prepared again,
	// while the rest queued for a connection. Idle ones go after a while.
	db.SetMaxOpenConns(PostgresConns)
	db.SetMaxIdleConns(PostgresConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return open(ctx, db, Postgres, o)
}

func open(ctx context.Context, db *sql.DB, d Dialect, o Options) (*DB, error) {
	s := &DB{db: db, rd: db, dialect: d, now: o.Now, seal: o.Seal, q: newQueries(d)}
	if s.now == nil {
		s.now = time.Now
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", d, err)
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: migrate: %w", d, err)
	}
	return s, nil
}

func (s *DB) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if s.dialect == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, s.db, sub, opts...)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// Close closes the database.
func (s *DB) Close() error {
	if s.rd != s.db {
		s.rd.Close()
	}
	if s.gc != nil {
		s.gc.Close()
	}
	return s.db.Close()
}

// SQL returns the underlying pool, for components that share the database
// (the job engine).
func (s *DB) SQL() *sql.DB { return s.db }

// Dialect returns the database's SQL flavour.
func (s *DB) Dialect() Dialect { return s.dialect }

// Ping checks that the database answers.
func (s *DB) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

var _ swapscout.SwapStore = (*DB)(nil)

// queries are the statements, rebound to the dialect's placeholders once.
type queries struct {
	reserve, byKey, byID, complete, release, lockStatus, update, lastSeq, addEvent, events string
	unknown, refuse, subscribed                                                            string
}

const swapColumns = `id, idempotency_key, request_hash, quote_id, venue, provider, venue_order_id,
	from_ticker, from_network, to_ticker, to_network, direction, rate_type, rate_id,
	amount_in, amount_out, promised_in, promised_out,
	deposit_address, deposit_memo, payout_address, payout_memo, refund_address, refund_memo,
	status, venue_status, deposit_tx, payout_tx, amount_received, created_at, updated_at, expires_at, deposit_kind,
	create_state, create_deadline, create_note, refused_order, received_doubt` +
	outcomeColumns + legColumns

// outcomeColumns are the columns of what arrived (migration 00005): the
// user's slippage, the refund, and the swap's lateness.
const outcomeColumns = `,
	max_slippage, refund_tx, amount_refunded, late_at, usual_ns, usual_basis`

// legColumns are a composed swap's (migration 00027): its kind, the offer
// taken, the swap the user holds and the member's place, and a route's
// second leg asked again.
const legColumns = `,
	compose, composite, parent_id, leg, rate_checked_at, rate_moved` + partColumns

// partColumns are a split's held swap's (migration 00028): how many parts
// its offer had, and why fewer were created.
const partColumns = `,
	parts_planned, parts_note`

func newQueries(d Dialect) queries {
	forUpdate := ""
	if d == Postgres {
		forUpdate = " FOR UPDATE"
	}
	q := queries{
		reserve: `INSERT INTO swaps (` + swapColumns + `)
			VALUES (?,?,?,?,?,?,?, ?,?,?,?,?,?,?, ?,?,?,?, ?,?,?,?,?,?, ?,?,?,?,?,?,?,?, ?, ?,?,?,?,?, ?,?,?,?,?,?, ?,?,?,?,?,?, ?,?)
			ON CONFLICT (idempotency_key) DO NOTHING`,
		byKey: `SELECT ` + swapColumns + ` FROM swaps WHERE idempotency_key = ?`,
		byID:  `SELECT ` + swapColumns + ` FROM swaps WHERE id = ?`,
		complete: `UPDATE swaps SET venue_order_id = ?, provider = ?, rate_id = ?, promised_in = ?, promised_out = ?,
			deposit_address = ?, deposit_memo = ?, status = ?, venue_status = ?, updated_at = ?, expires_at = ?, create_state = ''
			WHERE id = ? AND venue_order_id = '' AND create_state <> 'refused'`,
		// Only a creation still being asked is released: an unknown one may
		// have an order at the venue, a refused one has.
		release:    `DELETE FROM swaps WHERE id = ? AND venue_order_id = '' AND create_state = ''`,
		unknown:    `UPDATE swaps SET create_state = 'unknown', create_note = ?, updated_at = ? WHERE id = ? AND venue_order_id = '' AND create_state <> 'refused'`,
		refuse:     `UPDATE swaps SET create_state = 'refused', refused_order = ?, create_note = ?, updated_at = ? WHERE id = ? AND venue_order_id = ''`,
		lockStatus: `SELECT status, venue_status, deposit_tx, payout_tx, amount_received, received_doubt, refund_tx, amount_refunded FROM swaps WHERE id = ? AND venue_order_id <> ''` + forUpdate,
		update: `UPDATE swaps SET status = ?, venue_status = ?, deposit_tx = ?, payout_tx = ?, amount_received = ?, received_doubt = ?, refund_tx = ?, amount_refunded = ?, updated_at = ?
			WHERE id = ?`,
		lastSeq:  `SELECT COALESCE(MAX(seq), 0) FROM swap_events WHERE swap_id = ?`,
		addEvent: `INSERT INTO swap_events (swap_id, seq, at, status, venue_status) VALUES (?, ?, ?, ?, ?)`,
		events:   `SELECT at, status, venue_status, late, chain FROM swap_events WHERE swap_id = ? ORDER BY seq`,
		// A swap on its own (neither a composed swap nor one of its legs,
		// whose changes are numbered in the holder's merged history) with
		// a callback URL.
		subscribed: `SELECT 1 FROM swap_callbacks c JOIN swaps s ON s.id = c.swap_id
			WHERE c.swap_id = ? AND s.compose = '' AND s.parent_id = ''`,
	}
	if d == Postgres {
		for _, p := range []*string{&q.reserve, &q.byKey, &q.byID, &q.complete, &q.release, &q.lockStatus, &q.update, &q.lastSeq, &q.addEvent, &q.events, &q.unknown, &q.refuse, &q.subscribed} {
			*p = rebind(*p)
		}
	}
	return q
}

// rebind turns ? placeholders into PostgreSQL's $1, $2, … (our queries
// hold no ? inside literals).
func rebind(q string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// ReserveSwap implements swapscout.SwapStore.
func (s *DB) ReserveSwap(ctx context.Context, sw *swapscout.Swap) (*swapscout.Swap, error) {
	now := s.now()
	res, err := s.db.ExecContext(ctx, s.q.reserve,
		sw.ID, sw.IdempotencyKey, sw.RequestHash, sw.QuoteID, sw.Venue, sw.Provider, "",
		sw.From.Ticker, sw.From.Network, sw.To.Ticker, sw.To.Network, sw.Direction.String(), sw.RateType.String(), sw.RateID,
		amountText(sw.AmountIn), amountText(sw.AmountOut), "0", "0",
		"", "", sw.PayoutAddress, sw.PayoutMemo, sw.RefundAddress, sw.RefundMemo,
		string(swapscout.StatusWaiting), "", "", "", "0", now.UnixNano(), now.UnixNano(), int64(0), depositKind(sw.Deposit),
		"", unixNano(sw.CreateDeadline), "", "", "",
		amountText(sw.MaxSlippage), "", "0", int64(0), int64(0), 0,
		string(sw.Compose), sw.Composite, sw.Parent, sw.Leg, int64(0), "",
		sw.PartsPlanned, sw.PartsNote)
	if err != nil {
		return nil, s.fault("reserve swap", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, s.fault("reserve swap", err)
	} else if n == 1 {
		return nil, nil
	}
	old, err := s.scanOne(s.db.QueryRowContext(ctx, s.q.byKey, sw.IdempotencyKey))
	if err != nil {
		return nil, err
	}
	if old.RequestHash != sw.RequestHash {
		return nil, swapscout.Errorf(swapscout.ECONFLICT, "this Idempotency-Key was used for a different request")
	}
	return old, nil
}

// CompleteSwap implements swapscout.SwapStore.
func (s *DB) CompleteSwap(ctx context.Context, sw *swapscout.Swap) error {
	if sw.VenueOrder.ID == "" {
		return swapscout.Errorf(swapscout.EINVALID, "a swap is complete only with the venue's order id")
	}
	status := sw.Status
	if status == "" {
		status = swapscout.StatusWaiting
	}
	stored, err := s.seal.Seal(sw.ID, sw.VenueOrder)
	if err != nil {
		return &swapscout.Error{Code: swapscout.EINTERNAL, Message: "internal error", Err: err}
	}
	now := s.now()
	return s.tx(ctx, "complete swap", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q.complete, stored, sw.Provider, sw.RateID,
			amountText(sw.PromisedIn), amountText(sw.PromisedOut), sw.DepositAddress, sw.DepositMemo,
			string(status), sw.VenueStatus, now.UnixNano(), unixNano(sw.ExpiresAt), sw.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return swapscout.Errorf(swapscout.ENOTFOUND, "no swap %s is being created", sw.ID)
		}
		_, err = tx.ExecContext(ctx, s.q.addEvent, sw.ID, 1, now.UnixNano(), string(status), sw.VenueStatus)
		return err
	})
}

// ReleaseSwap implements swapscout.SwapStore.
func (s *DB) ReleaseSwap(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, s.q.release, id); err != nil {
		return s.fault("release swap", err)
	}
	return nil
}

// MarkSwapUnknown implements swapscout.SwapStore.
func (s *DB) MarkSwapUnknown(ctx context.Context, id, note string) error {
	return s.setCreation(ctx, "mark swap unknown", s.q.unknown, note, s.now().UnixNano(), id)
}

// RefuseSwap implements swapscout.SwapStore.
func (s *DB) RefuseSwap(ctx context.Context, id, order, note string) error {
	return s.setCreation(ctx, "refuse swap", s.q.refuse, order, note, s.now().UnixNano(), id)
}

// setCreation runs one of the creation updates on a reservation without an
// order; ENOTFOUND when there is none.
func (s *DB) setCreation(ctx context.Context, what, q string, args ...any) error {
	res, err := s.db.ExecContext(ctx, q, args...)
	if err != nil {
		return s.fault(what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return s.fault(what, err)
	} else if n != 1 {
		return swapscout.Errorf(swapscout.ENOTFOUND, "no swap %s is being created", args[len(args)-1])
	}
	return nil
}

// SwapByKey returns the swap reserved or created with an Idempotency-Key,
// or an ENOTFOUND error: a retry is answered even after its quote expired.
func (s *DB) SwapByKey(ctx context.Context, key string) (*swapscout.Swap, error) {
	sw, err := s.scanOne(s.db.QueryRowContext(ctx, s.q.byKey, key))
	return s.withChain(ctx, sw, err)
}

// Swap implements swapscout.SwapStore.
func (s *DB) Swap(ctx context.Context, id string) (*swapscout.Swap, error) {
	if !swapscout.ValidSwapID(id) {
		return nil, errNoSwap
	}
	sw, err := s.scanOne(s.rd.QueryRowContext(ctx, s.q.byID, id))
	return s.withChain(ctx, sw, err)
}

// PublicSwap returns the swap with id as it may be shown: its venue order
// id without the secret part, which is never opened here, so a record
// sealed with another key is still served. Or an ENOTFOUND error.
func (s *DB) PublicSwap(ctx context.Context, id string) (*swapscout.Swap, error) {
	if !swapscout.ValidSwapID(id) {
		return nil, errNoSwap
	}
	sw, err := s.scan(s.rd.QueryRowContext(ctx, s.q.byID, id), false)
	return s.withChain(ctx, sw, err)
}

// UpdateSwap implements swapscout.SwapStore.
func (s *DB) UpdateSwap(ctx context.Context, id string, u swapscout.SwapUpdate, at time.Time) (bool, error) {
	if !swapscout.ValidSwapID(id) {
		return false, errNoSwap
	}
	if s.dialect == SQLite {
		return s.updates.update(s, ctx, id, u, at)
	}
	changed := false
	err := s.tx(ctx, "update swap", func(tx *sql.Tx) error {
		var err error
		changed, err = s.updateTx(ctx, tx, id, u, at)
		return err
	})
	return changed, err
}

// updateTx records update u of swap id, seen at at, in tx; it reports
// whether anything changed.
func (s *DB) updateTx(ctx context.Context, tx *sql.Tx, id string, u swapscout.SwapUpdate, at time.Time) (bool, error) {
	var status, word, depTx, payTx, received, doubt, refTx, refunded string
	err := tx.QueryRowContext(ctx, s.q.lockStatus, id).Scan(&status, &word, &depTx, &payTx, &received, &doubt, &refTx, &refunded)
	if errors.Is(err, sql.ErrNoRows) {
		return false, errNoSwap
	} else if err != nil {
		return false, err
	}
	if swapscout.SwapStatus(status).Terminal() {
		return false, nil
	}
	newStatus, newWord := status, word
	if u.Status != "" {
		newStatus, newWord = string(u.Status), u.VenueStatus
	}
	statusChanged := newStatus != status || newWord != word
	newDep, newPay, newRecv, newDoubt := keep(depTx, u.DepositTx), keep(payTx, u.PayoutTx), received, doubt
	if !u.AmountReceived.IsZero() && u.AmountReceived.Valid() {
		// The amount and its doubt go together: a believed amount
		// clears the doubt of an earlier one.
		newRecv, newDoubt = u.AmountReceived.String(), u.ReceivedDoubt
	}
	newRefTx, newRefunded := keep(refTx, u.RefundTx), refunded
	if !u.AmountRefunded.IsZero() && u.AmountRefunded.Valid() {
		newRefunded = u.AmountRefunded.String()
	}
	if !statusChanged && newDep == depTx && newPay == payTx && newRecv == received && newDoubt == doubt && newRefTx == refTx && newRefunded == refunded {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, s.q.update, newStatus, newWord, newDep, newPay, newRecv, newDoubt, newRefTx, newRefunded, at.UnixNano(), id); err != nil {
		return false, err
	}
	if !statusChanged {
		return true, nil
	}
	var seq int64
	if err := tx.QueryRowContext(ctx, s.q.lastSeq, id).Scan(&seq); err != nil {
		return false, err
	}
	if _, err = tx.ExecContext(ctx, s.q.addEvent, id, seq+1, at.UnixNano(), newStatus, newWord); err != nil {
		return false, err
	}
	if err := s.changedTx(ctx, tx, id, int(seq+1)); err != nil {
		return false, err
	}
	return true, nil
}

// OnChangeTx makes fn run inside the transaction that records each status
// change (number seq, from 1) of a swap subscribed to webhooks, so what fn
// writes (the change's delivery job, on the job engine sharing this
// database) commits with the change or not at all: one commit instead of
// two on the push path, and no crash between them can lose the job. An
// error from fn rolls the change back. Composed swaps and their legs are
// left to the caller's own path (their changes are numbered in the
// holder's merged history). Set it before the store is used; on SQLite
// only, where the job engine's transactions are this pool's.
func (s *DB) OnChangeTx(fn func(ctx context.Context, tx *sql.Tx, id string, seq int) error) {
	s.onChange = fn
}

func (s *DB) changedTx(ctx context.Context, tx *sql.Tx, id string, seq int) error {
	if s.onChange == nil {
		return nil
	}
	var one int
	err := tx.QueryRowContext(ctx, s.q.subscribed, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	return s.onChange(ctx, tx, id, seq)
}

// SwapEvents implements swapscout.SwapStore.
func (s *DB) SwapEvents(ctx context.Context, id string) ([]swapscout.SwapEvent, error) {
	if !swapscout.ValidSwapID(id) {
		return nil, errNoSwap
	}
	rows, err := s.rd.QueryContext(ctx, s.q.events, id)
	if err != nil {
		return nil, s.fault("swap events", err)
	}
	defer rows.Close()
	var out []swapscout.SwapEvent
	for rows.Next() {
		var at, late int64
		var e swapscout.SwapEvent
		var st string
		if err := rows.Scan(&at, &st, &e.VenueStatus, &late, &e.Chain); err != nil {
			return nil, s.fault("swap events", err)
		}
		e.At, e.Status, e.Late = time.Unix(0, at).UTC(), swapscout.SwapStatus(st), late != 0
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("swap events", err)
	}
	return out, nil
}

// tx runs fn in a transaction and commits it; application errors from fn
// pass through, others are faults.
func (s *DB) tx(ctx context.Context, what string, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.fault(what, err)
	}
	return s.finish(tx, what, fn)
}

// finish runs fn in tx and commits it, or rolls it back on fn's error.
func (s *DB) finish(tx *sql.Tx, what string, fn func(*sql.Tx) error) error {
	if err := fn(tx); err != nil {
		tx.Rollback()
		var e *swapscout.Error
		if errors.As(err, &e) {
			return err
		}
		return s.fault(what, err)
	}
	if err := tx.Commit(); err != nil {
		return s.fault(what, err)
	}
	return nil
}

// fault wraps a database error as unavailable: the client hears that the
// store is down, the log gets the cause.
func (s *DB) fault(what string, err error) error {
	return &swapscout.Error{Code: swapscout.EUNAVAILABLE, Message: "the swap database is unavailable", Err: fmt.Errorf("%s: %s: %w", s.dialect, what, err)}
}

// errNoSwap answers an unknown or malformed swap id.
var errNoSwap = swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")

type scanner interface{ Scan(dest ...any) error }

// scanOne reads a swap with its order's secret opened.
func (s *DB) scanOne(row scanner) (*swapscout.Swap, error) { return s.scan(row, true) }

// scan reads a swap; its venue order id's secret is opened when open is
// set, left out otherwise.
func (s *DB) scan(row scanner, open bool) (*swapscout.Swap, error) {
	var sw swapscout.Swap
	var dir, rt, status string
	var in, out, pin, pout, recv string
	var created, updated, expires, deadline int64
	var kind, creation string
	var slip, refunded string
	var lateAt, usual int64
	var order, compose string
	var rateChecked int64
	err := row.Scan(&sw.ID, &sw.IdempotencyKey, &sw.RequestHash, &sw.QuoteID, &sw.Venue, &sw.Provider, &order,
		&sw.From.Ticker, &sw.From.Network, &sw.To.Ticker, &sw.To.Network, &dir, &rt, &sw.RateID,
		&in, &out, &pin, &pout,
		&sw.DepositAddress, &sw.DepositMemo, &sw.PayoutAddress, &sw.PayoutMemo, &sw.RefundAddress, &sw.RefundMemo,
		&status, &sw.VenueStatus, &sw.DepositTx, &sw.PayoutTx, &recv, &created, &updated, &expires, &kind,
		&creation, &deadline, &sw.CreateNote, &sw.RefusedOrder, &sw.ReceivedDoubt,
		&slip, &sw.RefundTx, &refunded, &lateAt, &usual, &sw.UsualBasis,
		&compose, &sw.Composite, &sw.Parent, &sw.Leg, &rateChecked, &sw.RateMoved,
		&sw.PartsPlanned, &sw.PartsNote)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSwap
	} else if err != nil {
		return nil, s.fault("read swap", err)
	}
	var perr error
	sw.Direction, perr = swapscout.ParseDirection(dir)
	sw.RateType, _ = swapscout.ParseRateType(rt)
	sw.Status = swapscout.SwapStatus(status)
	sw.Deposit = swapscout.DepositKind(kind)
	sw.Creation = swapscout.Creation(creation)
	if deadline != 0 {
		sw.CreateDeadline = time.Unix(0, deadline).UTC()
	}
	for _, a := range []struct {
		dst *swapscout.Amount
		s   string
	}{{&sw.AmountIn, in}, {&sw.AmountOut, out}, {&sw.PromisedIn, pin}, {&sw.PromisedOut, pout}, {&sw.AmountReceived, recv},
		{&sw.MaxSlippage, slip}, {&sw.AmountRefunded, refunded}} {
		v, err := swapscout.ParseAmount(a.s)
		if err != nil {
			perr = err
		}
		*a.dst = v
	}
	if perr != nil {
		return nil, s.fault("read swap", fmt.Errorf("swap %s: %w", sw.ID, perr))
	}
	if !open {
		sw.VenueOrder = seal.Public(order)
	} else if sw.VenueOrder, perr = s.seal.Open(sw.ID, order); perr != nil {
		// A key problem, not a database one: the message says which swap
		// and what to check; the stored value is never repeated.
		return nil, &swapscout.Error{Code: swapscout.EUNAVAILABLE,
			Message: "swap " + sw.ID + ": its venue order cannot be read with this server's secret key", Err: perr}
	}
	sw.CreatedAt, sw.UpdatedAt = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	if expires != 0 {
		sw.ExpiresAt = time.Unix(0, expires).UTC()
	}
	if lateAt != 0 {
		sw.LateAt, sw.UsualTime = time.Unix(0, lateAt).UTC(), time.Duration(usual)
	}
	sw.Compose = swapscout.Composition(compose)
	if rateChecked != 0 {
		sw.RateCheckedAt = time.Unix(0, rateChecked).UTC()
	}
	return &sw, nil
}

// depositKind is the stored spelling of a swap's deposit kind: empty is a
// plain transfer.
func depositKind(k swapscout.DepositKind) string {
	if k == "" {
		return string(swapscout.DepositTransfer)
	}
	return string(k)
}

func amountText(a swapscout.Amount) string {
	if !a.Valid() {
		return "0"
	}
	return a.String()
}

func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

// keep returns v when set, else old: an update that does not know a
// transaction id leaves the one already recorded.
func keep(old, v string) string {
	if v == "" {
		return old
	}
	return v
}

// SealCheck counts the open swaps (created, not over) whose order secret
// does not open with this database's key, so a start with the wrong key
// says so at once: those swaps cannot be followed until the key that
// sealed them is back. Their ids are returned, at most ten of them.
func (s *DB) SealCheck(ctx context.Context) (bad int, ids []string, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, venue_order_id FROM swaps WHERE venue_order_id <> ''
		AND status NOT IN ('finished', 'failed', 'refunded', 'expired')`)
	if err != nil {
		return 0, nil, s.fault("seal check", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, stored string
		if err := rows.Scan(&id, &stored); err != nil {
			return 0, nil, s.fault("seal check", err)
		}
		if _, err := s.seal.Open(id, stored); err != nil {
			bad++
			if len(ids) < 10 {
				ids = append(ids, id)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return 0, nil, s.fault("seal check", err)
	}
	return bad, ids, nil
}

// SealPlain seals the order secrets that were written in plain text (by a
// version before sealing, or with no key) and reports how many. It does
// nothing without a key. The old bytes may linger in SQLite's free pages
// until the file is vacuumed.
func (s *DB) SealPlain(ctx context.Context) (n int, err error) {
	if s.seal == nil {
		return 0, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, venue_order_id FROM swaps WHERE venue_order_id LIKE '%:%'`)
	if err != nil {
		return 0, s.fault("seal plain", err)
	}
	type row struct{ id, stored string }
	var plain []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.stored); err != nil {
			rows.Close()
			return 0, s.fault("seal plain", err)
		}
		if !seal.Sealed(r.stored) {
			plain = append(plain, r)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, s.fault("seal plain", err)
	}
	q := s.bind(`UPDATE swaps SET venue_order_id = ? WHERE id = ? AND venue_order_id = ?`)
	for _, r := range plain {
		ref, err := s.seal.Open(r.id, r.stored)
		if err != nil {
			return n, err
		}
		sealed, err := s.seal.Seal(r.id, ref)
		if err != nil {
			return n, err
		}
		res, err := s.db.ExecContext(ctx, q, sealed, r.id, r.stored)
		if err != nil {
			return n, s.fault("seal plain", err)
		}
		if k, _ := res.RowsAffected(); k == 1 {
			n++
		}
	}
	return n, nil
}
