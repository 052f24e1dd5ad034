package stealthex

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/stealthex"
)

// words are the statuses StealthEX shows, from the adapter's table. It
// documents no word for an unpaid order that lapsed: the sim says "failed".
var words = swapsim.WordsOf(stealthex.StatusWords).With(sim.StageExpired, "failed")

// createRequest is the adapter's createRequest as the venue reads it.
type createRequest struct {
	Route struct {
		From stealthex.Code `json:"from"`
		To   stealthex.Code `json:"to"`
	} `json:"route"`
	Estimation, Rate string
	Amount           json.RawMessage
	Address          string
	ExtraID          string `json:"extra_id"`
	RefundAddress    string `json:"refund_address"`
	RefundExtraID    string `json:"refund_extra_id"`
	RateID           string `json:"rate_id"`
}

// swapRoutes adds POST /v4/exchanges (201) and GET /v4/exchanges/{id} in
// the shape of cake's create_exchange.json.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("POST "+stealthex.ExchangesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		var q createRequest
		if err := swapsim.Decode(w, r, &q); err != nil {
			writeErr(w, 400, "InvalidData", "invalid request body")
			return
		}
		from, to, ok := swapsim.Pair(codes, q.Route.From, q.Route.To)
		amt, err := swapscout.ParseAmount(string(q.Amount))
		switch {
		case !ok:
			writeErr(w, 404, "NoPair", "One or both currencies do not exist")
			return
		case len(q.Amount) > 0 && q.Amount[0] == '"':
			writeErr(w, 400, "InvalidData", "amount: expected number, received string")
			return
		case err != nil:
			writeErr(w, 400, "InvalidData", "amount: required")
			return
		case swapsim.BadAddress(q.Address):
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
		if refuseExchange.Write(w, err) {
			return
		}
		writeJSON(w, 201, exchange(o))
	}))
	mux.HandleFunc("GET "+stealthex.ExchangesPath+"/{id}", keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeErr(w, 404, "NotFound", "Exchange not found")
			return
		}
		writeJSON(w, 200, exchange(o))
	}))
}

// exchange is an order in StealthEX's exchange shape.
func exchange(o sim.Order) map[string]any {
	from, to := stealthex.Symbols[o.From], stealthex.Symbols[o.To]
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
		"id": o.ID, "status": words[o.Stage], "rate": rate,
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
