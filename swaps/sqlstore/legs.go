package sqlstore

import (
	"context"
	"time"

	"github.com/swapscout/swapscout"
)

var _ swapscout.MemberStore = (*DB)(nil)

// SwapMembers returns the other members of the composed swap the user holds
// as parent (a route's second leg, a split's other parts), in leg order,
// with their venue orders' secrets opened; none for a direct swap.
func (s *DB) SwapMembers(ctx context.Context, parent string) ([]*swapscout.Swap, error) {
	if !swapscout.ValidSwapID(parent) {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, s.bind(`SELECT `+swapColumns+` FROM swaps WHERE parent_id = ? ORDER BY leg`), parent)
	if err != nil {
		return nil, s.fault("read swap members", err)
	}
	defer rows.Close()
	var out []*swapscout.Swap
	for rows.Next() {
		sw, err := s.scanOne(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sw)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("read swap members", err)
	}
	return out, nil
}

// MarkRateChecked records that swap id's rate was asked again at time at,
// and moved (the user's words; "" when within the slippage). Only the first
// check is kept: marked is false when one was recorded already.
func (s *DB) MarkRateChecked(ctx context.Context, id string, at time.Time, moved string) (marked bool, err error) {
	res, err := s.db.ExecContext(ctx, s.bind(`UPDATE swaps SET rate_checked_at = ?, rate_moved = ?, updated_at = ?
		WHERE id = ? AND rate_checked_at = 0 AND venue_order_id <> ''`), at.UnixNano(), moved, s.now().UnixNano(), id)
	if err != nil {
		return false, s.fault("mark rate checked", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, s.fault("mark rate checked", err)
	}
	return n == 1, nil
}

// SetPayout sets where a reservation's order pays out, before its venue is
// asked: a route's first leg learns it (the second leg's deposit address)
// only once the second leg's order exists. ENOTFOUND when no reservation
// without an order has id.
func (s *DB) SetPayout(ctx context.Context, id, addr, memo string) error {
	return s.updateSwap(ctx, "set payout", `UPDATE swaps SET payout_address = ?, payout_memo = ?, updated_at = ?
		WHERE id = ? AND venue_order_id = ''`, addr, memo, s.now().UnixNano(), id)
}

// NoteParts records on a split's held swap id why it has fewer parts than
// its offer had (the user's words). ENOTFOUND when no swap has id.
func (s *DB) NoteParts(ctx context.Context, id, note string) error {
	return s.updateSwap(ctx, "note parts", `UPDATE swaps SET parts_note = ?, updated_at = ? WHERE id = ?`, note, s.now().UnixNano(), id)
}

// updateSwap runs the update q (in ? form) with args; ENOTFOUND when it
// changed no swap.
func (s *DB) updateSwap(ctx context.Context, what, q string, args ...any) error {
	res, err := s.db.ExecContext(ctx, s.bind(q), args...)
	if err != nil {
		return s.fault(what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return s.fault(what, err)
	} else if n == 0 {
		return errNoSwap
	}
	return nil
}
