package trocador

import (
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/trocador"
)

// words are the statuses Trocador shows, from the adapter's table. It has
// no word for the exchanging stage: a trade stays "confirming" until
// "sending".
var words = swapsim.WordsOf(trocador.StatusWords, "waiting").With(sim.StageExchanging, "confirming")

// swapRoutes adds GET /new_trade and GET /trade?id= in the shape of cake's
// recordings.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("GET "+trocador.NewTradePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		from, to, ok := swapsim.Pair(codes, code(q.Get("ticker_from"), q.Get("network_from")), code(q.Get("ticker_to"), q.Get("network_to")))
		payment := strings.EqualFold(q.Get("payment"), "true")
		field := "amount_from"
		if payment {
			field = "amount_to"
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		switch {
		case !ok:
			noTrade(w)
			return
		case q.Get("id") == "" || q.Get("provider") == "":
			writeJSON(w, 400, errorBody{Error: "Missing trade id or provider"})
			return
		case err != nil || amt.Sign() <= 0:
			writeJSON(w, 400, errorBody{Error: "Invalid " + field})
			return
		case swapsim.BadAddress(q.Get("address")):
			writeJSON(w, 400, errorBody{Error: "Invalid address", Message: "The payout address is not valid for " + q.Get("ticker_to")})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: amt, Fixed: strings.EqualFold(q.Get("fixed"), "true") || payment}
		if payment {
			spec.Direction = swapscout.Receive
		}
		memo := func(s string) string {
			if s == "0" {
				return ""
			}
			return s
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Get("address"), PayoutMemo: memo(q.Get("address_memo")),
			RefundAddress: q.Get("refund"), RefundMemo: memo(q.Get("refund_memo")), Expiry: 30 * time.Minute})
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeJSON(w, 400, errorBody{Error: "Amount below the minimum"})
			},
			Above: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeJSON(w, 400, errorBody{Error: "Amount above the maximum"})
			},
			Pair: noTrade,
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, trade(o, q.Get("provider"), false))
	}))
	mux.HandleFunc("GET "+trocador.TradePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 200, []any{})
			return
		}
		writeJSON(w, 200, []any{trade(o, "Swapuz", true)})
	}))
}

// trade is an order as new_trade and trade give it.
func trade(o sim.Order, provider string, full bool) map[string]any {
	from, to := trocador.Symbols[o.From], trocador.Symbols[o.To]
	fi, _ := swapscout.LookupAsset(o.From)
	ti, _ := swapscout.LookupAsset(o.To)
	m := map[string]any{
		"trade_id": o.ID, "date": o.CreatedAt.UTC().Format("2006-01-02T15:04:05.000000Z"), "type": "api",
		"ticker_from": from.Ticker, "ticker_to": to.Ticker, "coin_from": fi.Name, "coin_to": ti.Name,
		"network_from": from.Network, "network_to": to.Network, "amount_from": sim.Num(o.AmountIn), "amount_to": sim.Num(o.AmountOut),
		"provider": provider, "fixed": o.Fixed, "payment": o.Direction == swapscout.Receive, "status": words[o.Stage],
		"address_provider": o.DepositAddress, "address_provider_memo": o.DepositMemo,
		"address_user": o.PayoutAddress, "address_user_memo": o.PayoutMemo,
		"refund_address": o.RefundAddress, "refund_address_memo": o.RefundMemo,
		"password": "sim" + o.ID, "id_provider": strings.ToUpper(o.ID[:6]),
		"quotes":            map[string]any{"kyc_list": []string{"A", "B", "C"}, "logpolicy_list": []string{"A", "B"}, "markup": true},
		"affiliate_partner": "swapscout",
	}
	if full {
		m["quotes"].(map[string]any)["expiresAt"] = o.ExpiresAt.UTC().Format("2006-01-02 15:04:05+00:00")
		m["hashout"] = o.PayoutTx
	}
	return m
}
