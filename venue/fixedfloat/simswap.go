package fixedfloat

import (
	"crypto/hmac"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word FixedFloat shows for each simulated stage. A failed
// order waits for the user's choice (EMERGENCY); a refunded one is DONE with
// a transaction on its back leg.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "NEW", sim.StageConfirming: "PENDING", sim.StageExchanging: "EXCHANGE",
	sim.StageSending: "WITHDRAW", sim.StageFinished: "DONE", sim.StageFailed: "EMERGENCY",
	sim.StageRefunded: "DONE", sim.StageExpired: "EXPIRED",
}

type simCreate struct {
	Type, FromCcy, ToCcy, Direction string
	Amount                          swapscout.Amount
	ToAddress                       string
	Tag                             *string
}

// simSwapRoutes adds the signed methods `create` and `order`, answering in
// crypto-power's OrderResponse shape; `order` needs the token `create` gave.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	byCode := make(map[string]swapscout.Asset, len(symbols))
	for a, c := range symbols {
		byCode[simCodes[c]] = a
	}
	signed := func(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		got := strings.ToLower(r.Header.Get("X-API-SIGN"))
		if err != nil || r.Header.Get("X-API-KEY") == "" || !hmac.Equal([]byte(got), []byte(sign(x.Secret(), body))) {
			writeEnvelope(w, 200, simCodeAuth, "Invalid API key or signature", nil)
			return nil, false
		}
		return body, true
	}
	mux.HandleFunc("POST /api/v2/create", func(w http.ResponseWriter, r *http.Request) {
		body, ok := signed(w, r)
		if !ok {
			return
		}
		var q simCreate
		if err := json.Unmarshal(body, &q); err != nil || (q.Type != "float" && q.Type != "fixed") ||
			(q.Direction != "from" && q.Direction != "to") || q.Amount.Sign() <= 0 {
			writeEnvelope(w, 200, simCodeInvalid, "Invalid request parameters", nil)
			return
		}
		from, ok1 := byCode[q.FromCcy]
		to, ok2 := byCode[q.ToCcy]
		switch {
		case !ok1 || !ok2:
			writeEnvelope(w, 200, simCodeCurrency, "Currency not found", nil)
			return
		case len(q.ToAddress) < 8:
			writeEnvelope(w, 200, simCodeInvalid, "Invalid address", nil)
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.Amount, Fixed: q.Type == "fixed"}
		if q.Direction == "to" {
			spec.Direction = swapscout.Receive
		}
		memo := ""
		if q.Tag != nil {
			memo = *q.Tag
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.ToAddress, PayoutMemo: memo})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeEnvelope(w, 200, simCodeInvalid, "Amount is less than the minimum", nil)
			return
		case errors.As(err, &le):
			writeEnvelope(w, 200, simCodeInvalid, "Amount is greater than the maximum", nil)
			return
		case err != nil:
			writeEnvelope(w, 200, simCodeCurrency, "Currency pair is not available", nil)
			return
		}
		writeEnvelope(w, 200, 0, "", simOrder(o, simToken(x, o.ID)))
	})
	mux.HandleFunc("POST /api/v2/order", func(w http.ResponseWriter, r *http.Request) {
		body, ok := signed(w, r)
		if !ok {
			return
		}
		var q orderRequest
		_ = json.Unmarshal(body, &q)
		o, err := x.Order(q.ID)
		if err != nil || q.Token != simToken(x, q.ID) {
			writeEnvelope(w, 200, simCodeInvalid, "Order not found", nil)
			return
		}
		writeEnvelope(w, 200, 0, "", simOrder(o, simToken(x, o.ID)))
	})
}

// simToken is an order's token: fixed by the order id and the venue's secret.
func simToken(x *sim.Exchange, id string) string { return sign(x.Secret()+"token", []byte(id))[:32] }

func simOrder(o sim.Order, token string) map[string]any {
	typ := "float"
	if o.Fixed {
		typ = "fixed"
	}
	tx := func(id string, amount swapscout.Amount) map[string]any {
		if id == "" {
			return map[string]any{"id": nil, "amount": nil, "fee": nil, "ccyfee": nil, "timeReg": nil, "timeBlock": nil, "confirmations": nil}
		}
		return map[string]any{"id": id, "amount": amount.String(), "fee": "0", "ccyfee": nil, "timeReg": o.UpdatedAt.Unix(), "timeBlock": o.UpdatedAt.Unix(), "confirmations": 1}
	}
	leg := func(a swapscout.Asset, amount swapscout.Amount, address, tag string, t map[string]any) map[string]any {
		c := symbols[a]
		info, _ := swapscout.LookupAsset(a)
		return map[string]any{"code": simCodes[c], "coin": c.Coin, "network": c.Network, "name": info.Name,
			"alias": strings.ToLower(info.Name), "amount": amount.String(), "address": address, "tag": sim.Null(tag), "tagName": nil, "tx": t}
	}
	from := leg(o.From, o.AmountIn, o.DepositAddress, o.DepositMemo, tx(o.DepositTx, o.AmountPaid))
	from["addressAlt"], from["reqConfirmations"], from["maxConfirmations"] = nil, 1, 6
	back := map[string]any{"code": nil, "coin": nil, "network": nil, "name": nil, "alias": nil, "amount": nil, "address": nil,
		"tag": nil, "tagName": nil, "tx": map[string]any{"id": nil}}
	if o.RefundTx != "" {
		back = leg(o.From, o.AmountRefunded, o.RefundAddress, o.RefundMemo, tx(o.RefundTx, o.AmountRefunded))
	}
	var start, finish any
	if !o.PaidAt.IsZero() {
		start = o.PaidAt.Unix()
	}
	if o.Stage.Terminal() {
		finish = o.UpdatedAt.Unix()
	}
	left := o.ExpiresAt.Sub(o.UpdatedAt).Seconds()
	return map[string]any{
		"id": o.ID, "type": typ, "email": "", "status": simStatus[o.Stage],
		"time": map[string]any{"reg": o.CreatedAt.Unix(), "start": start, "finish": finish, "update": o.UpdatedAt.Unix(),
			"expiration": o.ExpiresAt.Unix(), "left": max(0, int(left))},
		"from": from, "to": leg(o.To, o.AmountOut, o.PayoutAddress, o.PayoutMemo, tx(o.PayoutTx, o.AmountSent)), "back": back,
		"emergency": map[string]any{"status": []any{}, "choice": "NONE", "repeat": "0"},
		"token":     token,
	}
}
