-- +goose Up
-- The spends of AI agents' grants (swapscout.AgentSpend), one row per swap an
-- agent created or tried to: what the grants' per-day caps count, in the
-- database every instance shares, so that two instances enforce one cap.
-- amount and usd are exact decimal strings, at unix nanoseconds; no address
-- is kept here (the swap's record holds them, and retention forgets them
-- there).
CREATE TABLE agent_spends (
    id          TEXT PRIMARY KEY,
    grant_name  TEXT NOT NULL,
    swap_id     TEXT NOT NULL DEFAULT '',
    at          BIGINT NOT NULL,
    asset       TEXT NOT NULL,
    amount      TEXT NOT NULL,
    usd         TEXT NOT NULL DEFAULT '0',
    venue       TEXT NOT NULL,
    receive     TEXT NOT NULL
);
CREATE INDEX agent_spends_grant_at ON agent_spends (grant_name, at);

-- +goose Down
DROP TABLE agent_spends;
