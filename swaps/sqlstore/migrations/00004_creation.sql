-- +goose Up
-- How a swap's creation stands while it has no venue order
-- (swapscout.Creation): '' while the venue is being asked, until
-- create_deadline (unix nanoseconds; 0 for swaps made before this column:
-- their calls are long over); 'unknown' when the call ended without a
-- readable answer (the venue may hold an order nobody was shown: the key
-- never makes another); 'refused' when the venue's answer failed the checks
-- (refused_order is the public id of the order it made). create_note says
-- why, for the operator. received_doubt, when set, says why the venue's
-- amount_received is not believed: it is kept as the venue's claim and left
-- out of the venue's accuracy.
ALTER TABLE swaps ADD COLUMN create_state TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN create_deadline BIGINT NOT NULL DEFAULT 0;
ALTER TABLE swaps ADD COLUMN create_note TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN refused_order TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN received_doubt TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE swaps DROP COLUMN received_doubt;
ALTER TABLE swaps DROP COLUMN refused_order;
ALTER TABLE swaps DROP COLUMN create_note;
ALTER TABLE swaps DROP COLUMN create_deadline;
ALTER TABLE swaps DROP COLUMN create_state;
