package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/swapscout/swapscout"
)

var _ swapscout.SwapForgetter = (*DB)(nil)

// forgettable selects the swaps over and last changed before the cutoff that
// are not anonymised yet. The statuses are swapscout.SwapStatus.Terminal's.
const forgettable = `status IN ('finished', 'failed', 'refunded', 'expired') AND updated_at < ? AND venue_order_id <> '` + swapscout.ForgottenOrder + `'`

// forget erases everything that could lead back to a person; what the
// accuracy and outcome figures read stays. The idempotency key stays unique
// (its column is): it becomes the swap's own id, marked.
const forget = `UPDATE swaps SET idempotency_key = 'forgotten:' || id, request_hash = '', quote_id = '',
	venue_order_id = '` + swapscout.ForgottenOrder + `', rate_id = '',
	deposit_address = '', deposit_memo = '', payout_address = '', payout_memo = '', refund_address = '', refund_memo = '',
	deposit_tx = '', payout_tx = '', refund_tx = '', create_note = '', refused_order = ''
	WHERE ` + forgettable

// ForgetSwaps implements swapscout.SwapForgetter, on both databases: the
// callback URLs of the swaps it forgets are deleted, then the swaps
// anonymised, in one transaction.
func (s *DB) ForgetSwaps(ctx context.Context, before time.Time) (int, error) {
	cut := unixNano(before)
	delCallbacks, upd := `DELETE FROM swap_callbacks WHERE swap_id IN (SELECT id FROM swaps WHERE `+forgettable+`)`, forget
	if s.dialect == Postgres {
		delCallbacks, upd = rebind(delCallbacks), rebind(upd)
	}
	var n int64
	err := s.tx(ctx, "forget swaps", func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, delCallbacks, cut); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, upd, cut)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
