package quickex

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/quickex"
)

// events are the kinds of event a simulated order has logged by each
// stage, oldest first: the adapter's word of every stage it went through.
// The kinds of failure, refund and expiry are ours: no source shows
// Quickex's.
var events = func() map[sim.Stage][]string {
	words := swapsim.WordsOf(quickex.StatusWords, "WITHDRAWAL_COMPLETED")
	out := map[sim.Stage][]string{}
	var path []string
	for _, st := range []sim.Stage{sim.StageWaiting, sim.StageConfirming, sim.StageExchanging, sim.StageSending, sim.StageFinished} {
		path = append(path, words[st])
		out[st] = slices.Clone(path)
	}
	out[sim.StageFailed] = append(slices.Clone(out[sim.StageExchanging]), "ORDER_FAILED")
	out[sim.StageRefunded] = append(slices.Clone(out[sim.StageConfirming]), "REFUND_COMPLETED")
	out[sim.StageExpired] = append(slices.Clone(out[sim.StageWaiting]), "ORDER_EXPIRED")
	return out
}()

// swapRoutes adds POST /v2/orders/public/create and GET
// /v2/orders/public-info (orderId and destinationAddress). A signed request
// must carry a valid signature; an unsigned one is taken, as v1 took them.
func swapRoutes(mux *http.ServeMux, x *sim.Exchange) {
	badSig := func(w http.ResponseWriter, r *http.Request, payload string) bool {
		key := r.Header.Get("X-Api-Public-Key")
		if key == "" {
			return false
		}
		if r.Header.Get("X-Api-Signature") != quickex.SignOrder(x.Secret(), r.Header.Get("X-Api-Timestamp"), payload, key) {
			writeJSON(w, 401, errorBody{StatusCode: 401, Message: "Invalid signature"})
			return true
		}
		return false
	}
	// The AML address report (the adapter's precheck.go). The simulator's
	// rule, so tests can name a flagged address that passes every local
	// check: an address ending in "0" is flagged.
	mux.HandleFunc("GET "+quickex.PrecheckPath, func(w http.ResponseWriter, r *http.Request) {
		if badSig(w, r, r.URL.RawQuery) {
			return
		}
		a := r.URL.Query().Get("address")
		if a == "" {
			writeJSON(w, 400, errorBody{StatusCode: 400, Message: "Http Exception"})
			return
		}
		writeJSON(w, 200, map[string]bool{"completed": true, "passed": !strings.HasSuffix(a, "0")})
	})
	mux.HandleFunc("POST "+quickex.CreatePath, func(w http.ResponseWriter, r *http.Request) {
		body, err := swapsim.Body(r)
		if err != nil || badSig(w, r, string(body)) {
			return
		}
		var q quickex.CreateRequest
		if json.Unmarshal(body, &q) != nil {
			httpException(w, 400, `{"body":"must be JSON"}`)
			return
		}
		from, to, ok := swapsim.Pair(codes, code(q.InstrumentFrom.CurrencyTitle, q.InstrumentFrom.NetworkTitle),
			code(q.InstrumentTo.CurrencyTitle, q.InstrumentTo.NetworkTitle))
		switch {
		case !ok:
			noPair(w)
			return
		case swapsim.BadAddress(q.DestinationAddress):
			writeJSON(w, 400, errorBody{StatusCode: 400, Message: "Invalid destination address"})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: q.ClaimedDepositAmount, Fixed: strings.EqualFold(q.RateMode, "FIXED")}
		o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.DestinationAddress, PayoutMemo: q.DestinationAddressMemo,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundAddressMemo, Expiry: 3 * time.Hour})
		if refuse.Write(w, err) {
			return
		}
		writeJSON(w, 200, order(o))
	})
	mux.HandleFunc("GET "+quickex.InfoPath, func(w http.ResponseWriter, r *http.Request) {
		if badSig(w, r, r.URL.RawQuery) {
			return
		}
		q := r.URL.Query()
		o, err := x.Order(q.Get("orderId"))
		if err != nil || o.PayoutAddress != q.Get("destinationAddress") {
			writeJSON(w, 404, errorBody{StatusCode: 404, Message: "Order not found"})
			return
		}
		writeJSON(w, 200, order(o))
	})
}

// order is an order as the create and public-info answers give it.
func order(o sim.Order) map[string]any {
	from, to := quickex.Symbols[o.From], quickex.Symbols[o.To]
	kinds := events[o.Stage]
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
	leg := func(a swapscout.Asset, c quickex.Code, amount swapscout.Amount, tx string) []any {
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
