package changenow

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word ChangeNOW's by-id shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "confirming", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "finished", sim.StageFailed: "failed",
	sim.StageRefunded: "refunded", sim.StageExpired: "expired",
	sim.StageHeld: "verifying",
}

// simCreateRequest is createRequest as the venue reads it: amounts as
// strings or numbers.
type simCreateRequest struct {
	FromCurrency  string           `json:"fromCurrency"`
	ToCurrency    string           `json:"toCurrency"`
	FromNetwork   string           `json:"fromNetwork"`
	ToNetwork     string           `json:"toNetwork"`
	FromAmount    swapscout.Amount `json:"fromAmount"`
	ToAmount      swapscout.Amount `json:"toAmount"`
	Address       string           `json:"address"`
	ExtraID       string           `json:"extraId"`
	RefundAddress string           `json:"refundAddress"`
	RefundExtraID string           `json:"refundExtraId"`
	Flow          string           `json:"flow"`
	Type          string           `json:"type"`
	RateID        string           `json:"rateId"`
}

// simSwapRoutes adds POST /v2/exchange and GET /v2/exchange/by-id, in the
// shapes of cake's create_exchange.json and by_id.json, on the sim's orders.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	keyed := func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("x-changenow-api-key") == "" {
			writeJSON(w, 401, errorBody{Error: "unauthorized", Message: "Unauthorized"})
			return false
		}
		return true
	}
	mux.HandleFunc("POST /v2/exchange", func(w http.ResponseWriter, r *http.Request) {
		if !keyed(w, r) {
			return
		}
		var q simCreateRequest
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&q); err != nil {
			writeJSON(w, 400, errorBody{Error: "not_valid_params", Message: "Invalid JSON body"})
			return
		}
		from, ok1 := rev[code{q.FromCurrency, q.FromNetwork}]
		to, ok2 := rev[code{q.ToCurrency, q.ToNetwork}]
		if !ok1 || !ok2 || from == to {
			writeJSON(w, 400, errorBody{Error: "pair_is_inactive", Message: "Pair is inactive"})
			return
		}
		if len(q.Address) < 8 {
			writeJSON(w, 400, errorBody{Error: "not_valid_address", Message: "Invalid address"})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.FromAmount, Fixed: q.Flow == "fixed-rate"}
		if q.Type == "reverse" {
			spec.Direction, spec.Amount = swapscout.Receive, q.ToAmount
		}
		if spec.Fixed && q.RateID == "" {
			writeJSON(w, 400, errorBody{Error: "not_valid_params", Message: "rateId is required for fixed-rate flow"})
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Address, PayoutMemo: q.ExtraID,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID, Expiry: time.Hour})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			name, msg := "deposit_too_small", "Out of min amount"
			if !le.Below {
				name, msg = "deposit_too_large", "Out of max amount"
			}
			writeJSON(w, 400, errorBody{Error: name, Message: msg, Payload: map[string]any{"range": rangeOf(le.Min, le.Max)}})
			return
		case err != nil:
			writeJSON(w, 400, errorBody{Error: "pair_is_inactive", Message: "Pair is inactive"})
			return
		}
		writeJSON(w, 200, simOrderJSON(o, false))
	})
	mux.HandleFunc("GET /v2/exchange/by-id", func(w http.ResponseWriter, r *http.Request) {
		if !keyed(w, r) {
			return
		}
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 404, errorBody{Error: "exchange_not_found", Message: "Exchange not found"})
			return
		}
		writeJSON(w, 200, simOrderJSON(o, true))
	})
}

// simOrderJSON is an order in the create shape, or (full) the by-id shape.
func simOrderJSON(o sim.Order, full bool) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	memo := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	flow, typ := "standard", "direct"
	if o.Fixed {
		flow = "fixed-rate"
	}
	if o.Direction == swapscout.Receive {
		typ = "reverse"
	}
	m := map[string]any{
		"id": o.ID, "fromAmount": sim.Num(o.AmountIn), "toAmount": sim.Num(o.AmountOut), "flow": flow, "type": typ,
		"payinAddress": o.DepositAddress, "payoutAddress": o.PayoutAddress, "fromCurrency": from.Ticker, "toCurrency": to.Ticker,
		"refundAddress": o.RefundAddress, "directedAmount": sim.Num(o.AmountIn), "fromNetwork": from.Network, "toNetwork": to.Network,
	}
	if o.DepositMemo != "" {
		m["payinExtraId"] = o.DepositMemo
	}
	if !full {
		return m
	}
	delete(m, "fromAmount")
	delete(m, "toAmount")
	delete(m, "directedAmount")
	delete(m, "flow")
	delete(m, "type")
	tx := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	m["status"] = simStatus[o.Stage]
	m["actionsAvailable"] = false
	m["expectedAmountFrom"], m["expectedAmountTo"] = sim.Num(o.AmountIn), sim.Num(o.AmountOut)
	m["amountFrom"], m["amountTo"] = sim.NumPtr(o.AmountPaid), sim.NumPtr(o.AmountSent)
	m["payinExtraId"], m["payoutExtraId"], m["refundExtraId"] = memo(o.DepositMemo), memo(o.PayoutMemo), memo(o.RefundMemo)
	m["createdAt"], m["updatedAt"] = o.CreatedAt.UTC().Format(time.RFC3339Nano), o.UpdatedAt.UTC().Format(time.RFC3339Nano)
	m["validUntil"] = nil
	if o.Fixed {
		m["validUntil"] = o.ExpiresAt.UTC().Format(time.RFC3339Nano)
	}
	m["depositReceivedAt"] = nil
	if !o.PaidAt.IsZero() {
		m["depositReceivedAt"] = o.PaidAt.UTC().Format(time.RFC3339Nano)
	}
	m["payinHash"], m["payoutHash"], m["refundHash"] = tx(o.DepositTx), tx(o.PayoutTx), tx(o.RefundTx)
	m["refundAmount"] = sim.NumPtr(o.AmountRefunded)
	m["fromLegacyTicker"], m["toLegacyTicker"] = from.Ticker, to.Ticker+to.Network
	m["userId"], m["originalExchangeInfo"] = nil, nil
	m["relatedExchangesInfo"], m["repeatedExchangesInfo"] = []any{}, []any{}
	return m
}
