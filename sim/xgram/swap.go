package xgram

import (
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/xgram"
)

// words are the x-statuses Xgram shows, from the adapter's table.
var words = swapsim.WordsOf(xgram.StatusWords, "x-awaiting_funds", "x-error")

// swapRoutes adds GET /launch-new-exchange and GET /fetch-status-info.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("GET "+xgram.CreatePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		from, to, ok := swapsim.Pair(codes, strings.ToUpper(q.Get("fromCcy")), strings.ToUpper(q.Get("toCcy")))
		amt, err := swapscout.ParseAmount(q.Get("ccyAmount"))
		switch {
		case !ok:
			unsupported(w)
			return
		case err != nil || amt.Sign() <= 0:
			noAmount(w)
			return
		case swapsim.BadAddress(q.Get("toAddress")):
			writeJSON(w, 200, failed("Invalid toAddress"))
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: amt, Fixed: q.Get("type") == "fixed"},
			PayoutAddress: q.Get("toAddress"), PayoutMemo: q.Get("toAddressTag"), RefundAddress: q.Get("refundAddress"),
			RefundMemo: q.Get("refundTag"), Expiry: time.Hour})
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, le *sim.LimitError) { writeJSON(w, 400, errorsOf(limitItem(le))) },
			Pair:  unsupported,
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, map[string]any{"result": true, "id": o.ID, "depositAddress": o.DepositAddress, "depositTag": o.DepositMemo,
			"ccyAmountFrom": o.AmountIn.String(), "ccyAmountToExpected": o.AmountOut.String(),
			"expiresAt": o.ExpiresAt.UTC().Format(time.RFC3339Nano)})
	}))
	mux.HandleFunc("GET "+xgram.StatusPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 404, failed("Exchange not found"))
			return
		}
		num := swapsim.NullString
		writeJSON(w, 200, map[string]any{
			"id": o.ID, "x-status": words[o.Stage], "x-fromCcy": xgram.Symbols[o.From], "x-toCcy": xgram.Symbols[o.To],
			"x-ccyDepositAddress": o.DepositAddress, "x-ccyDepositTag": o.DepositMemo, "x-ccyDepositHash": sim.Null(o.DepositTx),
			"x-ccyDestinationAddress": o.PayoutAddress, "x-ccyDestinationTag": o.PayoutMemo,
			"x-ccyRefundAddress": o.RefundAddress, "x-ccyRefundTag": o.RefundMemo,
			"x-ccyExpectedAmountFrom": sim.Num(o.AmountIn), "x-ccyExpectedAmountTo": sim.Num(o.AmountOut),
			"x-ccyAmountFrom": num(o.AmountPaid), "x-ccyAmountTo": num(o.AmountSent),
			"date": o.CreatedAt.UTC().Format("02.01.2006 15:04:05"), "txId": sim.Null(o.PayoutTx), "result": true,
		})
	}))
}
