package majesticbank

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word Majestic Bank's /track shows for each simulated
// stage. Only "Waiting for funds" and "Completed" are in any source: the
// simulator says "Waiting for funds" until the payout is done (with received
// and confirmed growing once paid, as the track answer carries them), and
// words of its own for the endings no source shows.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "Waiting for funds", sim.StageConfirming: "Waiting for funds", sim.StageExchanging: "Waiting for funds",
	sim.StageSending: "Waiting for funds", sim.StageFinished: "Completed", sim.StageFailed: "Failed",
	sim.StageRefunded: "Refunded", sim.StageExpired: "Expired",
}

// simSwapRoutes adds GET /exchange, /pay and /track.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	create := func(fixed bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			from, ok1 := rev[strings.ToUpper(q.Get("from_currency"))]
			to, ok2 := rev[strings.ToUpper(q.Get("receive_currency"))]
			field := "from_amount"
			spec := sim.QuoteSpec{From: from, To: to, Fixed: fixed}
			if fixed {
				field, spec.Direction = "receive_amount", swapscout.Receive
			}
			amt, err := swapscout.ParseAmount(q.Get(field))
			switch {
			case !ok1:
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Bad from_currency currency symbol"})
				return
			case !ok2 || from == to:
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Bad receive_currency currency symbol"})
				return
			case err != nil || amt.Sign() <= 0:
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Bad " + field})
				return
			case len(q.Get("receive_address")) < 8:
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Bad receive_address"})
				return
			}
			spec.Amount = amt
			expiry := 600 * time.Minute
			if fixed {
				expiry = 10 * time.Minute
			}
			o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Get("receive_address"), Expiry: expiry})
			var le *sim.LimitError
			switch {
			case errors.As(err, &le) && le.Below:
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Amount below minimum " + le.Min.String()})
				return
			case errors.As(err, &le):
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Amount above maximum " + le.Max.String()})
				return
			case err != nil:
				writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": "Bad receive_currency currency symbol"})
				return
			}
			writeJSON(w, 200, map[string]any{"trx": o.ID, "from_currency": symbols[o.From], "from_amount": o.AmountIn.String(),
				"receive_currency": symbols[o.To], "receive_amount": o.AmountOut.String(), "address": o.DepositAddress,
				"expiration": int(o.ExpiresAt.Sub(o.CreatedAt) / time.Minute)})
		}
	}
	mux.HandleFunc("GET "+exchangePath, create(false))
	mux.HandleFunc("GET "+payPath, create(true))
	mux.HandleFunc("GET "+trackPath, func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.URL.Query().Get("trx"))
		if err != nil {
			writeJSON(w, 404, map[string]string{"error": "Not found", "message": "Trade not found"})
			return
		}
		confirmed := sim.Num(swapscout.AmountFromInt(0))
		if o.Stage >= sim.StageExchanging && o.Stage != sim.StageExpired {
			confirmed = sim.Num(o.AmountPaid)
		}
		received := o.AmountPaid
		if received.IsZero() {
			received = swapscout.AmountFromInt(0)
		}
		writeJSON(w, 200, map[string]any{"trx": o.ID, "status": simStatus[o.Stage], "from_currency": symbols[o.From],
			"from_amount": sim.Num(o.AmountIn), "receive_currency": symbols[o.To], "receive_amount": sim.Num(o.AmountOut),
			"address": o.DepositAddress, "received": sim.Num(received), "confirmed": confirmed})
	})
}
