package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// What the chain showed of each swap (migration 00023): one row per side
// checked, read with the swap.

const chainColumns = `side, state, source, endpoint, amount, expected, tx_ids, confirmations, required,
	seen_at, checked_at, claimed_at, overdue, note`

// RecordChain records f as what the chain shows of swap id's f.Side, in
// place of what was recorded before. When event is set ("payout
// confirmed"), it also records an event carrying the swap's status and
// word, marked with it, so that streams and webhooks hear of the change.
// A swap not created is ENOTFOUND.
func (s *DB) RecordChain(ctx context.Context, id string, f swapscout.ChainFact, event string, at time.Time) error {
	if !swapscout.ValidSwapID(id) {
		return errNoSwap
	}
	upsert := s.bind(`INSERT INTO swap_chain (swap_id, ` + chainColumns + `) VALUES (?, ?,?,?,?,?,?,?,?,?, ?,?,?,?,?)
		ON CONFLICT (swap_id, side) DO UPDATE SET state = excluded.state, source = excluded.source, endpoint = excluded.endpoint,
		amount = excluded.amount, expected = excluded.expected, tx_ids = excluded.tx_ids, confirmations = excluded.confirmations,
		required = excluded.required, seen_at = excluded.seen_at, checked_at = excluded.checked_at, claimed_at = excluded.claimed_at,
		overdue = excluded.overdue, note = excluded.note`)
	read := s.bind(`SELECT status, venue_status FROM swaps WHERE id = ? AND venue_order_id <> ''`)
	addEvent := s.bind(`INSERT INTO swap_events (swap_id, seq, at, status, venue_status, chain) VALUES (?, ?, ?, ?, ?, ?)`)
	overdue := 0
	if f.Overdue {
		overdue = 1
	}
	return s.tx(ctx, "record chain fact", func(tx *sql.Tx) error {
		var status, word string
		err := tx.QueryRowContext(ctx, read, id).Scan(&status, &word)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoSwap
		} else if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, upsert, id, f.Side, f.State, f.Source, f.Endpoint, amountText(f.Amount), amountText(f.Expected),
			strings.Join(f.TxIDs, " "), f.Confirmations, f.Required, unixNano(f.SeenAt), unixNano(f.CheckedAt), unixNano(f.ClaimedAt),
			overdue, f.Note); err != nil {
			return err
		}
		if event == "" {
			return nil
		}
		var seq int64
		if err := tx.QueryRowContext(ctx, s.q.lastSeq, id).Scan(&seq); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, addEvent, id, seq+1, at.UnixNano(), status, word, event)
		return err
	})
}

// chainFacts reads what the chain showed of swap id, in
// swapscout.ChainSides order.
func (s *DB) chainFacts(ctx context.Context, id string) ([]swapscout.ChainFact, error) {
	rows, err := s.rd.QueryContext(ctx, s.bind(`SELECT `+chainColumns+` FROM swap_chain WHERE swap_id = ?`), id)
	if err != nil {
		return nil, s.fault("read chain facts", err)
	}
	defer rows.Close()
	var sw swapscout.Swap
	for rows.Next() {
		f, err := scanFact(rows)
		if err != nil {
			return nil, s.fault("read chain facts", fmt.Errorf("swap %s: %w", id, err))
		}
		sw.SetChainFact(f)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fault("read chain facts", err)
	}
	return sw.Chain, nil
}

func scanFact(row scanner) (swapscout.ChainFact, error) {
	var f swapscout.ChainFact
	var amount, expected, txids string
	var seen, checked, claimed, overdue int64
	if err := row.Scan(&f.Side, &f.State, &f.Source, &f.Endpoint, &amount, &expected, &txids, &f.Confirmations, &f.Required,
		&seen, &checked, &claimed, &overdue, &f.Note); err != nil {
		return f, err
	}
	var err error
	if f.Amount, err = swapscout.ParseAmount(amount); err != nil {
		return f, err
	}
	if f.Expected, err = swapscout.ParseAmount(expected); err != nil {
		return f, err
	}
	f.TxIDs = strings.Fields(txids)
	f.SeenAt, f.CheckedAt, f.ClaimedAt = timeOrZero(seen), timeOrZero(checked), timeOrZero(claimed)
	f.Overdue = overdue != 0
	return f, nil
}

func timeOrZero(ns int64) time.Time {
	if ns == 0 {
		return time.Time{}
	}
	return time.Unix(0, ns).UTC()
}

// withChain adds the chain facts to a swap just read.
func (s *DB) withChain(ctx context.Context, sw *swapscout.Swap, err error) (*swapscout.Swap, error) {
	if err != nil {
		return nil, err
	}
	if sw.Chain, err = s.chainFacts(ctx, sw.ID); err != nil {
		return nil, err
	}
	return sw, nil
}
