package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/swapscout/swapscout"
)

var _ swapscout.AgentLedger = (*DB)(nil)

// agentSpent sums the grant's spends counted by key since since, read by
// rq (the transaction that will record, or the readers' pool).
func (s *DB) agentSpent(ctx context.Context, rq interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, grant, key string, since time.Time) (swapscout.Amount, error) {
	rows, err := rq.QueryContext(ctx, s.bind(`SELECT asset, amount, usd FROM agent_spends WHERE grant_name = ? AND at >= ?`), grant, since.UnixNano())
	if err != nil {
		return swapscout.Amount{}, err
	}
	defer rows.Close()
	var sum swapscout.Amount
	for rows.Next() {
		var sp swapscout.AgentSpend
		var amount, usd string
		if err := rows.Scan(&sp.Asset, &amount, &usd); err != nil {
			return swapscout.Amount{}, err
		}
		if sp.Amount, err = swapscout.ParseAmount(amount); err != nil {
			return swapscout.Amount{}, err
		}
		if sp.USD, err = swapscout.ParseAmount(usd); err != nil {
			return swapscout.Amount{}, err
		}
		if v, ok := sp.Counts(key); ok {
			sum = sum.Add(v)
		}
	}
	return sum, rows.Err()
}

// ReserveAgentSpend implements swapscout.AgentLedger. The sum and the insert
// are one transaction that no other for the grant runs beside: SQLite's
// write lock is taken when it begins (_txlock=immediate); PostgreSQL takes
// a transaction-scoped advisory lock on the grant's name first.
func (s *DB) ReserveAgentSpend(ctx context.Context, sp swapscout.AgentSpend, key string, value, limit swapscout.Amount, since time.Time) (swapscout.Amount, bool, error) {
	var spent swapscout.Amount
	ok := false
	err := s.tx(ctx, "reserve agent spend", func(tx *sql.Tx) error {
		if s.dialect == Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext('agent_spends:' || $1))`, sp.Grant); err != nil {
				return err
			}
		}
		var err error
		if spent, err = s.agentSpent(ctx, tx, sp.Grant, key, since); err != nil {
			return err
		}
		if spent.Add(value).Cmp(limit) > 0 {
			return nil
		}
		ok = true
		_, err = tx.ExecContext(ctx, s.bind(`INSERT INTO agent_spends (id, grant_name, swap_id, at, asset, amount, usd, venue, receive)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), sp.ID, sp.Grant, sp.SwapID, sp.At.UnixNano(), sp.Asset, sp.Amount.String(), sp.USD.String(), sp.Venue, sp.Receive)
		return err
	})
	if err != nil {
		return swapscout.Amount{}, false, err
	}
	return spent, ok, nil
}

// AgentSpent implements swapscout.AgentLedger.
func (s *DB) AgentSpent(ctx context.Context, grant, key string, since time.Time) (swapscout.Amount, error) {
	sum, err := s.agentSpent(ctx, s.rd, grant, key, since)
	if err != nil {
		return sum, s.fault("agent spent", err)
	}
	return sum, nil
}

// SettleAgentSpend implements swapscout.AgentLedger.
func (s *DB) SettleAgentSpend(ctx context.Context, id, swapID string) error {
	if _, err := s.db.ExecContext(ctx, s.bind(`UPDATE agent_spends SET swap_id = ? WHERE id = ?`), swapID, id); err != nil {
		return s.fault("settle agent spend", err)
	}
	return nil
}

// ReleaseAgentSpend implements swapscout.AgentLedger.
func (s *DB) ReleaseAgentSpend(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, s.bind(`DELETE FROM agent_spends WHERE id = ?`), id); err != nil {
		return s.fault("release agent spend", err)
	}
	return nil
}

// AgentSpends implements swapscout.AgentLedger.
func (s *DB) AgentSpends(ctx context.Context, grant string, limit int) ([]swapscout.AgentSpend, error) {
	rows, err := s.rd.QueryContext(ctx, s.bind(`SELECT id, swap_id, at, asset, amount, usd, venue, receive FROM agent_spends
		WHERE grant_name = ? ORDER BY at DESC, id DESC LIMIT ?`), grant, limit)
	if err != nil {
		return nil, s.fault("agent spends", err)
	}
	defer rows.Close()
	var out []swapscout.AgentSpend
	for rows.Next() {
		sp := swapscout.AgentSpend{Grant: grant}
		var at int64
		var amount, usd string
		if err := rows.Scan(&sp.ID, &sp.SwapID, &at, &sp.Asset, &amount, &usd, &sp.Venue, &sp.Receive); err != nil {
			return nil, s.fault("agent spends", err)
		}
		sp.At = time.Unix(0, at).UTC()
		if sp.Amount, err = swapscout.ParseAmount(amount); err == nil {
			sp.USD, err = swapscout.ParseAmount(usd)
		}
		if err != nil {
			return nil, s.fault("agent spends", err)
		}
		out = append(out, sp)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("agent spends", err)
	}
	return out, nil
}
