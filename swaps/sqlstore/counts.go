package sqlstore

import (
	"context"
	"strings"

	"github.com/swapscout/swapscout"
)

// openCounts counts the created swaps not yet over by status. Its WHERE
// holds the partial index swaps_open's condition, so the count can read
// that index (on status) instead of the table.
var openCounts = func() string {
	var over []string
	for _, s := range swapscout.SwapStatuses {
		if s.Terminal() {
			over = append(over, "'"+string(s)+"'")
		}
	}
	return `SELECT status, COUNT(*) FROM swaps WHERE venue_order_id <> ''
		AND status NOT IN (` + strings.Join(over, ", ") + `) GROUP BY status`
}()

// OpenSwapCounts returns how many created swaps are not yet over, by
// status (a metric read at scrape time): one grouped count, whatever the
// number of swaps.
func (s *DB) OpenSwapCounts(ctx context.Context) (map[swapscout.SwapStatus]int, error) {
	rows, err := s.rd.QueryContext(ctx, openCounts)
	if err != nil {
		return nil, s.fault("open swap counts", err)
	}
	defer rows.Close()
	counts := map[swapscout.SwapStatus]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, s.fault("open swap counts", err)
		}
		counts[swapscout.SwapStatus(st)] += n
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("open swap counts", err)
	}
	return counts, nil
}
