package majesticbank

import (
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/majesticbank"
)

// words are the statuses Majestic Bank's /track shows, from the adapter's
// table. Only "Waiting for funds" and "Completed" are in any source: the
// simulator says "Waiting for funds" until the payout is done (with received
// and confirmed growing once paid, as the track answer carries them), and
// words of its own for the endings no source shows.
var words = swapsim.WordsOf(majesticbank.StatusWords).
	With(sim.StageConfirming, "Waiting for funds").With(sim.StageExchanging, "Waiting for funds").
	With(sim.StageSending, "Waiting for funds").With(sim.StageFailed, "Failed").
	With(sim.StageRefunded, "Refunded").With(sim.StageExpired, "Expired")

// swapRoutes adds GET /exchange, /pay and /track.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	create := func(fixed bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			invalid := func(msg string) { writeJSON(w, 400, map[string]string{"error": "Invalid request", "message": msg}) }
			from, to, bad := pair(q.Get("from_currency"), q.Get("receive_currency"))
			field := "from_amount"
			spec := sim.QuoteSpec{From: from, To: to, Fixed: fixed}
			if fixed {
				field, spec.Direction = "receive_amount", swapscout.Receive
			}
			amt, err := swapscout.ParseAmount(q.Get(field))
			switch {
			case bad != "":
				invalid("Bad " + bad + " currency symbol")
				return
			case err != nil || amt.Sign() <= 0:
				invalid("Bad " + field)
				return
			case swapsim.BadAddress(q.Get("receive_address")):
				invalid("Bad receive_address")
				return
			}
			spec.Amount = amt
			expiry := 600 * time.Minute
			if fixed {
				expiry = 10 * time.Minute
			}
			o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Get("receive_address"), Expiry: expiry})
			if (swapsim.Refusal{
				Below: func(_ http.ResponseWriter, le *sim.LimitError) { invalid("Amount below minimum " + le.Min.String()) },
				Above: func(_ http.ResponseWriter, le *sim.LimitError) { invalid("Amount above maximum " + le.Max.String()) },
				Pair:  func(http.ResponseWriter) { invalid("Bad receive_currency currency symbol") },
			}).Write(w, err) {
				return
			}
			writeJSON(w, 200, map[string]any{"trx": o.ID, "from_currency": majesticbank.Symbols[o.From], "from_amount": o.AmountIn.String(),
				"receive_currency": majesticbank.Symbols[o.To], "receive_amount": o.AmountOut.String(), "address": o.DepositAddress,
				"expiration": int(o.ExpiresAt.Sub(o.CreatedAt) / time.Minute)})
		}
	}
	mux.HandleFunc("GET "+majesticbank.ExchangePath, create(false))
	mux.HandleFunc("GET "+majesticbank.PayPath, create(true))
	mux.HandleFunc("GET "+majesticbank.TrackPath, func(w http.ResponseWriter, r *http.Request) {
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
		writeJSON(w, 200, map[string]any{"trx": o.ID, "status": words[o.Stage], "from_currency": majesticbank.Symbols[o.From],
			"from_amount": sim.Num(o.AmountIn), "receive_currency": majesticbank.Symbols[o.To], "receive_amount": sim.Num(o.AmountOut),
			"address": o.DepositAddress, "received": sim.Num(received), "confirmed": confirmed})
	})
}
