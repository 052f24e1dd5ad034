-- +goose Up
-- What a swap shows is what arrived.
-- max_slippage: the worst change the user allowed, a fraction; swaps made
-- before it was kept were held to the default, 0.5 %.
-- refund_tx, amount_refunded: the refund as the venue reports it (From units).
-- late_at: when the swap ran past its venue's usual time from deposit to
-- payout (unix nanoseconds; 0: not late); usual_ns: that usual time;
-- usual_basis: how many finished swaps of the venue it came from (0: the
-- default, too few seen). swap_events.late marks the event that said so.
ALTER TABLE swaps ADD COLUMN max_slippage TEXT NOT NULL DEFAULT '0.005';
ALTER TABLE swaps ADD COLUMN refund_tx TEXT NOT NULL DEFAULT '';
ALTER TABLE swaps ADD COLUMN amount_refunded TEXT NOT NULL DEFAULT '0';
ALTER TABLE swaps ADD COLUMN late_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE swaps ADD COLUMN usual_ns BIGINT NOT NULL DEFAULT 0;
ALTER TABLE swaps ADD COLUMN usual_basis INTEGER NOT NULL DEFAULT 0;
ALTER TABLE swap_events ADD COLUMN late INTEGER NOT NULL DEFAULT 0;

-- "hold" was one status for three things; each now has its own. A refund
-- queued or under way (SideShift's "refund" and "refunding") is refunding;
-- a venue waiting for the user's choice, the rest of a short deposit or a
-- word with its support is action_required; the rest (verification: KYC,
-- AML, a human review) is held. The venue's own word decides, as the
-- adapters now map it.
UPDATE swaps SET status = 'refunding'
    WHERE status = 'hold' AND venue = 'sideshift' AND venue_status IN ('refund', 'refunding');
UPDATE swaps SET status = 'action_required'
    WHERE status = 'hold' AND (
        (venue = 'sideshift' AND venue_status = 'multiple') OR
        (venue = 'fixedfloat' AND venue_status = 'EMERGENCY') OR
        (venue = 'easybit' AND venue_status IN ('Volatility Protection', 'Action Request')) OR
        (venue = 'trocador' AND venue_status IN ('paid_partially', 'halted')) OR
        (venue = 'nearintents' AND venue_status = 'INCOMPLETE_DEPOSIT'));
UPDATE swaps SET status = 'held' WHERE status = 'hold';
-- LetsExchange's "refund" is a refund being made, not made: such swaps were
-- closed as refunded too early and are followed again (refunding).
UPDATE swaps SET status = 'refunding' WHERE status = 'refunded' AND venue = 'letsexchange' AND venue_status = 'refund';

UPDATE swap_events SET status = 'refunding'
    WHERE status = 'hold' AND venue_status IN ('refund', 'refunding')
    AND swap_id IN (SELECT id FROM swaps WHERE venue = 'sideshift');
UPDATE swap_events SET status = 'action_required'
    WHERE status = 'hold' AND swap_id IN (SELECT id FROM swaps WHERE
        (venue = 'sideshift' AND swap_events.venue_status = 'multiple') OR
        (venue = 'fixedfloat' AND swap_events.venue_status = 'EMERGENCY') OR
        (venue = 'easybit' AND swap_events.venue_status IN ('Volatility Protection', 'Action Request')) OR
        (venue = 'trocador' AND swap_events.venue_status IN ('paid_partially', 'halted')) OR
        (venue = 'nearintents' AND swap_events.venue_status = 'INCOMPLETE_DEPOSIT'));
UPDATE swap_events SET status = 'held' WHERE status = 'hold';
UPDATE swap_events SET status = 'refunding'
    WHERE status = 'refunded' AND venue_status = 'refund'
    AND swap_id IN (SELECT id FROM swaps WHERE venue = 'letsexchange');

-- +goose Down
UPDATE swaps SET status = 'refunded' WHERE status = 'refunding' AND venue = 'letsexchange';
UPDATE swaps SET status = 'hold' WHERE status IN ('held', 'action_required', 'refunding');
UPDATE swap_events SET status = 'refunded'
    WHERE status = 'refunding' AND swap_id IN (SELECT id FROM swaps WHERE venue = 'letsexchange');
UPDATE swap_events SET status = 'hold' WHERE status IN ('held', 'action_required', 'refunding');
DELETE FROM swap_events WHERE late = 1;
ALTER TABLE swap_events DROP COLUMN late;
ALTER TABLE swaps DROP COLUMN usual_basis;
ALTER TABLE swaps DROP COLUMN usual_ns;
ALTER TABLE swaps DROP COLUMN late_at;
ALTER TABLE swaps DROP COLUMN amount_refunded;
ALTER TABLE swaps DROP COLUMN refund_tx;
ALTER TABLE swaps DROP COLUMN max_slippage;
