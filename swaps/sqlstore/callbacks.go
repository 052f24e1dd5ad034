package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Callback subscriptions (webhooks): one row per swap with a callback URL,
// the number of its status changes already delivered, and a lease so that
// one delivery at a time runs per swap, in order. lease_until (unix
// nanoseconds) is positive while a delivery runs, until then; negative
// after a failed delivery, the end of the swap's back-off, before which no
// delivery may start; 0 when free. The sole instance on a SQLite file
// keeps its leases in memory instead (package track's memLeases) and
// writes here only the back-off and the progress, with ReleaseCallback.

// SetCallback subscribes url to swap id's changes after the first
// delivered ones (the changes it already had). A second call keeps the first.
func (s *DB) SetCallback(ctx context.Context, id, url string, delivered int) error {
	q := `INSERT INTO swap_callbacks (swap_id, url, delivered_seq) VALUES (?, ?, ?) ON CONFLICT (swap_id) DO NOTHING`
	if _, err := s.db.ExecContext(ctx, s.bind(q), id, url, delivered); err != nil {
		return s.fault("set callback", err)
	}
	return nil
}

// Callback returns swap id's callback URL and how many changes were
// delivered; url is empty when it has none.
func (s *DB) Callback(ctx context.Context, id string) (url string, delivered int, err error) {
	err = s.rd.QueryRowContext(ctx, s.bind(`SELECT url, delivered_seq FROM swap_callbacks WHERE swap_id = ?`), id).Scan(&url, &delivered)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, nil
	} else if err != nil {
		return "", 0, s.fault("read callback", err)
	}
	return url, delivered, nil
}

// LeaseCallback takes swap id's delivery lease until until, unless a
// delivery holds it past now or the swap backs off past now; it reports
// whether it was taken, and when not, the end of the back-off (zero while
// a delivery runs).
func (s *DB) LeaseCallback(ctx context.Context, id string, now, until time.Time) (bool, time.Time, error) {
	res, err := s.db.ExecContext(ctx, s.bind(`UPDATE swap_callbacks SET lease_until = ? WHERE swap_id = ? AND abs(lease_until) < ?`),
		until.UnixNano(), id, now.UnixNano())
	if err != nil {
		return false, time.Time{}, s.fault("lease callback", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, time.Time{}, s.fault("lease callback", err)
	}
	if n == 1 {
		return true, time.Time{}, nil
	}
	var held int64
	err = s.rd.QueryRowContext(ctx, s.bind(`SELECT lease_until FROM swap_callbacks WHERE swap_id = ?`), id).Scan(&held)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, time.Time{}, nil
	case err != nil:
		return false, time.Time{}, s.fault("lease callback", err)
	case held < 0:
		return false, time.Unix(0, -held), nil
	}
	return false, time.Time{}, nil
}

// AdvanceCallback records that swap id's changes up to seq were delivered
// (or given up); it never moves backwards.
func (s *DB) AdvanceCallback(ctx context.Context, id string, seq int) error {
	if _, err := s.db.ExecContext(ctx, s.bind(`UPDATE swap_callbacks SET delivered_seq = ? WHERE swap_id = ? AND delivered_seq < ?`), seq, id, seq); err != nil {
		return s.fault("advance callback", err)
	}
	return nil
}

// ReleaseCallback gives swap id's delivery lease back and records, in the
// same write, that its changes up to delivered were delivered (never
// backwards; 0 records nothing); with a non-zero notBefore no delivery may
// take the lease before then (the swap's back-off). One write instead of an
// advance and a release: on SQLite each is a commit (an fsync) behind the
// one write lock, on the path of every change pushed.
func (s *DB) ReleaseCallback(ctx context.Context, id string, delivered int, notBefore time.Time) error {
	q := `UPDATE swap_callbacks SET lease_until = ?,
		delivered_seq = CASE WHEN delivered_seq < ? THEN ? ELSE delivered_seq END WHERE swap_id = ?`
	if _, err := s.db.ExecContext(ctx, s.bind(q), -unixNano(notBefore), delivered, delivered, id); err != nil {
		return s.fault("release callback", err)
	}
	return nil
}

// CallbackBackoff returns the end of swap id's back-off when it is after
// now (zero otherwise), read without a write: what a lease kept in memory
// (one instance on the database) still has to respect after a restart.
func (s *DB) CallbackBackoff(ctx context.Context, id string, now time.Time) (time.Time, error) {
	var held int64
	err := s.rd.QueryRowContext(ctx, s.bind(`SELECT lease_until FROM swap_callbacks WHERE swap_id = ?`), id).Scan(&held)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return time.Time{}, nil
	case err != nil:
		return time.Time{}, s.fault("read callback back-off", err)
	case held < 0 && -held > now.UnixNano():
		return time.Unix(0, -held), nil
	}
	return time.Time{}, nil
}

// bind rebinds q to the dialect's placeholders.
func (s *DB) bind(q string) string {
	if s.dialect == Postgres {
		return rebind(q)
	}
	return q
}
