package xgram

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the x-status Xgram shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "x-awaiting_funds", sim.StageConfirming: "x-funds_received", sim.StageExchanging: "x-processing_exchange",
	sim.StageSending: "x-transferring", sim.StageFinished: "x-completed", sim.StageFailed: "x-error",
	sim.StageRefunded: "x-returned", sim.StageExpired: "x-timeout",
}

// simSwapRoutes adds GET /launch-new-exchange and GET /fetch-status-info.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	no := false
	keyed := func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("x-api-key") == "" {
			writeJSON(w, 401, rateResponse{Result: &no, Error: "Invalid API key"})
			return false
		}
		return true
	}
	mux.HandleFunc("GET "+createPath, func(w http.ResponseWriter, r *http.Request) {
		if !keyed(w, r) {
			return
		}
		q := r.URL.Query()
		from, ok1 := rev[strings.ToUpper(q.Get("fromCcy"))]
		to, ok2 := rev[strings.ToUpper(q.Get("toCcy"))]
		amt, err := swapscout.ParseAmount(q.Get("ccyAmount"))
		switch {
		case !ok1 || !ok2 || from == to:
			writeJSON(w, 400, rateResponse{Errors: []errorItem{{Code: "CURRENCY_UNSUPPORTED", Error: "Pair is not supported"}}})
			return
		case err != nil || amt.Sign() <= 0:
			writeJSON(w, 400, rateResponse{Error: "ccyAmount must be > 0"})
			return
		case len(q.Get("toAddress")) < 8:
			writeJSON(w, 200, rateResponse{Result: &no, Error: "Invalid toAddress"})
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: amt, Fixed: q.Get("type") == "fixed"},
			PayoutAddress: q.Get("toAddress"), PayoutMemo: q.Get("toAddressTag"), RefundAddress: q.Get("refundAddress"),
			RefundMemo: q.Get("refundTag"), Expiry: time.Hour})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeJSON(w, 400, rateResponse{Errors: []errorItem{{Code: "BELOW_LIMIT", Error: "Amount is below the minimum", SourceAmountLimit: &le.Min}}})
			return
		case errors.As(err, &le):
			writeJSON(w, 400, rateResponse{Errors: []errorItem{{Code: "ABOVE_LIMIT", Error: "Amount is above the maximum", SourceAmountLimit: &le.Max}}})
			return
		case err != nil:
			writeJSON(w, 400, rateResponse{Errors: []errorItem{{Code: "CURRENCY_UNSUPPORTED", Error: "Pair is not supported"}}})
			return
		}
		writeJSON(w, 200, map[string]any{"result": true, "id": o.ID, "depositAddress": o.DepositAddress, "depositTag": o.DepositMemo,
			"ccyAmountFrom": o.AmountIn.String(), "ccyAmountToExpected": o.AmountOut.String(),
			"expiresAt": o.ExpiresAt.UTC().Format(time.RFC3339Nano)})
	})
	mux.HandleFunc("GET "+statusPath, func(w http.ResponseWriter, r *http.Request) {
		if !keyed(w, r) {
			return
		}
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 404, rateResponse{Result: &no, Error: "Exchange not found"})
			return
		}
		num := func(a swapscout.Amount) any {
			if a.IsZero() {
				return nil
			}
			return a.String()
		}
		writeJSON(w, 200, map[string]any{
			"id": o.ID, "x-status": simStatus[o.Stage], "x-fromCcy": symbols[o.From], "x-toCcy": symbols[o.To],
			"x-ccyDepositAddress": o.DepositAddress, "x-ccyDepositTag": o.DepositMemo, "x-ccyDepositHash": sim.Null(o.DepositTx),
			"x-ccyDestinationAddress": o.PayoutAddress, "x-ccyDestinationTag": o.PayoutMemo,
			"x-ccyRefundAddress": o.RefundAddress, "x-ccyRefundTag": o.RefundMemo,
			"x-ccyExpectedAmountFrom": sim.Num(o.AmountIn), "x-ccyExpectedAmountTo": sim.Num(o.AmountOut),
			"x-ccyAmountFrom": num(o.AmountPaid), "x-ccyAmountTo": num(o.AmountSent),
			"date": o.CreatedAt.UTC().Format("02.01.2006 15:04:05"), "txId": sim.Null(o.PayoutTx), "result": true,
		})
	})
}
