-- +goose Up
-- Composed swaps (issue 27): a two-leg route or a split is several venue
-- orders under the one swap the user holds, the first of them. compose is
-- 'route' or 'split' ('' for a direct swap), composite the offer taken;
-- parent_id is the swap the user holds (empty on that swap itself), leg
-- the member's place (1 for the held swap, 2.. for the others; 0 direct).
-- rate_checked_at (unix nanoseconds, 0: not yet) and rate_moved record a
-- route's second leg asked again when the first paid out.
ALTER TABLE swaps ADD COLUMN compose TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN composite TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN parent_id TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN leg INTEGER NOT NULL DEFAULT 0;
ALTER TABLE swaps ADD COLUMN rate_checked_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE swaps ADD COLUMN rate_moved TEXT NOT NULL DEFAULT '';
CREATE INDEX swaps_parent ON swaps (parent_id) WHERE parent_id <> '';

-- +goose Down
DROP INDEX swaps_parent;
ALTER TABLE swaps DROP COLUMN rate_moved;
ALTER TABLE swaps DROP COLUMN rate_checked_at;
ALTER TABLE swaps DROP COLUMN leg;
ALTER TABLE swaps DROP COLUMN parent_id;
ALTER TABLE swaps DROP COLUMN composite;
ALTER TABLE swaps DROP COLUMN compose;
