-- +goose Up
-- What the chain showed of each swap's deposit, payout and refund
-- (swapscout.ChainFact), one row per side checked. Amounts are exact
-- decimal strings, times unix nanoseconds (0: unknown); tx_ids is the
-- matched transactions, space-separated, oldest first. overdue: the venue
-- said the transfer was made and, past its network's grace, the chain did
-- not show it settled. swap_events.chain marks the event that recorded a
-- change of what the chain shows ("payout confirmed"), the swap's status
-- and word unchanged.
CREATE TABLE swap_chain (
    swap_id        TEXT NOT NULL REFERENCES swaps (id) ON DELETE CASCADE,
    side           TEXT NOT NULL,
    state          TEXT NOT NULL,
    source         TEXT NOT NULL,
    endpoint       TEXT NOT NULL DEFAULT '',
    amount         TEXT NOT NULL DEFAULT '0',
    expected       TEXT NOT NULL DEFAULT '0',
    tx_ids         TEXT NOT NULL DEFAULT '',
    confirmations  BIGINT NOT NULL DEFAULT 0,
    required       BIGINT NOT NULL DEFAULT 0,
    seen_at        BIGINT NOT NULL DEFAULT 0,
    checked_at     BIGINT NOT NULL,
    claimed_at     BIGINT NOT NULL DEFAULT 0,
    overdue        INTEGER NOT NULL DEFAULT 0,
    note           TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (swap_id, side)
);
ALTER TABLE swap_events ADD COLUMN chain TEXT NOT NULL DEFAULT '';

-- +goose Down
DELETE FROM swap_events WHERE chain <> '';
ALTER TABLE swap_events DROP COLUMN chain;
DROP TABLE swap_chain;
