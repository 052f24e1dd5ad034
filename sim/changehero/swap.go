package changehero

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/changehero"
)

// words are the statuses ChangeHero shows, from the adapter's table.
var words = swapsim.WordsOf(changehero.StatusWords, "waiting", "overdue")

// swapRPC answers the swap methods (createTransaction,
// createFixTransaction, getTransactions, getStatus) and hands every other
// call to next with its body intact.
func swapRPC(x *sim.Exchange, next func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := swapsim.Body(r)
		var q request
		if err != nil || json.Unmarshal(body, &q) != nil || r.Header.Get("api-key") == "" {
			r.Body = io.NopCloser(bytes.NewReader(body))
			next(w, r)
			return
		}
		reply, fail := answers(w, q.ID)
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
				reply(words[o.Stage])
			default:
				reply([]any{transaction(o)})
			}
			return
		case "createTransaction", "createFixTransaction":
		default:
			r.Body = io.NopCloser(bytes.NewReader(body))
			next(w, r)
			return
		}
		from, ok1 := codes[changehero.Code{Ticker: p.From, Chain: p.ChainFrom}]
		to, ok2 := codes[changehero.Code{Ticker: p.To, Chain: p.ChainTo}]
		fixed := q.Method == "createFixTransaction"
		spec := sim.QuoteSpec{From: from, To: to, Fixed: fixed}
		amount := p.Amount
		if fixed && p.AmountTo != "" {
			spec.Direction, amount = swapscout.Receive, p.AmountTo
		}
		amt, err := swapscout.ParseAmount(amount)
		unknown := p.unknown(from, to, ok1, ok2)
		switch {
		case unknown != "":
			fail(-32602, unknown)
			return
		case err != nil || amt.Sign() <= 0:
			fail(-32602, "Invalid amount")
			return
		case swapsim.BadAddress(p.Address):
			fail(-32600, "Invalid address: "+p.Address)
			return
		case fixed && p.RateID == "":
			fail(-32600, "Invalid rateId")
			return
		}
		spec.Amount = amt
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: p.Address, PayoutMemo: p.ExtraID,
			RefundAddress: p.RefundAddress, RefundMemo: p.RefundExtraID})
		if !refusal(fail, p.To).Write(w, err) {
			reply(transaction(o))
		}
	}
}

// transaction is an order as the create methods and getTransactions give it.
func transaction(o sim.Order) map[string]any {
	from, to := changehero.Symbols[o.From], changehero.Symbols[o.To]
	return map[string]any{
		"id": o.ID, "status": words[o.Stage], "amountExpectedFrom": o.AmountIn.String(), "amountExpectedTo": o.AmountOut.String(),
		"amountTo": o.AmountSent.String(), "payinAddress": o.DepositAddress, "payinExtraId": sim.Null(o.DepositMemo),
		"payoutAddress": o.PayoutAddress, "payoutExtraId": sim.Null(o.PayoutMemo), "refundAddress": o.RefundAddress,
		"refundExtraId": sim.Null(o.RefundMemo), "currencyFrom": from.Ticker, "currencyTo": to.Ticker,
		"chainFrom": from.Chain, "chainTo": to.Chain, "payinHash": sim.Null(o.DepositTx), "payoutHash": sim.Null(o.PayoutTx),
		"createdAt": o.CreatedAt.Unix(),
	}
}
