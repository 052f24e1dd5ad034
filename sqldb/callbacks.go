package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Callback subscriptions (webhooks): one row per swap with a callback URL,
// the number of its status changes already delivered, and a lease so that
// one delivery at a time runs per swap, in order.

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

// LeaseCallback takes swap id's delivery lease until until, unless another
// holds it past now; it reports whether it was taken.
func (s *DB) LeaseCallback(ctx context.Context, id string, now, until time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.bind(`UPDATE swap_callbacks SET lease_until = ? WHERE swap_id = ? AND lease_until < ?`),
		until.UnixNano(), id, now.UnixNano())
	if err != nil {
		return false, s.fault("lease callback", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, s.fault("lease callback", err)
	}
	return n == 1, nil
}

// AdvanceCallback records that swap id's changes up to seq were delivered
// (or given up); it never moves backwards.
func (s *DB) AdvanceCallback(ctx context.Context, id string, seq int) error {
	if _, err := s.db.ExecContext(ctx, s.bind(`UPDATE swap_callbacks SET delivered_seq = ? WHERE swap_id = ? AND delivered_seq < ?`), seq, id, seq); err != nil {
		return s.fault("advance callback", err)
	}
	return nil
}

// ReleaseCallback gives swap id's delivery lease back.
func (s *DB) ReleaseCallback(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, s.bind(`UPDATE swap_callbacks SET lease_until = 0 WHERE swap_id = ?`), id); err != nil {
		return s.fault("release callback", err)
	}
	return nil
}

// bind rebinds q to the dialect's placeholders.
func (s *DB) bind(q string) string {
	if s.dialect == Postgres {
		return rebind(q)
	}
	return q
}
