// Package quickex is Quickex's simulated API v2, served by `swapscout sim`,
// built on the adapter's symbols, paths, signature and status words
// (package venue/quickex).
package quickex

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/quickex"
)

// Sim is Quickex's simulated public rate API: GET /v2/rates/public/one with
// amounts as decimal strings, updatedAt in milliseconds, limits in the answer,
// and Quickex's refusals: 422 with the bound at data.details.expected for an
// amount out of range ("Amount Too Small"/"Amount Too Big"), 422 without it for
// an unsupported pair, 400 for a bad parameter. The refusal bodies' other
// fields are [MEM]; no key is needed.
func Sim() sim.Venue {
	return swapsim.Venue(quickex.Symbols.Assets(), sim.ProfileOf("quickex"), handler,
		swapsim.Fault(writeJSON, "1", errorBody{StatusCode: 429, Message: "ThrottlerException: Too Many Requests"},
			errorBody{StatusCode: 500, Message: "Internal server error"}))
}

// errorBody is the adapter's errorResponse as Quickex writes it.
type errorBody struct {
	Message    string          `json:"message"`
	StatusCode int             `json:"statusCode,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
}

// httpException writes Quickex's refusal of a request, with the reason by
// field (data).
func httpException(w http.ResponseWriter, status int, data string) {
	writeJSON(w, status, errorBody{StatusCode: status, Message: "Http Exception", Data: json.RawMessage(data)})
}

var (
	codes  = quickex.Symbols.Reverse()
	noPair = func(w http.ResponseWriter) { httpException(w, 422, `{"pair":"Pair is not supported"}`) }
	// refuse answers an amount out of range with the bound it broke, and a
	// pair Quickex does not serve.
	refuse = swapsim.Refusal{
		Below: func(w http.ResponseWriter, le *sim.LimitError) {
			msg, bound := "Amount Too Small", le.Min
			if !le.Below {
				msg, bound = "Amount Too Big", le.Max
			}
			data, _ := json.Marshal(map[string]any{"details": map[string]any{"expected": bound}})
			writeJSON(w, 422, errorBody{StatusCode: 422, Message: msg, Data: data})
		},
		Pair: noPair,
	}
)

// code reads an instrument's titles, in any case.
func code(currency, network string) quickex.Code {
	return quickex.Code{Currency: strings.ToUpper(currency), Network: strings.ToUpper(network)}
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+quickex.RatePath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		c1 := code(q.Get("instrumentFromCurrencyTitle"), q.Get("instrumentFromNetworkTitle"))
		c2 := code(q.Get("instrumentToCurrencyTitle"), q.Get("instrumentToNetworkTitle"))
		from, to, ok := swapsim.Pair(codes, c1, c2)
		if !ok {
			noPair(w)
			return
		}
		spec := sim.QuoteSpec{From: from, To: to}
		switch strings.ToUpper(q.Get("rateMode")) {
		case "", "FLOATING":
		case "FIXED":
			spec.Fixed = true
		default:
			httpException(w, 400, `{"rateMode":"rateMode must be FLOATING or FIXED"}`)
			return
		}
		amt, err := swapscout.ParseAmount(q.Get("claimedDepositAmount"))
		if err != nil || amt.Sign() <= 0 {
			httpException(w, 400, `{"claimedDepositAmount":"must be a positive number"}`)
			return
		}
		spec.Amount = amt
		res, err := x.Quote(spec)
		if refuse.Write(w, err) {
			return
		}
		fi, _ := swapscout.LookupAsset(from)
		ti, _ := swapscout.LookupAsset(to)
		max := res.Max
		if max.IsZero() {
			max = swapscout.AmountFromInt(0) // Quickex writes "0" for no maximum
		}
		mode := "FLOATING"
		if spec.Fixed {
			mode = "FIXED"
		}
		instrument := func(c quickex.Code, decimals int) map[string]any {
			return map[string]any{"currencyTitle": c.Currency, "networkTitle": c.Network, "precisionDecimals": decimals}
		}
		writeJSON(w, 200, map[string]any{
			"instrumentFrom": instrument(c1, fi.Decimals), "instrumentTo": instrument(c2, ti.Decimals),
			"amountToGet": res.AmountOut, "price": res.Rate, "updatedAt": x.Now().UnixMilli(),
			"finalNetworkFeeAmount": res.NetworkFee, "generalMinAmount": res.Min, "generalMaxAmount": max,
			"depositRules": map[string]any{"minAmount": res.Min, "maxAmount": max}, "rateMode": mode,
			"minConfirmationsToWithdraw": 1, "minConfirmationsToTrade": 1,
		})
	})
	swapRoutes(mux, x)
	return mux
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"statusCode":500,"message":"Internal server error"}`)}.Write
