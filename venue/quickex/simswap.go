package quickex

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

// simEvents are the event kinds a simulated order has logged by each stage,
// oldest first. The kinds of failure, refund and expiry are ours: no source
// shows Quickex's.
var simEvents = map[sim.Stage][]string{
	sim.StageWaiting:    {"CREATION_END"},
	sim.StageConfirming: {"CREATION_END", "INCOMING_FUNDS_DETECTED"},
	sim.StageExchanging: {"CREATION_END", "INCOMING_FUNDS_DETECTED", "DEPOSIT_REGISTERED"},
	sim.StageSending:    {"CREATION_END", "INCOMING_FUNDS_DETECTED", "DEPOSIT_REGISTERED", "FUNDS_WITHDRAWAL_START"},
	sim.StageFinished:   {"CREATION_END", "INCOMING_FUNDS_DETECTED", "DEPOSIT_REGISTERED", "FUNDS_WITHDRAWAL_START", "WITHDRAWAL_COMPLETED"},
	sim.StageFailed:     {"CREATION_END", "INCOMING_FUNDS_DETECTED", "DEPOSIT_REGISTERED", "ORDER_FAILED"},
	sim.StageRefunded:   {"CREATION_END", "INCOMING_FUNDS_DETECTED", "REFUND_COMPLETED"},
	sim.StageExpired:    {"CREATION_END", "ORDER_EXPIRED"},
}

// simSwapRoutes adds POST /v2/orders/public/create and GET
// /v2/orders/public-info (orderId and destinationAddress). A signed request
// must carry a valid signature; an unsigned one is taken, as v1 took them.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	badSig := func(w http.ResponseWriter, r *http.Request, payload string) bool {
		key := r.Header.Get("X-Api-Public-Key")
		if key == "" {
			return false
		}
		if r.Header.Get("X-Api-Signature") != signOrder(x.Secret(), r.Header.Get("X-Api-Timestamp"), payload, key) {
			writeJSON(w, 401, errorResponse{StatusCode: 401, Message: "Invalid signature"})
			return true
		}
		return false
	}
	// The AML address report (precheck.go). The simulator's rule, so tests
	// can name a flagged address that passes every local check: an address
	// ending in "0" is flagged.
	mux.HandleFunc("GET "+precheckPath, func(w http.ResponseWriter, r *http.Request) {
		if badSig(w, r, r.URL.RawQuery) {
			return
		}
		a := r.URL.Query().Get("address")
		if a == "" {
			writeJSON(w, 400, errorResponse{StatusCode: 400, Message: "Http Exception", Data: json.RawMessage(`{"address":"is required"}`)})
			return
		}
		writeJSON(w, 200, map[string]bool{"completed": true, "passed": !strings.HasSuffix(a, "0")})
	})
	mux.HandleFunc("POST "+createPath, func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		if err != nil || badSig(w, r, string(body)) {
			return
		}
		var q struct {
			createRequest
			ClaimedDepositAmount swapscout.Amount `json:"claimedDepositAmount"`
		}
		if json.Unmarshal(body, &q) != nil {
			writeJSON(w, 400, errorResponse{StatusCode: 400, Message: "Http Exception", Data: json.RawMessage(`{"body":"must be JSON"}`)})
			return
		}
		from, ok1 := rev[code{strings.ToUpper(q.InstrumentFrom.CurrencyTitle), strings.ToUpper(q.InstrumentFrom.NetworkTitle)}]
		to, ok2 := rev[code{strings.ToUpper(q.InstrumentTo.CurrencyTitle), strings.ToUpper(q.InstrumentTo.NetworkTitle)}]
		switch {
		case !ok1 || !ok2 || from == to:
			writeJSON(w, 422, errorResponse{StatusCode: 422, Message: "Http Exception", Data: json.RawMessage(`{"pair":"Pair is not supported"}`)})
			return
		case len(q.DestinationAddress) < 8:
			writeJSON(w, 400, errorResponse{StatusCode: 400, Message: "Invalid destination address"})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.ClaimedDepositAmount, Fixed: strings.EqualFold(q.RateMode, "FIXED")}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.DestinationAddress, PayoutMemo: q.DestinationAddressMemo,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundAddressMemo, Expiry: 3 * time.Hour})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			msg, bound := "Amount Too Small", le.Min
			if !le.Below {
				msg, bound = "Amount Too Big", le.Max
			}
			data, _ := json.Marshal(map[string]any{"details": map[string]any{"expected": bound}})
			writeJSON(w, 422, errorResponse{StatusCode: 422, Message: msg, Data: data})
			return
		case err != nil:
			writeJSON(w, 422, errorResponse{StatusCode: 422, Message: "Http Exception", Data: json.RawMessage(`{"pair":"Pair is not supported"}`)})
			return
		}
		writeJSON(w, 200, simOrder(o))
	})
	mux.HandleFunc("GET "+infoPath, func(w http.ResponseWriter, r *http.Request) {
		if badSig(w, r, r.URL.RawQuery) {
			return
		}
		q := r.URL.Query()
		o, err := x.Order(q.Get("orderId"))
		if err != nil || o.PayoutAddress != q.Get("destinationAddress") {
			writeJSON(w, 404, errorResponse{StatusCode: 404, Message: "Order not found"})
			return
		}
		writeJSON(w, 200, simOrder(o))
	})
}

func simOrder(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	kinds := simEvents[o.Stage]
	events := make([]map[string]any, 0, len(kinds))
	for i := len(kinds) - 1; i >= 0; i-- { // newest first
		at := o.CreatedAt
		switch {
		case i == len(kinds)-1:
			at = o.UpdatedAt
		case i > 0 && !o.PaidAt.IsZero():
			at = o.PaidAt
		}
		events = append(events, map[string]any{"kind": kinds[i], "createdAt": at.UTC().Format(time.RFC3339Nano)})
	}
	leg := func(a swapscout.Asset, c code, amount swapscout.Amount, tx string) []any {
		if amount.IsZero() {
			return []any{}
		}
		return []any{map[string]any{"instrument": map[string]any{"currencyTitle": c.Currency, "networkTitle": c.Network},
			"amount": amount.String(), "txId": sim.Null(tx), "createdAt": o.UpdatedAt.UTC().Format(time.RFC3339Nano)}}
	}
	return map[string]any{
		"orderId": o.ID, "instrumentFromCurrencyTitle": from.Currency, "instrumentFromNetworkTitle": from.Network,
		"instrumentToCurrencyTitle": to.Currency, "instrumentToNetworkTitle": to.Network,
		"depositAddress":     map[string]any{"orderId": o.ID, "depositAddress": o.DepositAddress, "depositAddressMemo": sim.Null(o.DepositMemo)},
		"destinationAddress": o.PayoutAddress, "destinationAddressMemo": sim.Null(o.PayoutMemo),
		"refundAddress": o.RefundAddress, "claimedDepositAmount": o.AmountIn.String(), "amountToGet": o.AmountOut.String(),
		"price": o.Rate.String(), "claimedNetworkFee": o.NetworkFee.String(), "completed": o.Stage == sim.StageFinished,
		"failedToCreate": false, "isPendingToCreate": false, "createdAt": o.CreatedAt.UTC().Format(time.RFC3339Nano),
		"orderEvents": events, "deposits": leg(o.From, from, o.AmountPaid, o.DepositTx),
		"withdrawals": leg(o.To, to, o.AmountSent, o.PayoutTx),
	}
}
