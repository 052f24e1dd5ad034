-- +goose Up
-- One schema for SQLite and PostgreSQL (SQLite gives BIGINT integer affinity).
-- Amounts are exact decimal strings; times are unix nanoseconds (0: unknown).
CREATE TABLE swaps (
    id               TEXT PRIMARY KEY,
    idempotency_key  TEXT NOT NULL UNIQUE,
    request_hash     TEXT NOT NULL,
    quote_id         TEXT NOT NULL,
    venue            TEXT NOT NULL,
    provider         TEXT NOT NULL DEFAULT '',
    venue_order_id   TEXT NOT NULL DEFAULT '',
    from_ticker      TEXT NOT NULL,
    from_network     TEXT NOT NULL,
    to_ticker        TEXT NOT NULL,
    to_network       TEXT NOT NULL,
    direction        TEXT NOT NULL,
    rate_type        TEXT NOT NULL,
    rate_id          TEXT NOT NULL DEFAULT '',
    amount_in        TEXT NOT NULL,
    amount_out       TEXT NOT NULL,
    promised_in      TEXT NOT NULL DEFAULT '0',
    promised_out     TEXT NOT NULL DEFAULT '0',
    deposit_address  TEXT NOT NULL DEFAULT '',
    deposit_memo     TEXT NOT NULL DEFAULT '',
    payout_address   TEXT NOT NULL,
    payout_memo      TEXT NOT NULL DEFAULT '',
    refund_address   TEXT NOT NULL DEFAULT '',
    refund_memo      TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL,
    venue_status     TEXT NOT NULL DEFAULT '',
    deposit_tx       TEXT NOT NULL DEFAULT '',
    payout_tx        TEXT NOT NULL DEFAULT '',
    amount_received  TEXT NOT NULL DEFAULT '0',
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    expires_at       BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX swaps_open ON swaps (status) WHERE venue_order_id <> '';

CREATE TABLE swap_events (
    swap_id       TEXT NOT NULL REFERENCES swaps (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    at            BIGINT NOT NULL,
    status        TEXT NOT NULL,
    venue_status  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (swap_id, seq)
);

-- +goose Down
DROP TABLE swap_events;
DROP TABLE swaps;
