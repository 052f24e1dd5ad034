-- +goose Up
-- What a swap's deposit must be, from the offer taken: 'transfer', or
-- 'memo' when the memo must be inside the deposit transaction (THORChain,
-- Maya). Swaps recorded before this column existed at those venues were
-- memo deposits: they are the only venues whose offers said so.
ALTER TABLE swaps ADD COLUMN deposit_kind TEXT NOT NULL DEFAULT 'transfer';
UPDATE swaps SET deposit_kind = 'memo' WHERE venue IN ('thorchain', 'maya');

-- +goose Down
ALTER TABLE swaps DROP COLUMN deposit_kind;
