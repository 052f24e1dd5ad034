package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/swapscout/swapscout"
)

// Outcomes returns, for the venues' accuracy figures, what every swap
// finished since since delivered against its venue's promise, with the
// times of its deposit (its first status on the way to the payout:
// swapscout.SwapStatus.DepositSeen) and its payout (finished); and every
// other swap changed since since that its venue held for verification, with
// its status. An amount received the swap service doubted (received_doubt) is
// read as unknown: the venue's implausible claim never counts for or against it.
func (s *DB) Outcomes(ctx context.Context, since time.Time) ([]swapscout.SwapOutcome, error) {
	const held = `EXISTS (SELECT 1 FROM swap_events h WHERE h.swap_id = s.id AND h.status = 'held')`
	q := s.bind(`SELECT s.venue, s.status, s.promised_out, CASE WHEN s.received_doubt = '' THEN s.amount_received ELSE '0' END, s.max_slippage,
		COALESCE((SELECT MIN(e.at) FROM swap_events e WHERE e.swap_id = s.id
			AND e.status IN ('confirming', 'exchanging', 'sending', 'held', 'action_required', 'refunding')), 0),
		COALESCE((SELECT MIN(e.at) FROM swap_events e WHERE e.swap_id = s.id AND e.status = 'finished'), s.updated_at),
		CASE WHEN ` + held + ` THEN 1 ELSE 0 END
		FROM swaps s WHERE s.updated_at >= ? AND (s.status = 'finished' OR ` + held + `)`)
	return readRows(ctx, s, "outcomes", func(rows *sql.Rows) (swapscout.SwapOutcome, error) {
		var o swapscout.SwapOutcome
		var status, promised, received, slip string
		var dep, paid, wasHeld int64
		if err := rows.Scan(&o.Venue, &status, &promised, &received, &slip, &dep, &paid, &wasHeld); err != nil {
			return o, err
		}
		var perr error
		o.Status, o.Held = swapscout.SwapStatus(status), wasHeld != 0
		if o.Promised, perr = swapscout.ParseAmount(promised); perr == nil {
			if o.Received, perr = swapscout.ParseAmount(received); perr == nil {
				o.MaxSlippage, perr = swapscout.ParseAmount(slip)
			}
		}
		if perr != nil {
			return o, fmt.Errorf("bad amount: %w", perr)
		}
		if dep != 0 {
			o.DepositAt = time.Unix(0, dep).UTC()
		}
		if o.Status == swapscout.StatusFinished {
			o.PaidAt = time.Unix(0, paid).UTC()
		}
		return o, nil
	}, q, since.UnixNano())
}

// MarkLate marks swap id late at at: past its venue's usual time from
// deposit to payout, usual, which came from basis of the venue's finished
// swaps (0: the default). It records an event carrying the swap's status
// and word, marked late, so that streams and webhooks hear of it, and
// reports whether it marked anything: a swap already late, over, not
// created or unknown is left as it is.
func (s *DB) MarkLate(ctx context.Context, id string, at time.Time, usual time.Duration, basis int) (marked bool, err error) {
	if !swapscout.ValidSwapID(id) {
		return false, errNoSwap
	}
	mark := s.bind(`UPDATE swaps SET late_at = ?, usual_ns = ?, usual_basis = ?, updated_at = ?
		WHERE id = ? AND late_at = 0 AND venue_order_id <> '' AND status NOT IN ('finished', 'failed', 'refunded', 'expired')`)
	read := s.bind(`SELECT status, venue_status FROM swaps WHERE id = ?`)
	addLate := s.bind(`INSERT INTO swap_events (swap_id, seq, at, status, venue_status, late) VALUES (?, ?, ?, ?, ?, 1)`)
	err = s.tx(ctx, "mark late", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, mark, at.UnixNano(), int64(usual), basis, at.UnixNano(), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		var status, word string
		var seq int64
		if err := tx.QueryRowContext(ctx, read, id).Scan(&status, &word); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, s.q.lastSeq, id).Scan(&seq); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, addLate, id, seq+1, at.UnixNano(), status, word); err != nil {
			return err
		}
		marked = true
		return nil
	})
	return marked, err
}

// OpenSwaps returns the ids of the created swaps not yet over, for a
// tracker to make sure each is followed. A composed swap's member still open
// gives the swap the user holds, whose polls walk every member.
func (s *DB) OpenSwaps(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT CASE WHEN parent_id <> '' THEN parent_id ELSE id END FROM swaps
		WHERE venue_order_id <> '' AND status NOT IN ('finished', 'failed', 'refunded', 'expired')`)
	if err != nil {
		return nil, s.fault("open swaps", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, s.fault("open swaps", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("open swaps", err)
	}
	return ids, nil
}
