package wizardswap

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word WizardSwap shows for each simulated stage. It has no
// word for an unpaid order that lapsed (orders expire after 15 minutes): the
// simulator says "failed".
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "confirming", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "finished", sim.StageFailed: "failed",
	sim.StageRefunded: "refunded", sim.StageExpired: "failed",
	sim.StageHeld: "verifying",
}

// simSwapRoutes adds POST /exchange and GET /exchange/{id}, tab first.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	mux.HandleFunc("POST /exchange", func(w http.ResponseWriter, r *http.Request) {
		var q struct {
			exchangeRequest
			AmountFrom swapscout.Amount `json:"amount_from"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&q); err != nil || q.AmountFrom.Sign() <= 0 {
			writeTab(w, 200, false)
			return
		}
		from, ok1 := rev[strings.ToLower(q.CurrencyFrom)]
		to, ok2 := rev[strings.ToLower(q.CurrencyTo)]
		if !ok1 || !ok2 {
			writeTab(w, 200, msgNoLiquidity)
			return
		}
		if len(q.AddressTo) < 8 { // the venue's answer to a payout address it refuses
			writeTab(w, 200, map[string]any{"id": x.NewID("wz"), "status": "failed", "address_from": nil, "address_to": nil,
				"currency_from": q.CurrencyFrom, "currency_to": q.CurrencyTo})
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: q.AmountFrom},
			PayoutAddress: q.AddressTo, PayoutMemo: q.ExtraIDTo, RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID,
			Expiry: 15 * time.Minute})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeTab(w, 200, msgTooLow)
		case err != nil:
			writeTab(w, 200, msgNoLiquidity)
		default:
			writeTab(w, 200, simExchange(o))
		}
	})
	mux.HandleFunc("GET /exchange/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeTab(w, 404, false)
			return
		}
		writeTab(w, 200, simExchange(o))
	})
}

func simExchange(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	return map[string]any{
		"id": o.ID, "type": "float", "timestamp": o.CreatedAt.UTC().Format("2006-01-02 15:04:05"),
		"updated_at": o.UpdatedAt.UTC().Format("2006-01-02 15:04:05"), "currency_from": from, "currency_to": to,
		"amount_from": o.AmountIn.String(), "expected_amount": o.AmountIn.String(), "amount_to": o.AmountOut.String(),
		"address_from": o.DepositAddress, "address_to": o.PayoutAddress, "extra_id_from": sim.Null(o.DepositMemo),
		"extra_id_to": o.PayoutMemo, "tx_from": o.DepositTx, "tx_to": o.PayoutTx, "status": simStatus[o.Stage],
		"currencies": map[string]any{}, "refund_address": o.RefundAddress, "refund_extra_id": o.RefundMemo,
	}
}
