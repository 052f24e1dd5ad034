package exolix

import (
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/exolix"
)

// words are the statuses Exolix shows, from the adapter's table.
var words = swapsim.WordsOf(exolix.StatusWords, "exchanging", "overdue")

// createRequest is the adapter's createRequest as the venue reads it.
type createRequest struct {
	CoinFrom, CoinTo, NetworkFrom, NetworkTo string
	Amount, WithdrawalAmount                 swapscout.Amount
	WithdrawalAddress, WithdrawalExtraID     string
	RefundAddress, RefundExtraID             string
	RateType                                 string
}

// swapRoutes adds POST /api/v2/transactions and GET
// /api/v2/transactions/{id} in the shape of cake's create_transaction.json.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	refuse := swapsim.Refusal{
		Below: func(w http.ResponseWriter, le *sim.LimitError) {
			msg := belowMinMessage
			if !le.Below {
				msg = aboveMaxMessage
			}
			writeJSON(w, 422, map[string]any{"message": msg, "minAmount": jsNum(le.Min), "maxAmount": jsNum(le.Max)})
		},
		Pair: func(w http.ResponseWriter) { writeJSON(w, 422, noPair) },
	}
	mux.HandleFunc("POST "+exolix.TxPath, func(w http.ResponseWriter, r *http.Request) {
		var q createRequest
		if err := swapsim.Decode(w, r, &q); err != nil {
			invalid(w, "body", "body must be JSON")
			return
		}
		from, to, ok := pair(q.CoinFrom, q.NetworkFrom, q.CoinTo, q.NetworkTo)
		if !ok {
			writeJSON(w, 422, noPair)
			return
		}
		if swapsim.BadAddress(q.WithdrawalAddress) {
			invalid(w, "withdrawalAddress", "Invalid withdrawal address")
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.Amount, Fixed: q.RateType == "fixed"}
		if !q.WithdrawalAmount.IsZero() {
			spec.Direction, spec.Amount = swapscout.Receive, q.WithdrawalAmount
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.WithdrawalAddress, PayoutMemo: q.WithdrawalExtraID,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID, Expiry: 3 * time.Hour})
		if refuse.Write(w, err) {
			return
		}
		writeJSON(w, 201, transaction(o, q.RateType))
	})
	mux.HandleFunc("GET "+exolix.TxPath+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.PathValue("id"))
		if err != nil {
			writeJSON(w, 404, map[string]string{"message": "Transaction not found"})
			return
		}
		rt := "float"
		if o.Fixed {
			rt = "fixed"
		}
		writeJSON(w, 200, transaction(o, rt))
	})
}

// transaction is an order in Exolix's transaction shape.
func transaction(o sim.Order, rateType string) map[string]any {
	coin := func(a swapscout.Asset) map[string]any {
		c := exolix.Symbols[a]
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
		"rate": jsNum(o.Rate), "rateType": rateType, "affiliateToken": nil, "status": words[o.Stage],
		"source": "api", "email": nil, "clickId": nil,
	}
}
