-- +goose Up
-- Splits (issue 27): the swap the user holds for a split records how many
-- parts the offer taken had (parts_planned; 0 on any other swap) and, when
-- fewer were created (a venue refused a later part after the first was
-- made), which part was not and why, in words for the user (parts_note).
ALTER TABLE swaps ADD COLUMN parts_planned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE swaps ADD COLUMN parts_note TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE swaps DROP COLUMN parts_note;
ALTER TABLE swaps DROP COLUMN parts_planned;
