package wizardswap

import (
	"net/http"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/wizardswap"
)

// words are the statuses WizardSwap shows, from the adapter's table. It has
// no word for an unpaid order that lapsed (orders expire after 15 minutes):
// the simulator says "failed".
var words = swapsim.WordsOf(wizardswap.StatusWords).With(sim.StageExpired, "failed")

// swapRoutes adds POST /exchange and GET /exchange/{id}, tab first.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("POST "+wizardswap.ExchangePath, func(w http.ResponseWriter, r *http.Request) {
		var q wizardswap.ExchangeRequest
		if err := swapsim.Decode(w, r, &q); err != nil || q.AmountFrom.Sign() <= 0 {
			writeTab(w, 200, false)
			return
		}
		from, to, ok := pair(q.CurrencyFrom, q.CurrencyTo)
		if !ok {
			writeTab(w, 200, wizardswap.MsgNoLiquidity)
			return
		}
		if swapsim.BadAddress(q.AddressTo) { // the venue's answer to a payout address it refuses
			writeTab(w, 200, map[string]any{"id": x.NewID("wz"), "status": "failed", "address_from": nil, "address_to": nil,
				"currency_from": q.CurrencyFrom, "currency_to": q.CurrencyTo})
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: q.AmountFrom},
			PayoutAddress: q.AddressTo, PayoutMemo: q.ExtraIDTo, RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID,
			Expiry: 15 * time.Minute})
		switch {
		case below(err):
			writeTab(w, 200, wizardswap.MsgTooLow)
		case err != nil:
			writeTab(w, 200, wizardswap.MsgNoLiquidity)
		default:
			writeTab(w, 200, exchange(o))
		}
	})
	mux.HandleFunc("GET "+wizardswap.ExchangePath+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeTab(w, 404, false)
			return
		}
		writeTab(w, 200, exchange(o))
	})
}

// exchange is an order in the shape Edge and crypto-power decode.
func exchange(o sim.Order) map[string]any {
	from, to := wizardswap.Symbols[o.From], wizardswap.Symbols[o.To]
	return map[string]any{
		"id": o.ID, "type": "float", "timestamp": o.CreatedAt.UTC().Format("2006-01-02 15:04:05"),
		"updated_at": o.UpdatedAt.UTC().Format("2006-01-02 15:04:05"), "currency_from": from, "currency_to": to,
		"amount_from": o.AmountIn.String(), "expected_amount": o.AmountIn.String(), "amount_to": o.AmountOut.String(),
		"address_from": o.DepositAddress, "address_to": o.PayoutAddress, "extra_id_from": sim.Null(o.DepositMemo),
		"extra_id_to": o.PayoutMemo, "tx_from": o.DepositTx, "tx_to": o.PayoutTx, "status": words[o.Stage],
		"currencies": map[string]any{}, "refund_address": o.RefundAddress, "refund_extra_id": o.RefundMemo,
	}
}
