package godex

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word Godex shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "wait", sim.StageConfirming: "confirmation", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "success", sim.StageFailed: "error",
	sim.StageRefunded: "refunded", sim.StageExpired: "overdue",
}

type simCreate struct {
	CoinFrom          string            `json:"coin_from"`
	CoinTo            string            `json:"coin_to"`
	DepositAmount     *swapscout.Amount `json:"deposit_amount"`
	WithdrawalAmount  *swapscout.Amount `json:"withdrawal_amount"`
	Withdrawal        string            `json:"withdrawal"`
	WithdrawalExtraID string            `json:"withdrawal_extra_id"`
	Return            string            `json:"return"`
	ReturnExtraID     string            `json:"return_extra_id"`
	CoinFromNetwork   string            `json:"coin_from_network"`
	CoinToNetwork     string            `json:"coin_to_network"`
}

// simSwapRoutes adds POST /api/v1/transaction, /transaction-revert and GET
// /api/v1/transaction/{id} in the shape crypto-power decodes.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	create := func(revert bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			var q simCreate
			if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&q); err != nil {
				writeJSON(w, 400, simError{Error: "Invalid request"})
				return
			}
			from, ok1 := rev[code{q.CoinFrom, q.CoinFromNetwork}]
			to, ok2 := rev[code{q.CoinTo, q.CoinToNetwork}]
			spec := sim.QuoteSpec{From: from, To: to, Fixed: true}
			amount := q.DepositAmount
			if revert {
				spec.Direction, amount = swapscout.Receive, q.WithdrawalAmount
			}
			switch {
			case !ok1 || !ok2 || from == to:
				writeJSON(w, 422, simError{Error: "Coin is not supported"})
				return
			case amount == nil:
				writeJSON(w, 400, simError{Error: "Amount is required"})
				return
			case len(q.Withdrawal) < 8:
				writeJSON(w, 400, simError{Error: "Invalid withdrawal address"})
				return
			}
			spec.Amount = *amount
			o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Withdrawal, PayoutMemo: q.WithdrawalExtraID,
				RefundAddress: q.Return, RefundMemo: q.ReturnExtraID, Expiry: 2 * time.Hour})
			var le *sim.LimitError
			switch {
			case errors.As(err, &le) && le.Below:
				writeJSON(w, 400, simError{Error: "Amount is less than the minimum " + le.Min.String()})
				return
			case errors.As(err, &le):
				writeJSON(w, 400, simError{Error: "Amount is more than the maximum " + le.Max.String()})
				return
			case err != nil:
				writeJSON(w, 422, simError{Error: "Coin is not supported"})
				return
			}
			writeJSON(w, 200, simTransaction(o))
		}
	}
	mux.HandleFunc("POST /api/v1/transaction", create(false))
	mux.HandleFunc("POST /api/v1/transaction-revert", create(true))
	mux.HandleFunc("GET /api/v1/transaction/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeJSON(w, 404, simError{Error: "Transaction not found"})
			return
		}
		writeJSON(w, 200, simTransaction(o))
	})
}

func simTransaction(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	str := func(a swapscout.Amount) any {
		if a.IsZero() {
			return nil
		}
		return a.String()
	}
	return map[string]any{
		"transaction_id": o.ID, "status": simStatus[o.Stage], "coin_from": from.Coin, "coin_to": to.Coin,
		"deposit_amount": o.AmountIn.String(), "withdrawal_amount": o.AmountOut.String(), "deposit": o.DepositAddress,
		"deposit_extra_id": sim.Null(o.DepositMemo), "withdrawal": o.PayoutAddress, "withdrawal_extra_id": sim.Null(o.PayoutMemo),
		"return": o.RefundAddress, "return_extra_id": sim.Null(o.RefundMemo), "rate": o.Rate.String(), "fee": "0",
		"hash_in": sim.Null(o.DepositTx), "hash_out": sim.Null(o.PayoutTx),
		"real_deposit_amount": str(o.AmountPaid), "real_withdrawal_amount": str(o.AmountSent),
	}
}
