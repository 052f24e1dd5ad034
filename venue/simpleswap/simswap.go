package simpleswap

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word SimpleSwap shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "confirming", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "finished", sim.StageFailed: "failed",
	sim.StageRefunded: "refunded", sim.StageExpired: "expired",
	sim.StageHeld: "verifying",
}

type simCreate struct {
	TickerFrom, NetworkFrom, TickerTo, NetworkTo string
	Amount                                       swapscout.Amount
	Fixed, Reverse                               bool
	AddressTo, ExtraIDTo                         string
	UserRefundAddress, UserRefundExtraID         string
	RateID                                       string
}

// simSwapRoutes adds POST /v3/exchanges and GET /v3/exchanges/{id}, in
// Edge's create shape wrapped in "result" like every v3 answer.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	mux.HandleFunc("POST /v3/exchanges", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-api-key") == "" {
			writeError(w, 401, "API key is missing or invalid")
			return
		}
		var q simCreate
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&q); err != nil {
			writeError(w, 400, "Body must be JSON")
			return
		}
		from, ok1 := rev[code{q.TickerFrom, q.NetworkFrom}]
		to, ok2 := rev[code{q.TickerTo, q.NetworkTo}]
		switch {
		case !ok1 || !ok2 || from == to:
			writeError(w, 404, "Pair is not found")
			return
		case len(q.AddressTo) < 8:
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
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			writeError(w, 422, "Amount is out of range")
			return
		case err != nil:
			writeError(w, 404, "Pair is not found")
			return
		}
		writeJSON(w, 200, result{simExchange(o)})
	})
	mux.HandleFunc("GET /v3/exchanges/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-api-key") == "" {
			writeError(w, 401, "API key is missing or invalid")
			return
		}
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeError(w, 404, "Exchange is not found")
			return
		}
		writeJSON(w, 200, result{simExchange(o)})
	})
}

func simExchange(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	return map[string]any{
		"id": o.ID, "status": simStatus[o.Stage], "fixed": o.Fixed, "reverse": o.Direction == swapscout.Receive,
		"tickerFrom": from.Ticker, "networkFrom": from.Network, "tickerTo": to.Ticker, "networkTo": to.Network,
		"amountFrom": o.AmountIn, "amountTo": o.AmountOut, "addressFrom": o.DepositAddress, "extraIdFrom": sim.Null(o.DepositMemo),
		"addressTo": o.PayoutAddress, "extraIdTo": sim.Null(o.PayoutMemo),
		"userRefundAddress": o.RefundAddress, "userRefundExtraId": sim.Null(o.RefundMemo),
		"txFrom": sim.Null(o.DepositTx), "txTo": sim.Null(o.PayoutTx),
		"createdAt": o.CreatedAt.UTC().Format(time.RFC3339Nano), "updatedAt": o.UpdatedAt.UTC().Format(time.RFC3339Nano),
	}
}
