package exolix

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// simStatus is the word Exolix shows for each simulated stage.
var simStatus = map[sim.Stage]string{
	sim.StageWaiting: "wait", sim.StageConfirming: "confirmation", sim.StageExchanging: "exchanging",
	sim.StageSending: "sending", sim.StageFinished: "success", sim.StageFailed: "error",
	sim.StageRefunded: "refunded", sim.StageExpired: "overdue",
}

// simCreate is createRequest as the venue reads it.
type simCreate struct {
	CoinFrom, CoinTo, NetworkFrom, NetworkTo string
	Amount, WithdrawalAmount                 swapscout.Amount
	WithdrawalAddress, WithdrawalExtraID     string
	RefundAddress, RefundExtraID             string
	RateType                                 string
}

// simSwapRoutes adds POST /api/v2/transactions and GET
// /api/v2/transactions/{id} in the shape of cake's create_transaction.json.
func simSwapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	rev := symbols.Reverse()
	mux.HandleFunc("POST "+txPath, func(w http.ResponseWriter, r *http.Request) {
		var q simCreate
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&q); err != nil {
			writeJSON(w, 400, map[string]any{"errors": map[string]string{"body": "body must be JSON"}})
			return
		}
		from, ok1 := rev[code{strings.ToUpper(q.CoinFrom), strings.ToUpper(q.NetworkFrom)}]
		to, ok2 := rev[code{strings.ToUpper(q.CoinTo), strings.ToUpper(q.NetworkTo)}]
		if !ok1 || !ok2 || from == to {
			writeJSON(w, 422, map[string]string{"error": "Such exchange pair is not available"})
			return
		}
		if len(q.WithdrawalAddress) < 8 {
			writeJSON(w, 400, map[string]any{"errors": map[string]string{"withdrawalAddress": "Invalid withdrawal address"}})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.Amount, Fixed: q.RateType == "fixed"}
		if !q.WithdrawalAmount.IsZero() {
			spec.Direction, spec.Amount = swapscout.Receive, q.WithdrawalAmount
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.WithdrawalAddress, PayoutMemo: q.WithdrawalExtraID,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID, Expiry: 3 * time.Hour})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			msg := belowMinMessage
			if !le.Below {
				msg = aboveMaxMessage
			}
			writeJSON(w, 422, map[string]any{"message": msg, "minAmount": jsNum(le.Min), "maxAmount": jsNum(le.Max)})
			return
		case err != nil:
			writeJSON(w, 422, map[string]string{"error": "Such exchange pair is not available"})
			return
		}
		writeJSON(w, 201, simTransaction(o, q.RateType))
	})
	mux.HandleFunc("GET "+txPath+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeJSON(w, 404, map[string]string{"message": "Transaction not found"})
			return
		}
		rt := "float"
		if o.Fixed {
			rt = "fixed"
		}
		writeJSON(w, 200, simTransaction(o, rt))
	})
}

// simTransaction is an order in Exolix's transaction shape.
func simTransaction(o sim.Order, rateType string) map[string]any {
	coin := func(a swapscout.Asset) map[string]any {
		c := symbols[a]
		info, _ := swapscout.LookupAsset(a)
		return map[string]any{"coinCode": c.Coin, "coinName": info.Name, "network": c.Network, "networkName": c.Network,
			"networkShortName": c.Network, "icon": "", "memoName": "", "networkIcon": "", "networkNotes": "", "contract": nil}
	}
	if rateType == "" {
		rateType = "float"
	}
	// amountTo is the estimate until the payout is sent, then what was sent.
	amountTo := o.AmountOut
	if o.PayoutTx != "" {
		amountTo = o.AmountSent
	}
	return map[string]any{
		"id": o.ID, "amount": jsNum(o.AmountIn), "amountTo": jsNum(amountTo), "coinFrom": coin(o.From), "coinTo": coin(o.To),
		"comment": nil, "createdAt": o.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"),
		"depositAddress": o.DepositAddress, "depositExtraId": sim.Null(o.DepositMemo),
		"withdrawalAddress": o.PayoutAddress, "withdrawalExtraId": sim.Null(o.PayoutMemo),
		"refundAddress": o.RefundAddress, "refundExtraId": sim.Null(o.RefundMemo),
		"hashIn": map[string]any{"hash": sim.Null(o.DepositTx), "link": nil}, "hashOut": map[string]any{"hash": sim.Null(o.PayoutTx), "link": nil},
		"rate": jsNum(o.Rate), "rateType": rateType, "affiliateToken": nil, "status": simStatus[o.Stage],
		"source": "api", "email": nil, "clickId": nil,
	}
}
