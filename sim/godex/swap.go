package godex

import (
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/godex"
)

// words are the statuses Godex shows, from the adapter's table.
var words = swapsim.WordsOf(godex.StatusWords, "exchanging", "sending")

// createRequest is the adapter's createRequest as the venue reads it.
type createRequest struct {
	venue.TxRequest
	WithdrawalExtraID string `json:"withdrawal_extra_id"`
	CoinFromNetwork   string `json:"coin_from_network"`
	CoinToNetwork     string `json:"coin_to_network"`
}

// swapRoutes adds POST /api/v1/transaction, /transaction-revert and GET
// /api/v1/transaction/{id} in the shape crypto-power decodes.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	codes := godex.Symbols.Reverse()
	coinNotSupported := func(w http.ResponseWriter) { writeJSON(w, 422, errorBody{Error: "Coin is not supported"}) }
	create := func(revert bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			var q createRequest
			if err := swapsim.Decode(w, r, &q); err != nil {
				writeJSON(w, 400, errorBody{Error: "Invalid request"})
				return
			}
			from, to, ok := swapsim.Pair(codes, godex.Code{Coin: q.CoinFrom, Network: q.CoinFromNetwork}, godex.Code{Coin: q.CoinTo, Network: q.CoinToNetwork})
			spec := sim.QuoteSpec{From: from, To: to, Fixed: true}
			amount := q.Amount(revert)
			if revert {
				spec.Direction = swapscout.Receive
			}
			switch {
			case !ok:
				coinNotSupported(w)
				return
			case amount == nil:
				writeJSON(w, 400, errorBody{Error: "Amount is required"})
				return
			case swapsim.BadAddress(q.Withdrawal):
				writeJSON(w, 400, errorBody{Error: "Invalid withdrawal address"})
				return
			}
			spec.Amount = *amount
			o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Withdrawal, PayoutMemo: q.WithdrawalExtraID,
				RefundAddress: q.Return, RefundMemo: q.ReturnExtraID, Expiry: 2 * time.Hour})
			if (swapsim.Refusal{
				Below: func(w http.ResponseWriter, le *sim.LimitError) {
					writeJSON(w, 400, errorBody{Error: "Amount is less than the minimum " + le.Min.String()})
				},
				Above: func(w http.ResponseWriter, le *sim.LimitError) {
					writeJSON(w, 400, errorBody{Error: "Amount is more than the maximum " + le.Max.String()})
				},
				Pair: coinNotSupported,
			}).Write(w, err) {
				return
			}
			writeJSON(w, 200, transaction(o))
		}
	}
	mux.HandleFunc("POST "+venue.TxCreatePath, create(false))
	mux.HandleFunc("POST "+venue.TxRevertPath, create(true))
	mux.HandleFunc("GET "+venue.TxCreatePath+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeJSON(w, 404, errorBody{Error: "Transaction not found"})
			return
		}
		writeJSON(w, 200, transaction(o))
	})
}

// transaction is an order in the shape crypto-power decodes.
func transaction(o sim.Order) map[string]any {
	from, to := godex.Symbols[o.From], godex.Symbols[o.To]
	str := swapsim.NullString
	return map[string]any{
		"transaction_id": o.ID, "status": words[o.Stage], "coin_from": from.Coin, "coin_to": to.Coin,
		"deposit_amount": o.AmountIn.String(), "withdrawal_amount": o.AmountOut.String(), "deposit": o.DepositAddress,
		"deposit_extra_id": sim.Null(o.DepositMemo), "withdrawal": o.PayoutAddress, "withdrawal_extra_id": sim.Null(o.PayoutMemo),
		"return": o.RefundAddress, "return_extra_id": sim.Null(o.RefundMemo), "rate": o.Rate.String(), "fee": "0",
		"hash_in": sim.Null(o.DepositTx), "hash_out": sim.Null(o.PayoutTx),
		"real_deposit_amount": str(o.AmountPaid), "real_withdrawal_amount": str(o.AmountSent),
	}
}
