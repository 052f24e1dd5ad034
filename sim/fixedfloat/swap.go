package fixedfloat

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/fixedfloat"
)

// words are the statuses FixedFloat shows, from the adapter's table. A
// failed order waits for the user's choice (EMERGENCY); a refunded one is
// DONE with a transaction on its back leg.
var words = swapsim.WordsOf(fixedfloat.StatusWords).With(sim.StageFailed, "EMERGENCY").With(sim.StageRefunded, "DONE")

// createRequest is the adapter's createRequest as the venue reads it.
type createRequest struct {
	priceRequest
	ToAddress string
	Tag       *string
}

// swapRoutes adds the signed methods `create` and `order`, answering in
// crypto-power's OrderResponse shape; `order` needs the token `create` gave.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	method(mux, x, "create", func(w http.ResponseWriter, body []byte) {
		var q createRequest
		spec, ok := q.read(w, body, &q)
		if !ok {
			return
		}
		if swapsim.BadAddress(q.ToAddress) {
			writeEnvelope(w, 200, simCodeInvalid, "Invalid address", nil)
			return
		}
		memo := ""
		if q.Tag != nil {
			memo = *q.Tag
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.ToAddress, PayoutMemo: memo})
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeEnvelope(w, 200, simCodeInvalid, "Amount is less than the minimum", nil)
			},
			Above: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeEnvelope(w, 200, simCodeInvalid, "Amount is greater than the maximum", nil)
			},
			Pair: func(w http.ResponseWriter) {
				writeEnvelope(w, 200, simCodeCurrency, "Currency pair is not available", nil)
			},
		}).Write(w, err) {
			return
		}
		writeEnvelope(w, 200, 0, "", order(o, token(x, o.ID)))
	})
	method(mux, x, "order", func(w http.ResponseWriter, body []byte) {
		var q struct{ ID, Token string }
		_ = json.Unmarshal(body, &q)
		o, err := x.Order(q.ID)
		if err != nil || q.Token != token(x, q.ID) {
			writeEnvelope(w, 200, simCodeInvalid, "Order not found", nil)
			return
		}
		writeEnvelope(w, 200, 0, "", order(o, token(x, o.ID)))
	})
}

// token is an order's token: fixed by the order id and the venue's secret.
func token(x *sim.Exchange, id string) string {
	return fixedfloat.Sign(x.Secret()+"token", []byte(id))[:32]
}

// order is an order in crypto-power's OrderResponse shape.
func order(o sim.Order, token string) map[string]any {
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
		c := fixedfloat.Symbols[a]
		info, _ := swapscout.LookupAsset(a)
		return map[string]any{"code": simCode(c), "coin": c.Coin, "network": c.Network, "name": info.Name,
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
		"id": o.ID, "type": typ, "email": "", "status": words[o.Stage],
		"time": map[string]any{"reg": o.CreatedAt.Unix(), "start": start, "finish": finish, "update": o.UpdatedAt.Unix(),
			"expiration": o.ExpiresAt.Unix(), "left": max(0, int(left))},
		"from": from, "to": leg(o.To, o.AmountOut, o.PayoutAddress, o.PayoutMemo, tx(o.PayoutTx, o.AmountSent)), "back": back,
		"emergency": map[string]any{"status": []any{}, "choice": "NONE", "repeat": "0"},
		"token":     token,
	}
}
