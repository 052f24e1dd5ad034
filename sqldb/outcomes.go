package sqldb

import (
	"context"
	"fmt"
	"time"

	"github.com/swapscout/swapscout"
)

// Outcomes returns what every swap finished since since delivered against
// its venue's promise, with the times of its deposit (its first change to
// confirming, exchanging or sending) and its payout (finished), for the
// venues' accuracy figures. An amount received the swap service doubted
// (received_doubt) is read as unknown: the venue's implausible claim never
// counts for or against it.
func (s *DB) Outcomes(ctx context.Context, since time.Time) ([]swapscout.SwapOutcome, error) {
	q := s.bind(`SELECT s.venue, s.promised_out, CASE WHEN s.received_doubt = '' THEN s.amount_received ELSE '0' END,
		COALESCE((SELECT MIN(e.at) FROM swap_events e WHERE e.swap_id = s.id AND e.status IN ('confirming', 'exchanging', 'sending')), 0),
		COALESCE((SELECT MIN(e.at) FROM swap_events e WHERE e.swap_id = s.id AND e.status = 'finished'), s.updated_at)
		FROM swaps s WHERE s.status = 'finished' AND s.updated_at >= ?`)
	rows, err := s.rd.QueryContext(ctx, q, since.UnixNano())
	if err != nil {
		return nil, s.fault("outcomes", err)
	}
	defer rows.Close()
	var out []swapscout.SwapOutcome
	for rows.Next() {
		var o swapscout.SwapOutcome
		var promised, received string
		var dep, paid int64
		if err := rows.Scan(&o.Venue, &promised, &received, &dep, &paid); err != nil {
			return nil, s.fault("outcomes", err)
		}
		var perr error
		if o.Promised, perr = swapscout.ParseAmount(promised); perr == nil {
			o.Received, perr = swapscout.ParseAmount(received)
		}
		if perr != nil {
			return nil, s.fault("outcomes", fmt.Errorf("bad amount: %w", perr))
		}
		if dep != 0 {
			o.DepositAt = time.Unix(0, dep).UTC()
		}
		o.PaidAt = time.Unix(0, paid).UTC()
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("outcomes", err)
	}
	return out, nil
}

// OpenSwaps returns the ids of the created swaps not yet over, for a
// tracker to make sure each is followed.
func (s *DB) OpenSwaps(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM swaps WHERE venue_order_id <> ''
		AND status NOT IN ('finished', 'failed', 'refunded', 'expired')`)
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
