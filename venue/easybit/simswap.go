package easybit

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word EasyBit shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "Awaiting Deposit", sim.StageConfirming: "Confirming Deposit", sim.StageExchanging: "Exchanging",
	sim.StageSending: "Sending", sim.StageFinished: "Complete", sim.StageFailed: "Failed",
	sim.StageRefunded: "Refund", sim.StageExpired: "Request Overdue",
}

// simSwapRoutes adds POST /order and GET /orders?id= in the envelope, with
// the order fields crypto-power decodes.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	mux.HandleFunc("POST /order", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("API-KEY") == "" {
			writeEnvelope(w, 401, failure(simCodeAuth, "Invalid API key"))
			return
		}
		var q struct {
			orderRequest
			Amount swapscout.Amount `json:"amount"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&q); err != nil {
			writeEnvelope(w, 200, failure(simCodePair, "Invalid request"))
			return
		}
		from, ok1 := rev[code{q.Send, q.SendNetwork}]
		to, ok2 := rev[code{q.Receive, q.ReceiveNetwork}]
		switch {
		case !ok1 || !ok2 || from == to:
			writeEnvelope(w, 200, failure(simCodePair, "Pair is not available"))
			return
		case len(q.ReceiveAddress) < 8:
			writeEnvelope(w, 200, failure(simCodePair+10, "Invalid receive address"))
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: q.Amount},
			PayoutAddress: q.ReceiveAddress, PayoutMemo: q.ReceiveTag, RefundAddress: q.RefundAddress, RefundMemo: q.RefundTag})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeEnvelope(w, 200, failure(simCodeMin, "Amount is below the minimum of "+le.Min.String()))
			return
		case errors.As(err, &le):
			writeEnvelope(w, 200, failure(simCodeMax, "Amount is above the maximum of "+le.Max.String()))
			return
		case err != nil:
			writeEnvelope(w, 200, failure(simCodePair, "Pair is not available"))
			return
		}
		writeEnvelope(w, 200, ok(simOrder(o)))
	})
	mux.HandleFunc("GET /orders", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("API-KEY") == "" {
			writeEnvelope(w, 401, failure(simCodeAuth, "Invalid API key"))
			return
		}
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeEnvelope(w, 200, ok([]any{}))
			return
		}
		writeEnvelope(w, 200, ok([]any{simOrder(o)}))
	})
}

func simOrder(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	return map[string]any{
		"id": o.ID, "send": from.Currency, "receive": to.Currency, "sendNetwork": from.Network, "receiveNetwork": to.Network,
		"sendAmount": o.AmountIn.String(), "receiveAmount": o.AmountOut.String(), "sendAddress": o.DepositAddress,
		"sendTag": sim.Null(o.DepositMemo), "receiveAddress": o.PayoutAddress, "receiveTag": sim.Null(o.PayoutMemo),
		"refundAddress": sim.Null(o.RefundAddress), "refundTag": sim.Null(o.RefundMemo), "vpm": "off",
		"createdAt": o.CreatedAt.UnixMilli(), "status": simStatus[o.Stage], "hashIn": sim.Null(o.DepositTx),
		"hashOut": sim.Null(o.PayoutTx), "networkFee": o.NetworkFee.String(), "earned": "0", "updatedAt": o.UpdatedAt.UnixMilli(),
	}
}
