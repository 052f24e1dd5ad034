package api

import (
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
)

// AppendSwap appends a swap record and its history of status changes as
// JSON: the one shape of a swap for the API, its event stream, webhooks and
// the CLI. Optional fields are left out when empty; amounts are decimal
// strings, times RFC 3339.
func AppendSwap(dst []byte, sw *swapscout.Swap, history []swapscout.SwapEvent) []byte {
	str := func(key, v string, always bool) {
		if v != "" || always {
			dst = append(dst, ',', '"')
			dst = append(dst, key...)
			dst = append(dst, '"', ':')
			dst = appendString(dst, v)
		}
	}
	amt := func(key string, a swapscout.Amount, always bool) {
		if !a.IsZero() || always {
			dst = append(dst, ',', '"')
			dst = append(dst, key...)
			dst = append(dst, '"', ':')
			dst = appendAmount(dst, a)
		}
	}
	dst = append(dst, `{"id":`...)
	dst = appendString(dst, sw.ID)
	str("status", string(sw.Status), true)
	str("venue_status", sw.VenueStatus, true)
	str("venue", sw.Venue, true)
	str("provider", sw.Provider, false)
	str("venue_order_id", sw.VenueOrder.ID, true) // never its Secret
	str("quote_id", sw.QuoteID, true)
	if p := sw.PreCheck; p != nil {
		// Only in the answer that created the swap: which venue received
		// the refund address for its AML pre-check, and its verdict.
		dst = append(dst, `,"precheck":{"venue":`...)
		dst = appendString(dst, p.Venue)
		dst = append(dst, `,"completed":`...)
		dst = strconv.AppendBool(dst, p.Completed)
		dst = append(dst, `,"passed":`...)
		dst = strconv.AppendBool(dst, p.Passed)
		dst = append(dst, '}')
	}
	dst = append(dst, `,"from":`...)
	dst = appendAsset(dst, sw.From)
	dst = append(dst, `,"to":`...)
	dst = appendAsset(dst, sw.To)
	str("direction", sw.Direction.String(), true)
	str("rate_type", sw.RateType.String(), true)
	amt("amount_in", sw.AmountIn, true)
	amt("amount_out", sw.AmountOut, true)
	amt("promised_in", sw.PromisedIn, true)
	amt("promised_out", sw.PromisedOut, true)
	str("deposit_address", sw.DepositAddress, true)
	str("deposit_memo", sw.DepositMemo, false)
	deposit := sw.Deposit
	if deposit == "" {
		deposit = swapscout.DepositTransfer
	}
	str("deposit", string(deposit), true)
	str("payout_address", sw.PayoutAddress, true)
	str("payout_memo", sw.PayoutMemo, false)
	str("refund_address", sw.RefundAddress, true)
	str("refund_memo", sw.RefundMemo, false)
	str("deposit_tx", sw.DepositTx, false)
	str("payout_tx", sw.PayoutTx, false)
	amt("amount_received", sw.AmountReceived, false)
	str("amount_received_doubt", sw.ReceivedDoubt, false) // the venue's claim, not believed
	dst = appendOutcome(dst, sw)
	dst = appendChain(dst, sw)
	dst = append(dst, `,"created_at":`...)
	dst = appendTime(dst, sw.CreatedAt)
	dst = append(dst, `,"updated_at":`...)
	dst = appendTime(dst, sw.UpdatedAt)
	if !sw.ExpiresAt.IsZero() {
		dst = append(dst, `,"expires_at":`...)
		dst = appendTime(dst, sw.ExpiresAt)
	}
	dst = appendLegs(dst, sw)
	dst = append(dst, `,"history":[`...)
	for i, ev := range history {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"at":`...)
		dst = appendTime(dst, ev.At)
		dst = append(dst, `,"status":`...)
		dst = appendString(dst, string(ev.Status))
		dst = append(dst, `,"venue_status":`...)
		dst = appendString(dst, ev.VenueStatus)
		if ev.Late {
			dst = append(dst, `,"late":true`...)
		}
		if ev.Chain != "" {
			dst = append(dst, `,"chain":`...)
			dst = appendString(dst, ev.Chain)
		}
		if ev.Leg > 0 {
			dst = append(dst, `,"leg":`...)
			dst = strconv.AppendInt(dst, int64(ev.Leg), 10)
		}
		if ev.Note != "" {
			dst = append(dst, `,"note":`...)
			dst = appendString(dst, ev.Note)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']', '}')
}

// appendOutcome appends what a swap shows of its outcome: the slippage it
// allows; a shortfall, when it finished short of its promise by more
// (shortfall: the amount missing and its percentage; absent otherwise);
// the refund's transaction and amount; and whether it is late, with its
// venue's usual time then.
func appendOutcome(dst []byte, sw *swapscout.Swap) []byte {
	slip := sw.MaxSlippage
	if !slip.Valid() || slip.Sign() <= 0 {
		slip = swapscout.DefaultMaxSlippage
	}
	dst = append(dst, `,"max_slippage":`...)
	dst = appendAmount(dst, slip)
	if sf, ok := sw.Shortfall(); ok && sf.Short {
		dst = append(dst, `,"shortfall":{"amount":`...)
		dst = appendAmount(dst, sf.Missing)
		dst = append(dst, `,"percent":`...)
		dst = appendAmount(dst, sf.Percent)
		dst = append(dst, '}')
	}
	if sw.RefundTx != "" {
		dst = append(dst, `,"refund_tx":`...)
		dst = appendString(dst, sw.RefundTx)
	}
	if !sw.AmountRefunded.IsZero() && sw.AmountRefunded.Valid() {
		dst = append(dst, `,"amount_refunded":`...)
		dst = appendAmount(dst, sw.AmountRefunded)
	}
	if !sw.Late() {
		return append(dst, `,"late":false`...)
	}
	dst = append(dst, `,"late":true,"late_at":`...)
	dst = appendTime(dst, sw.LateAt)
	dst = append(dst, `,"usual_seconds":`...)
	dst = strconv.AppendInt(dst, int64(sw.UsualTime/time.Second), 10)
	dst = append(dst, `,"usual_basis":`...)
	return strconv.AppendInt(dst, int64(sw.UsualBasis), 10)
}

// appendLegs appends what a composed swap (a route, a split) shows of its
// members: its kind, a route's second-leg rate move, and "legs" (a route)
// or "parts" (a split), each member's venue order as it stands (the first
// is the swap itself; a route's the one the user pays, a split's parts
// each paid to its own deposit address). Nothing for a direct swap.
func appendLegs(dst []byte, sw *swapscout.Swap) []byte {
	if !sw.Composed() || len(sw.Legs) == 0 {
		return dst
	}
	dst = append(dst, `,"compose":`...)
	dst = appendString(dst, string(sw.Compose))
	if sw.RateMoved != "" {
		dst = append(dst, `,"rate_moved":`...)
		dst = appendString(dst, sw.RateMoved)
	}
	list, key := `,"legs":[`, `{"leg":`
	if sw.Compose == swapscout.ComposeSplit {
		// A split's members are its parts, each with its own deposit:
		// "parts", numbered by "part"; how many the offer had, and why
		// fewer exist when they do.
		dst = append(dst, `,"parts_planned":`...)
		dst = strconv.AppendInt(dst, int64(sw.PartsPlanned), 10)
		if sw.PartsNote != "" {
			dst = append(dst, `,"parts_note":`...)
			dst = appendString(dst, sw.PartsNote)
		}
		list, key = `,"parts":[`, `{"part":`
	}
	dst = append(dst, list...)
	for i, l := range sw.Legs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendLeg(dst, key, i+1, l)
	}
	return append(dst, ']')
}

// appendLeg appends one member of a composed swap, opening with key (its
// place's name: a route's leg, a split's part) and n.
func appendLeg(dst []byte, key string, n int, l *swapscout.Swap) []byte {
	str := func(key, v string, always bool) {
		if v != "" || always {
			dst = append(dst, ',', '"')
			dst = append(dst, key...)
			dst = append(dst, '"', ':')
			dst = appendString(dst, v)
		}
	}
	amt := func(key string, a swapscout.Amount, always bool) {
		if (!a.IsZero() && a.Valid()) || always {
			dst = append(dst, ',', '"')
			dst = append(dst, key...)
			dst = append(dst, '"', ':')
			dst = appendAmount(dst, a)
		}
	}
	dst = append(dst, key...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	str("id", l.ID, true)
	str("status", string(l.Status), true)
	str("venue_status", l.VenueStatus, true)
	str("venue", l.Venue, true)
	str("provider", l.Provider, false)
	str("venue_order_id", l.VenueOrder.ID, true) // never its Secret
	dst = append(dst, `,"from":`...)
	dst = appendAsset(dst, l.From)
	dst = append(dst, `,"to":`...)
	dst = appendAsset(dst, l.To)
	str("rate_type", l.RateType.String(), true)
	amt("amount_in", l.AmountIn, true)
	amt("amount_out", l.AmountOut, true)
	amt("promised_in", l.PromisedIn, true)
	amt("promised_out", l.PromisedOut, true)
	str("deposit_address", l.DepositAddress, true)
	str("deposit_memo", l.DepositMemo, false)
	str("payout_address", l.PayoutAddress, true)
	str("payout_memo", l.PayoutMemo, false)
	str("refund_address", l.RefundAddress, true)
	str("refund_memo", l.RefundMemo, false)
	str("deposit_tx", l.DepositTx, false)
	str("payout_tx", l.PayoutTx, false)
	amt("amount_received", l.AmountReceived, false)
	str("refund_tx", l.RefundTx, false)
	amt("amount_refunded", l.AmountRefunded, false)
	if !l.ExpiresAt.IsZero() {
		dst = append(dst, `,"expires_at":`...)
		dst = appendTime(dst, l.ExpiresAt)
	}
	if !l.RateCheckedAt.IsZero() {
		dst = append(dst, `,"rate_checked_at":`...)
		dst = appendTime(dst, l.RateCheckedAt)
	}
	str("rate_moved", l.RateMoved, false)
	return append(dst, '}')
}
