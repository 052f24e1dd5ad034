package letsexchange

import (
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/letsexchange"
)

// words are the statuses LetsExchange shows, from the adapter's table.
var words = swapsim.WordsOf(letsexchange.StatusWords, "exchanging", "sending")

// createRequest is the adapter's createRequest as the venue reads it.
type createRequest struct {
	venue.TxRequest
	NetworkFrom       string `json:"network_from"`
	NetworkTo         string `json:"network_to"`
	WithdrawalExtraID string `json:"withdrawal_extra_id"`
	RateID            string `json:"rate_id"`
	Float             *bool  `json:"float"`
}

// swapRoutes adds POST /api/v1/transaction, /api/v1/transaction-revert
// and GET /api/v1/transaction/{id} in the shape of cake's recordings.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	create := func(w http.ResponseWriter, r *http.Request, revert bool) {
		var q createRequest
		if err := swapsim.Decode(w, r, &q); err != nil {
			validation(w, [2]string{"coin_from", "The coin from field is required."})
			return
		}
		from, to, ok1, ok2 := pair(q.CoinFrom, q.NetworkFrom, q.CoinTo, q.NetworkTo)
		fixed := q.Float != nil && !*q.Float
		spec := sim.QuoteSpec{From: from, To: to, Fixed: fixed}
		amountField, amount := "deposit_amount", q.Amount(revert)
		if revert {
			spec.Direction, amountField = swapscout.Receive, "withdrawal_amount"
		}
		switch {
		case !ok1 || from == to:
			validation(w, [2]string{"coin_from", "The selected coin from is invalid."})
			return
		case !ok2:
			validation(w, [2]string{"coin_to", "The selected coin to is invalid."})
			return
		case amount == nil:
			validation(w, [2]string{amountField, "The " + strings.ReplaceAll(amountField, "_", " ") + " field is required."})
			return
		case swapsim.BadAddress(q.Withdrawal):
			validation(w, [2]string{"withdrawal", "The withdrawal address is invalid."})
			return
		case fixed && q.RateID == "":
			validation(w, [2]string{"rate_id", "The rate id field is required when float is false."})
			return
		}
		spec.Amount = *amount
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Withdrawal, PayoutMemo: q.WithdrawalExtraID,
			RefundAddress: q.Return, RefundMemo: q.ReturnExtraID, Expiry: 2 * time.Hour})
		field := "The " + strings.ReplaceAll(amountField, "_", " ")
		refused := swapsim.Refusal{
			Below: func(w http.ResponseWriter, le *sim.LimitError) {
				validation(w, [2]string{amountField, field + " must be at least " + le.Min.String() + "."})
			},
			Above: func(w http.ResponseWriter, le *sim.LimitError) {
				validation(w, [2]string{amountField, field + " may not be greater than " + le.Max.String() + "."})
			},
			Pair: func(w http.ResponseWriter) { validation(w, [2]string{"coin_to", "The selected coin to is invalid."}) },
		}.Write(w, err)
		if !refused {
			writeJSON(w, 200, transaction(o, false))
		}
	}
	mux.HandleFunc("POST "+venue.TxCreatePath, keyed(func(w http.ResponseWriter, r *http.Request) { create(w, r, false) }))
	mux.HandleFunc("POST "+venue.TxRevertPath, keyed(func(w http.ResponseWriter, r *http.Request) { create(w, r, true) }))
	mux.HandleFunc("GET "+venue.TxCreatePath+"/{id}", keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeJSON(w, 404, map[string]any{"success": false, "error": "Transaction not found"})
			return
		}
		writeJSON(w, 200, transaction(o, true))
	}))
}

// transaction is an order in the create shape, or (full) the status
// shape, whose types drift from the create's as recorded (is_float 1,
// revert 0, extra_fee_from "0").
func transaction(o sim.Order, full bool) map[string]any {
	from, to := letsexchange.Symbols[o.From], letsexchange.Symbols[o.To]
	str := swapsim.NullString
	m := map[string]any{
		"is_float": !o.Fixed, "status": words[o.Stage], "type": "cex", "coin_from": from.Coin, "coin_to": to.Coin,
		"deposit_amount": o.AmountIn.String(), "withdrawal": o.PayoutAddress, "withdrawal_extra_id": sim.Null(o.PayoutMemo),
		"return": o.RefundAddress, "return_extra_id": sim.Null(o.RefundMemo), "extra_fee_from": 0, "extra_fee_to": 0,
		"coin_from_network": from.Network, "coin_to_network": to.Network, "deposit": o.DepositAddress,
		"deposit_extra_id": sim.Null(o.DepositMemo), "withdrawal_amount": o.AmountOut.String(), "rate": o.Rate.String(),
		"fee": "0", "revert": o.Direction == swapscout.Receive, "transaction_id": o.ID, "expired_at": o.ExpiresAt.Unix(),
		"created_at": o.CreatedAt.UTC().Format("2006-01-02 15:04:05"), "execution_time": nil, "is_available": true,
		"need_confirmations": 2, "confirmations": 0, "email": "*******", "aml_error_signals": []any{},
		"kyc_url": nil, "kyc_email": nil, "rating": nil, "error_code": "", "bonus": "0.00000000",
	}
	if !full {
		return m
	}
	b2i := map[bool]int{false: 0, true: 1}
	m["is_float"], m["revert"], m["extra_fee_from"], m["extra_fee_to"] = b2i[!o.Fixed], b2i[o.Direction == swapscout.Receive], "0", "0"
	m["final_amount"], m["real_deposit_amount"], m["real_withdrawal_amount"] = str(o.AmountSent), str(o.AmountPaid), str(o.AmountSent)
	m["hash_in"], m["hash_out"], m["return_amount"] = sim.Null(o.DepositTx), sim.Null(o.PayoutTx), str(o.AmountRefunded)
	m["startedAt"], m["finishedAt"] = nil, nil
	if !o.PaidAt.IsZero() {
		m["startedAt"] = o.PaidAt.Unix()
	}
	if o.Stage.Terminal() {
		m["finishedAt"] = o.UpdatedAt.Unix()
	}
	return m
}
