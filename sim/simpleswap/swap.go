package simpleswap

import (
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/simpleswap"
)

// words are the statuses SimpleSwap shows, from the adapter's table.
var words = swapsim.WordsOf(simpleswap.StatusWords)

// swapRoutes adds POST /v3/exchanges and GET /v3/exchanges/{id}, in
// Edge's create shape wrapped in "result" like every v3 answer.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("POST "+simpleswap.ExchangesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		var q simpleswap.CreateRequest
		if err := swapsim.Decode(w, r, &q); err != nil {
			writeError(w, 400, "Body must be JSON")
			return
		}
		from, to, ok := swapsim.Pair(codes, simpleswap.Code{Ticker: q.TickerFrom, Network: q.NetworkFrom},
			simpleswap.Code{Ticker: q.TickerTo, Network: q.NetworkTo})
		switch {
		case !ok:
			noPair(w)
			return
		case swapsim.BadAddress(q.AddressTo):
			writeError(w, 400, "addressTo is not a valid address")
			return
		case q.Fixed && q.RateID == "":
			writeError(w, 400, "rateId is required for fixed exchanges")
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.Amount, Fixed: q.Fixed}
		if q.Reverse {
			spec.Direction = swapscout.Receive
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.AddressTo, PayoutMemo: q.ExtraIDTo,
			RefundAddress: q.UserRefundAddress, RefundMemo: q.UserRefundExtraID, Expiry: time.Hour})
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, _ *sim.LimitError) { writeError(w, 422, "Amount is out of range") },
			Pair:  noPair,
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, result{exchange(o)})
	}))
	mux.HandleFunc("GET "+simpleswap.ExchangesPath+"/{id}", keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeError(w, 404, "Exchange is not found")
			return
		}
		writeJSON(w, 200, result{exchange(o)})
	}))
}

// exchange is an order in SimpleSwap's exchange shape.
func exchange(o sim.Order) map[string]any {
	from, to := simpleswap.Symbols[o.From], simpleswap.Symbols[o.To]
	return map[string]any{
		"id": o.ID, "status": words[o.Stage], "fixed": o.Fixed, "reverse": o.Direction == swapscout.Receive,
		"tickerFrom": from.Ticker, "networkFrom": from.Network, "tickerTo": to.Ticker, "networkTo": to.Network,
		"amountFrom": o.AmountIn, "amountTo": o.AmountOut, "addressFrom": o.DepositAddress, "extraIdFrom": sim.Null(o.DepositMemo),
		"addressTo": o.PayoutAddress, "extraIdTo": sim.Null(o.PayoutMemo),
		"userRefundAddress": o.RefundAddress, "userRefundExtraId": sim.Null(o.RefundMemo),
		"txFrom": sim.Null(o.DepositTx), "txTo": sim.Null(o.PayoutTx),
		"createdAt": o.CreatedAt.UTC().Format(time.RFC3339Nano), "updatedAt": o.UpdatedAt.UTC().Format(time.RFC3339Nano),
	}
}
