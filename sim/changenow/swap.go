package changenow

import (
	"net/http"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/changenow"
)

// words are the statuses ChangeNOW's by-id shows, from the adapter's table.
var words = swapsim.WordsOf(changenow.StatusWords, "waiting")

// createRequest is the adapter's createRequest as the venue reads it:
// the pair and flow as the estimate's route, amounts as strings or numbers.
type createRequest struct {
	route
	FromAmount    swapscout.Amount `json:"fromAmount"`
	ToAmount      swapscout.Amount `json:"toAmount"`
	Address       string           `json:"address"`
	ExtraID       string           `json:"extraId"`
	RefundAddress string           `json:"refundAddress"`
	RefundExtraID string           `json:"refundExtraId"`
	Type          string           `json:"type"`
	RateID        string           `json:"rateId"`
}

// swapRoutes adds POST /v2/exchange and GET /v2/exchange/by-id, in the
// shapes of cake's create_exchange.json and by_id.json, on the sim's orders.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	mux.HandleFunc("POST "+changenow.ExchangePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		var q createRequest
		if err := swapsim.Decode(w, r, &q); err != nil {
			writeJSON(w, 400, errorBody{Error: "not_valid_params", Message: "Invalid JSON body"})
			return
		}
		from, to, ok := swapsim.Pair(codes, changenow.Code{Ticker: q.FromCurrency, Network: q.FromNetwork},
			changenow.Code{Ticker: q.ToCurrency, Network: q.ToNetwork})
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.FromAmount, Fixed: q.Flow == "fixed-rate"}
		if q.Type == "reverse" {
			spec.Direction, spec.Amount = swapscout.Receive, q.ToAmount
		}
		switch {
		case !ok:
			writeJSON(w, 400, pairInactive)
			return
		case swapsim.BadAddress(q.Address):
			writeJSON(w, 400, errorBody{Error: "not_valid_address", Message: "Invalid address"})
			return
		case spec.Fixed && q.RateID == "":
			writeJSON(w, 400, errorBody{Error: "not_valid_params", Message: "rateId is required for fixed-rate flow"})
			return
		}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.Address, PayoutMemo: q.ExtraID,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundExtraID, Expiry: time.Hour})
		if refuse.Write(w, err) {
			return
		}
		writeJSON(w, 200, orderJSON(o, false))
	}))
	mux.HandleFunc("GET "+changenow.ByIDPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		o, err := x.Order(r.URL.Query().Get("id"))
		if err != nil {
			writeJSON(w, 404, errorBody{Error: "exchange_not_found", Message: "Exchange not found"})
			return
		}
		writeJSON(w, 200, orderJSON(o, true))
	}))
}

// orderJSON is an order in the create shape, or (full) the by-id shape.
func orderJSON(o sim.Order, full bool) map[string]any {
	from, to := changenow.Symbols[o.From], changenow.Symbols[o.To]
	common := map[string]any{
		"id": o.ID, "payinAddress": o.DepositAddress, "payoutAddress": o.PayoutAddress, "fromCurrency": from.Ticker,
		"toCurrency": to.Ticker, "refundAddress": o.RefundAddress, "fromNetwork": from.Network, "toNetwork": to.Network,
	}
	if !full {
		flow, typ := flowOf(o.Fixed, o.Direction)
		common["fromAmount"], common["toAmount"], common["directedAmount"] = sim.Num(o.AmountIn), sim.Num(o.AmountOut), sim.Num(o.AmountIn)
		common["flow"], common["type"] = flow, typ
		if o.DepositMemo != "" {
			common["payinExtraId"] = o.DepositMemo
		}
		return common
	}
	common["status"] = words[o.Stage]
	common["actionsAvailable"] = false
	common["expectedAmountFrom"], common["expectedAmountTo"] = sim.Num(o.AmountIn), sim.Num(o.AmountOut)
	common["amountFrom"], common["amountTo"] = sim.NumPtr(o.AmountPaid), sim.NumPtr(o.AmountSent)
	common["payinExtraId"], common["payoutExtraId"], common["refundExtraId"] = sim.Null(o.DepositMemo), sim.Null(o.PayoutMemo), sim.Null(o.RefundMemo)
	common["createdAt"], common["updatedAt"] = o.CreatedAt.UTC().Format(time.RFC3339Nano), o.UpdatedAt.UTC().Format(time.RFC3339Nano)
	common["validUntil"] = nil
	if o.Fixed {
		common["validUntil"] = o.ExpiresAt.UTC().Format(time.RFC3339Nano)
	}
	common["depositReceivedAt"] = nil
	if !o.PaidAt.IsZero() {
		common["depositReceivedAt"] = o.PaidAt.UTC().Format(time.RFC3339Nano)
	}
	common["payinHash"], common["payoutHash"], common["refundHash"] = sim.Null(o.DepositTx), sim.Null(o.PayoutTx), sim.Null(o.RefundTx)
	common["refundAmount"] = sim.NumPtr(o.AmountRefunded)
	common["fromLegacyTicker"], common["toLegacyTicker"] = from.Ticker, to.Ticker+to.Network
	common["userId"], common["originalExchangeInfo"] = nil, nil
	common["relatedExchangesInfo"], common["repeatedExchangesInfo"] = []any{}, []any{}
	return common
}
