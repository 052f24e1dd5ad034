package stealthex

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word StealthEX shows for each simulated stage. It
// documents no word for an unpaid order that lapsed: the sim says "failed".
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "confirming", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "finished", sim.StageFailed: "failed",
	sim.StageRefunded: "refunded", sim.StageExpired: "failed",
	sim.StageHeld: "verifying",
}

type simCreate struct {
	Route struct {
		From code `json:"from"`
		To   code `json:"to"`
	} `json:"route"`
	Estimation, Rate string
	Amount           json.RawMessage
	Address          string
	ExtraID          string `json:"extra_id"`
	RefundAddress    string `json:"refund_address"`
	RefundExtraID    string `json:"refund_extra_id"`
	RateID           string `json:"rate_id"`
}

// simSwapRoutes adds POST /v4/exchanges (201) and GET /v4/exchanges/{id} in
// the shape of cake's create_exchange.json.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	keyed := func(w http.ResponseWriter, r *http.Request) bool {
		if key, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); !found || key == "" {
			writeErr(w, 401, "NoUserApiKey", "API key is required")
			return false
		}
		return true
	}
	mux.HandleFunc("POST "+exchangesPath, func(w http.ResponseWriter, r *http.Request) {
		if !keyed(w, r) {
			return
		}
		var q simCreate
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&q); err != nil {
			writeErr(w, 400, "InvalidData", "invalid request body")
			return
		}
		from, ok1 := rev[q.Route.From]
		to, ok2 := rev[q.Route.To]
		amt, err := swapscout.ParseAmount(string(q.Amount))
		switch {
		case !ok1 || !ok2 || from == to:
			writeErr(w, 404, "NoPair", "One or both currencies do not exist")
			return
		case len(q.Amount) > 0 && q.Amount[0] == '"':
			writeErr(w, 400, "InvalidData", "amount: expected number, received string")
			return
		case err != nil:
			writeErr(w, 400, "InvalidData", "amount: required")
			return
		case len(q.Address) < 8:
			writeErr(w, 400, "InvalidAddress", "Invalid withdrawal address")
			return
		case q.Rate == "fixed" && q.RateID == "":
			writeErr(w, 400, "RateId", "rate_id is required for fixed rate")
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: amt, Fixed: q.Rate == "fixed"}
		if q.Estimation == "reversed" {
			spec.Direction = swapscout.Receive
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Address, PayoutMemo: q.ExtraID,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID, Expiry: time.Hour})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeErr(w, 400, "InvalidAmount", "Amount is less than minimal")
			return
		case errors.As(err, &le):
			writeErr(w, 400, "InvalidAmount", "Amount is greater than maximal")
			return
		case err != nil:
			writeErr(w, 404, "NoExchangeRoute", "No exchange route for this pair")
			return
		}
		writeJSON(w, 201, simExchange(o))
	})
	mux.HandleFunc("GET "+exchangesPath+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		if !keyed(w, r) {
			return
		}
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeErr(w, 404, "NotFound", "Exchange not found")
			return
		}
		writeJSON(w, 200, simExchange(o))
	})
}

func simExchange(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	rate := "floating"
	if o.Fixed {
		rate = "fixed"
	}
	depositAmount, payout := o.AmountIn, o.AmountOut
	if !o.AmountPaid.IsZero() {
		depositAmount = o.AmountPaid
	}
	if !o.AmountSent.IsZero() {
		payout = o.AmountSent
	}
	var expires any
	if o.Fixed {
		expires = o.ExpiresAt.UTC().Format(time.RFC3339Nano)
	}
	return map[string]any{
		"id": o.ID, "status": simStatus[o.Stage], "rate": rate,
		"deposit": map[string]any{"symbol": from.Symbol, "network": from.Network, "amount": sim.Num(depositAmount),
			"expected_amount": sim.Num(o.AmountIn), "address": o.DepositAddress, "extra_id": sim.Null(o.DepositMemo),
			"tx_hash": sim.Null(o.DepositTx), "address_explorer_url": nil, "tx_explorer_url": nil},
		"withdrawal": map[string]any{"symbol": to.Symbol, "network": to.Network, "amount": sim.Num(payout),
			"expected_amount": sim.Num(o.AmountOut), "address": o.PayoutAddress, "extra_id": sim.Null(o.PayoutMemo),
			"tx_hash": sim.Null(o.PayoutTx), "address_explorer_url": nil, "tx_explorer_url": nil},
		"refund_address": o.RefundAddress, "refund_extra_id": sim.Null(o.RefundMemo),
		"created_at": o.CreatedAt.UTC().Format(time.RFC3339Nano), "expires_at": expires,
	}
}
