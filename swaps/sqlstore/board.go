package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/swapscout/swapscout"
)

// BoardSwaps returns every swap created since since (with a venue order),
// as the outcome board counts it: its status, whether it was held or late,
// its deposit and payout times, what the chain showed of its payout, and
// its pair and size class (its amounts are read to place it in a bracket,
// swapscout.BracketOf, and not returned). Nothing else of any person
// (address, transaction) is read.
func (s *DB) BoardSwaps(ctx context.Context, since time.Time) ([]swapscout.BoardSwap, error) {
	q := s.bind(`SELECT s.venue, s.status, s.max_slippage, s.late_at,
		CASE WHEN EXISTS (SELECT 1 FROM swap_events h WHERE h.swap_id = s.id AND h.status = 'held') THEN 1 ELSE 0 END,
		COALESCE((SELECT MIN(e.at) FROM swap_events e WHERE e.swap_id = s.id
			AND e.status IN ('confirming', 'exchanging', 'sending', 'held', 'action_required', 'refunding')), 0),
		COALESCE((SELECT MIN(e.at) FROM swap_events e WHERE e.swap_id = s.id AND e.status = 'finished'), 0),
		COALESCE(c.state, ''), COALESCE(c.source, ''), COALESCE(c.amount, '0'), COALESCE(c.expected, '0'), COALESCE(c.overdue, 0),
		s.from_ticker, s.from_network, s.to_ticker, s.to_network, s.amount_in, s.amount_out
		FROM swaps s LEFT JOIN swap_chain c ON c.swap_id = s.id AND c.side = 'payout'
		WHERE s.venue_order_id <> '' AND s.created_at >= ?`)
	return readRows(ctx, s, "board", func(rows *sql.Rows) (swapscout.BoardSwap, error) {
		var b swapscout.BoardSwap
		var status, slip, amount, expected, sentIn, gotOut string
		var late, held, dep, paid, overdue int64
		if err := rows.Scan(&b.Venue, &status, &slip, &late, &held, &dep, &paid,
			&b.Payout.State, &b.Payout.Source, &amount, &expected, &overdue,
			&b.From.Ticker, &b.From.Network, &b.To.Ticker, &b.To.Network, &sentIn, &gotOut); err != nil {
			return b, err
		}
		var perr error
		if b.MaxSlippage, perr = swapscout.ParseAmount(slip); perr == nil {
			if b.Payout.Amount, perr = swapscout.ParseAmount(amount); perr == nil {
				b.Payout.Expected, perr = swapscout.ParseAmount(expected)
			}
		}
		if perr != nil {
			return b, fmt.Errorf("bad amount: %w", perr)
		}
		// An amount unreadable only leaves the swap out of the brackets.
		ain, _ := swapscout.ParseAmount(sentIn)
		aout, _ := swapscout.ParseAmount(gotOut)
		b.Bracket = swapscout.BracketOf(b.From, ain, b.To, aout)
		b.Status, b.Late, b.Held, b.Payout.Overdue = swapscout.SwapStatus(status), late != 0, held != 0, overdue != 0
		b.DepositAt, b.PaidAt = timeOrZero(dep), timeOrZero(paid)
		b.Payout.Side = swapscout.ChainPayout
		return b, nil
	}, q, since.UnixNano())
}

// readRows runs the read q with args on the read pool and reads every row
// with scan; what names the read in a fault.
func readRows[T any](ctx context.Context, s *DB, what string, scan func(*sql.Rows) (T, error), q string, args ...any) ([]T, error) {
	rows, err := s.rd.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, s.fault(what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, s.fault(what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault(what, err)
	}
	return out, nil
}
