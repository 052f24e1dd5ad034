package easybit

import (
	"net/http"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/easybit"
)

// words are the statuses EasyBit shows, from the adapter's table.
var words = swapsim.WordsOf(easybit.StatusWords)

// swapRoutes adds POST /order and GET /orders?id= in the envelope, with
// the order fields crypto-power decodes.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("POST "+easybit.OrderPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		var q easybit.OrderRequest
		if err := swapsim.Decode(w, r, &q); err != nil {
			writeJSON(w, 200, failure(simCodePair, "Invalid request"))
			return
		}
		from, to, served := swapsim.Pair(codes, easybit.Code{Currency: q.Send, Network: q.SendNetwork},
			easybit.Code{Currency: q.Receive, Network: q.ReceiveNetwork})
		switch {
		case !served:
			noPair(w)
			return
		case swapsim.BadAddress(q.ReceiveAddress):
			writeJSON(w, 200, failure(simCodePair+10, "Invalid receive address"))
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: q.Amount},
			PayoutAddress: q.ReceiveAddress, PayoutMemo: q.ReceiveTag, RefundAddress: q.RefundAddress, RefundMemo: q.RefundTag})
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, le *sim.LimitError) {
				writeJSON(w, 200, failure(simCodeMin, "Amount is below the minimum of "+le.Min.String()))
			},
			Above: func(w http.ResponseWriter, le *sim.LimitError) {
				writeJSON(w, 200, failure(simCodeMax, "Amount is above the maximum of "+le.Max.String()))
			},
			Pair: noPair,
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, ok(order(o)))
	}))
	mux.HandleFunc("GET "+easybit.OrdersPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 200, ok([]any{}))
			return
		}
		writeJSON(w, 200, ok([]any{order(o)}))
	}))
}

// order is an order in the shape crypto-power decodes.
func order(o sim.Order) map[string]any {
	from, to := easybit.Symbols[o.From], easybit.Symbols[o.To]
	return map[string]any{
		"id": o.ID, "send": from.Currency, "receive": to.Currency, "sendNetwork": from.Network, "receiveNetwork": to.Network,
		"sendAmount": o.AmountIn.String(), "receiveAmount": o.AmountOut.String(), "sendAddress": o.DepositAddress,
		"sendTag": sim.Null(o.DepositMemo), "receiveAddress": o.PayoutAddress, "receiveTag": sim.Null(o.PayoutMemo),
		"refundAddress": sim.Null(o.RefundAddress), "refundTag": sim.Null(o.RefundMemo), "vpm": "off",
		"createdAt": o.CreatedAt.UnixMilli(), "status": words[o.Stage], "hashIn": sim.Null(o.DepositTx),
		"hashOut": sim.Null(o.PayoutTx), "networkFee": o.NetworkFee.String(), "earned": "0", "updatedAt": o.UpdatedAt.UnixMilli(),
	}
}
