package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
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
	read := s.bind(`SELECT status, venue_status FROM swaps WHERE id = ? AND venue_order_id <> ''`)
	return s.tx(ctx, "record chain fact", func(tx *sql.Tx) error {
		var status, word string
		err := tx.QueryRowContext(ctx, read, id).Scan(&status, &word)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoSwap
		} else if err != nil {
			return err
		}
		if err := s.upsertFact(ctx, tx, id, f); err != nil {
			return err
		}
		if event == "" {
			return nil
		}
		return s.chainEvent(ctx, tx, id, status, word, event, at)
	})
}

// FinishOnChain ends swap id as finished on the chain's word, when its
// status is still one of from: f (the payout the chain shows) is recorded,
// its amount as the amount received (the doubt of an earlier one
// cleared), its transaction as the payout's when none was named, and the
// event that says finished carries source as its chain mark, beside the
// venue's word as it stands. finished is false, and nothing is changed,
// when the swap has moved on meanwhile. A swap not created is ENOTFOUND.
func (s *DB) FinishOnChain(ctx context.Context, id string, f swapscout.ChainFact, from []swapscout.SwapStatus, source string, at time.Time) (finished bool, err error) {
	if !swapscout.ValidSwapID(id) {
		return false, errNoSwap
	}
	err = s.tx(ctx, "finish on chain", func(tx *sql.Tx) error {
		var status, word, depTx, payTx, received, doubt, refTx, refunded string
		err := tx.QueryRowContext(ctx, s.q.lockStatus, id).Scan(&status, &word, &depTx, &payTx, &received, &doubt, &refTx, &refunded)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoSwap
		} else if err != nil {
			return err
		}
		if !slices.Contains(from, swapscout.SwapStatus(status)) {
			return nil
		}
		if payTx == "" && len(f.TxIDs) > 0 {
			payTx = f.TxIDs[0]
		}
		done := string(swapscout.StatusFinished)
		if _, err := tx.ExecContext(ctx, s.q.update, done, word, depTx, payTx, f.Amount.String(), "", refTx, refunded, at.UnixNano(), id); err != nil {
			return err
		}
		if err := s.upsertFact(ctx, tx, id, f); err != nil {
			return err
		}
		finished = true
		return s.chainEvent(ctx, tx, id, done, word, source, at)
	})
	return finished, err
}

// upsertFact records f as what the chain shows of swap id's f.Side, in
// place of what was recorded before.
func (s *DB) upsertFact(ctx context.Context, tx *sql.Tx, id string, f swapscout.ChainFact) error {
	upsert := s.bind(`INSERT INTO swap_chain (swap_id, ` + chainColumns + `) VALUES (?, ?,?,?,?,?,?,?,?,?, ?,?,?,?,?)
		ON CONFLICT (swap_id, side) DO UPDATE SET state = excluded.state, source = excluded.source, endpoint = excluded.endpoint,
		amount = excluded.amount, expected = excluded.expected, tx_ids = excluded.tx_ids, confirmations = excluded.confirmations,
		required = excluded.required, seen_at = excluded.seen_at, checked_at = excluded.checked_at, claimed_at = excluded.claimed_at,
		overdue = excluded.overdue, note = excluded.note`)
	overdue := 0
	if f.Overdue {
		overdue = 1
	}
	_, err := tx.ExecContext(ctx, upsert, id, f.Side, f.State, f.Source, f.Endpoint, amountText(f.Amount), amountText(f.Expected),
		strings.Join(f.TxIDs, " "), f.Confirmations, f.Required, unixNano(f.SeenAt), unixNano(f.CheckedAt), unixNano(f.ClaimedAt),
		overdue, f.Note)
	return err
}

// chainEvent adds to swap id's history an event in status and word,
// marked with the chain's event.
func (s *DB) chainEvent(ctx context.Context, tx *sql.Tx, id, status, word, event string, at time.Time) error {
	var seq int64
	if err := tx.QueryRowContext(ctx, s.q.lastSeq, id).Scan(&seq); err != nil {
		return err
	}
	addEvent := s.bind(`INSERT INTO swap_events (swap_id, seq, at, status, venue_status, chain) VALUES (?, ?, ?, ?, ?, ?)`)
	_, err := tx.ExecContext(ctx, addEvent, id, seq+1, at.UnixNano(), status, word, event)
	return err
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
