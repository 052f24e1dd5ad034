-- +goose Up
-- A swap's webhook subscription: where its changes go, how many of its
-- status changes (swap_events.seq) were delivered or given up, and the lease
-- of the one delivery running for it (unix nanoseconds; 0: none).
CREATE TABLE swap_callbacks (
    swap_id        TEXT PRIMARY KEY REFERENCES swaps (id) ON DELETE CASCADE,
    url            TEXT NOT NULL,
    delivered_seq  INTEGER NOT NULL DEFAULT 0,
    lease_until    BIGINT NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE swap_callbacks;
