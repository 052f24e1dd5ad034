package changehero

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word ChangeHero shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "confirming", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "finished", sim.StageFailed: "failed",
	sim.StageRefunded: "refunded", sim.StageExpired: "overdue",
	sim.StageHeld: "hold",
}

type simSwapRequest struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		createParams
		ID string `json:"id"`
	} `json:"params"`
}

// simSwapRPC answers the swap methods (createTransaction,
// createFixTransaction, getTransactions, getStatus) and hands every other
// call to next with its body intact.
func simSwapRPC(x *sim.Exchange, next func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter, *http.Request) {
	rev := symbols.Reverse()
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		var q simSwapRequest
		if err != nil || json.Unmarshal(body, &q) != nil || r.Header.Get("api-key") == "" {
			r.Body = io.NopCloser(bytes.NewReader(body))
			next(w, r)
			return
		}
		reply := func(result any) { writeRPC(w, 200, simResponse{ID: q.ID, Result: result}) }
		fail := func(code int, msg string) {
			writeRPC(w, 200, simResponse{ID: q.ID, Error: &simError{Code: code, Message: msg}})
		}
		p := q.Params
		switch q.Method {
		case "getTransactions", "getStatus":
			o, err := x.Order(p.ID)
			switch {
			case err != nil && q.Method == "getStatus":
				fail(-32602, "Transaction not found")
			case err != nil:
				reply([]any{})
			case q.Method == "getStatus":
				reply(simStatus[o.Stage])
			default:
				reply([]any{simTransaction(o)})
			}
			return
		case "createTransaction", "createFixTransaction":
		default:
			r.Body = io.NopCloser(bytes.NewReader(body))
			next(w, r)
			return
		}
		from, ok1 := rev[code{p.From, p.ChainFrom}]
		to, ok2 := rev[code{p.To, p.ChainTo}]
		fixed := q.Method == "createFixTransaction"
		spec := sim.QuoteSpec{From: from, To: to, Fixed: fixed}
		amount := p.Amount
		if fixed && p.AmountTo != "" {
			spec.Direction, amount = swapscout.Receive, p.AmountTo
		}
		amt, err := swapscout.ParseAmount(amount)
		switch {
		case !ok1:
			fail(-32602, "Invalid currency: "+p.From)
			return
		case !ok2 || from == to:
			fail(-32602, "Invalid currency: "+p.To)
			return
		case err != nil || amt.Sign() <= 0:
			fail(-32602, "Invalid amount")
			return
		case len(p.Address) < 8:
			fail(-32600, "Invalid address: "+p.Address)
			return
		case fixed && p.RateID == "":
			fail(-32600, "Invalid rateId")
			return
		}
		spec.Amount = amt
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: p.Address, PayoutMemo: p.ExtraID,
			RefundAddress: p.RefundAddress, RefundMemo: p.RefundExtraID})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			fail(-32600, "Invalid amount: minimal amount is "+le.Min.String())
		case errors.As(err, &le):
			fail(-32600, "Invalid amount: maximal amount is "+le.Max.String())
		case err != nil:
			fail(-32602, "Invalid currency: "+p.To)
		default:
			reply(simTransaction(o))
		}
	}
}

func simTransaction(o sim.Order) map[string]any {
	from, to := symbols[o.From], symbols[o.To]
	return map[string]any{
		"id": o.ID, "status": simStatus[o.Stage], "amountExpectedFrom": o.AmountIn.String(), "amountExpectedTo": o.AmountOut.String(),
		"amountTo": o.AmountSent.String(), "payinAddress": o.DepositAddress, "payinExtraId": sim.Null(o.DepositMemo),
		"payoutAddress": o.PayoutAddress, "payoutExtraId": sim.Null(o.PayoutMemo), "refundAddress": o.RefundAddress,
		"refundExtraId": sim.Null(o.RefundMemo), "currencyFrom": from.Ticker, "currencyTo": to.Ticker,
		"chainFrom": from.Chain, "chainTo": to.Chain, "payinHash": sim.Null(o.DepositTx), "payoutHash": sim.Null(o.PayoutTx),
		"createdAt": o.CreatedAt.Unix(),
	}
}
