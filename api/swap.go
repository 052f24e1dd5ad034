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
	m := members(appendString(append(dst, `{"id":`...), sw.ID))
	m.venueOrder(sw)
	m.str("quote_id", sw.QuoteID, true)
	if p := sw.PreCheck; p != nil {
		// Only in the answer that created the swap: which venue received
		// the refund address for its AML pre-check, and its verdict.
		m = appendString(append(m, `,"precheck":{"venue":`...), p.Venue)
		m = strconv.AppendBool(append(m, `,"completed":`...), p.Completed)
		m = append(strconv.AppendBool(append(m, `,"passed":`...), p.Passed), '}')
	}
	m.pair(sw)
	m.str("direction", sw.Direction.String(), true)
	m.str("rate_type", sw.RateType.String(), true)
	deposit := sw.Deposit
	if deposit == "" {
		deposit = swapscout.DepositTransfer
	}
	m.terms(sw, deposit)
	m.str("amount_received_doubt", sw.ReceivedDoubt, false) // the venue's claim, not believed
	m = appendChain(appendOutcome(m, sw), sw)
	m = appendTime(append(m, `,"created_at":`...), sw.CreatedAt)
	m = appendTime(append(m, `,"updated_at":`...), sw.UpdatedAt)
	m.time("expires_at", sw.ExpiresAt)
	dst = appendLegs(m, sw)
	dst = append(dst, `,"history":[`...)
	for i, ev := range history {
		if i > 0 {
			dst = append(dst, ',')
		}
		m := members(appendTime(append(dst, `{"at":`...), ev.At))
		m.str("status", string(ev.Status), true)
		m.str("venue_status", ev.VenueStatus, true)
		if ev.Late {
			m = append(m, `,"late":true`...)
		}
		m.str("chain", ev.Chain, false)
		m.num("leg", int64(ev.Leg), ev.Leg > 0)
		m.str("note", ev.Note, false)
		dst = append(m, '}')
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
	m := members(strconv.AppendInt(append(dst, key...), int64(n), 10))
	m.str("id", l.ID, true)
	m.venueOrder(l)
	m.pair(l)
	m.str("rate_type", l.RateType.String(), true)
	m.terms(l, "") // members show no deposit kind
	m.str("refund_tx", l.RefundTx, false)
	m.amt("amount_refunded", l.AmountRefunded, false)
	m.time("expires_at", l.ExpiresAt)
	m.time("rate_checked_at", l.RateCheckedAt)
	m.str("rate_moved", l.RateMoved, false)
	return append(m, '}')
}

// venueOrder appends which venue holds the order and how it stands there
// (never the order's Secret).
func (m *members) venueOrder(sw *swapscout.Swap) {
	m.str("status", string(sw.Status), true)
	m.str("venue_status", sw.VenueStatus, true)
	m.str("venue", sw.Venue, true)
	m.str("provider", sw.Provider, false)
	m.str("venue_order_id", sw.VenueOrder.ID, true)
}

func (m *members) pair(sw *swapscout.Swap) {
	m.asset("from", sw.From)
	m.asset("to", sw.To)
}

// terms appends the amounts sent and received, as they stand and as
// promised, where the user sends the deposit and how (deposit: left out
// when empty), where the coins go, and the transactions that moved them.
func (m *members) terms(sw *swapscout.Swap, deposit swapscout.DepositKind) {
	m.amt("amount_in", sw.AmountIn, true)
	m.amt("amount_out", sw.AmountOut, true)
	m.amt("promised_in", sw.PromisedIn, true)
	m.amt("promised_out", sw.PromisedOut, true)
	m.place("deposit_address", "deposit_memo", sw.DepositAddress, sw.DepositMemo)
	m.str("deposit", string(deposit), false)
	m.place("payout_address", "payout_memo", sw.PayoutAddress, sw.PayoutMemo)
	m.place("refund_address", "refund_memo", sw.RefundAddress, sw.RefundMemo)
	m.str("deposit_tx", sw.DepositTx, false)
	m.str("payout_tx", sw.PayoutTx, false)
	m.amt("amount_received", sw.AmountReceived, false)
}
