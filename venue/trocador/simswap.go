package trocador

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word Trocador shows for each simulated stage. It has no
// word for the exchanging stage: a trade stays "confirming" until "sending".
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "confirming", sim.StageExchanging: "confirming",
	sim.StageSending: "sending", sim.StageFinished: "finished", sim.StageFailed: "failed",
	sim.StageRefunded: "refunded", sim.StageExpired: "expired",
}

// simSwapRoutes adds GET /new_trade and GET /trade?id= in the shape of
// cake's recordings.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	mux.HandleFunc("GET "+newTradePath, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("API-Key") == "" {
			writeJSON(w, 401, errorResponse{Error: "Invalid API key"})
			return
		}
		q := r.URL.Query()
		from, ok1 := rev[code{strings.ToLower(q.Get("ticker_from")), q.Get("network_from")}]
		to, ok2 := rev[code{strings.ToLower(q.Get("ticker_to")), q.Get("network_to")}]
		payment := strings.EqualFold(q.Get("payment"), "true")
		field := "amount_from"
		if payment {
			field = "amount_to"
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		switch {
		case !ok1 || !ok2 || from == to:
			writeJSON(w, 404, errorResponse{Error: noRate})
			return
		case q.Get("id") == "" || q.Get("provider") == "":
			writeJSON(w, 400, errorResponse{Error: "Missing trade id or provider"})
			return
		case err != nil || amt.Sign() <= 0:
			writeJSON(w, 400, errorResponse{Error: "Invalid " + field})
			return
		case len(q.Get("address")) < 8:
			writeJSON(w, 400, errorResponse{Error: "Invalid address", Message: "The payout address is not valid for " + q.Get("ticker_to")})
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
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeJSON(w, 400, errorResponse{Error: "Amount below the minimum"})
			return
		case errors.As(err, &le):
			writeJSON(w, 400, errorResponse{Error: "Amount above the maximum"})
			return
		case err != nil:
			writeJSON(w, 404, errorResponse{Error: noRate})
			return
		}
		writeJSON(w, 200, simTrade(o, q.Get("provider"), false))
	})
	mux.HandleFunc("GET "+tradePath, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("API-Key") == "" {
			writeJSON(w, 401, errorResponse{Error: "Invalid API key"})
			return
		}
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 200, []any{})
			return
		}
		writeJSON(w, 200, []any{simTrade(o, "Swapuz", true)})
	})
}

func simTrade(o sim.Order, provider string, full bool) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	fi, _ := swapscout.LookupAsset(o.From)
	ti, _ := swapscout.LookupAsset(o.To)
	m := map[string]any{
		"trade_id": o.ID, "date": o.CreatedAt.UTC().Format("2006-01-02T15:04:05.000000Z"), "type": "api",
		"ticker_from": from.Ticker, "ticker_to": to.Ticker, "coin_from": fi.Name, "coin_to": ti.Name,
		"network_from": from.Network, "network_to": to.Network, "amount_from": sim.Num(o.AmountIn), "amount_to": sim.Num(o.AmountOut),
		"provider": provider, "fixed": o.Fixed, "payment": o.Direction == swapscout.Receive, "status": simStatus[o.Stage],
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
