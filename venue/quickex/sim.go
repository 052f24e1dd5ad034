package quickex

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// Sim is Quickex's simulated public rate API: GET /v2/rates/public/one with
// amounts as decimal strings, updatedAt in milliseconds, limits in the answer,
// and Quickex's refusals: 422 with the bound at data.details.expected for an
// amount out of range ("Amount Too Small"/"Amount Too Big"), 422 without it for
// an unsupported pair, 400 for a bad parameter. The refusal bodies' other
// fields are [MEM]; no key is needed.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 250 * time.Millisecond, Spread: 0.007, FixedExtra: 0.005,
			MinUSD: 10, MaxUSD: 300000, NetworkFeeUSD: 1, Assets: symbols.Assets()},
		Handler: simHandler,
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "1")
				writeJSON(w, 429, errorResponse{StatusCode: 429, Message: "ThrottlerException: Too Many Requests"})
				return
			}
			writeJSON(w, faultStatus(&faults), errorResponse{StatusCode: 500, Message: "Internal server error"})
		},
	}
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+ratePath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		c1 := code{strings.ToUpper(q.Get("instrumentFromCurrencyTitle")), strings.ToUpper(q.Get("instrumentFromNetworkTitle"))}
		c2 := code{strings.ToUpper(q.Get("instrumentToCurrencyTitle")), strings.ToUpper(q.Get("instrumentToNetworkTitle"))}
		from, ok1 := rev[c1]
		to, ok2 := rev[c2]
		if !ok1 || !ok2 || from == to {
			writeJSON(w, 422, errorResponse{StatusCode: 422, Message: "Http Exception", Data: json.RawMessage(`{"pair":"Pair is not supported"}`)})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to}
		switch strings.ToUpper(q.Get("rateMode")) {
		case "", "FLOATING":
		case "FIXED":
			spec.Fixed = true
		default:
			writeJSON(w, 400, errorResponse{StatusCode: 400, Message: "Http Exception", Data: json.RawMessage(`{"rateMode":"rateMode must be FLOATING or FIXED"}`)})
			return
		}
		amt, err := swapscout.ParseAmount(q.Get("claimedDepositAmount"))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 400, errorResponse{StatusCode: 400, Message: "Http Exception", Data: json.RawMessage(`{"claimedDepositAmount":"must be a positive number"}`)})
			return
		}
		spec.Amount = amt
		res, err := x.Quote(spec)
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			msg, bound := "Amount Too Small", le.Min
			if !le.Below {
				msg, bound = "Amount Too Big", le.Max
			}
			data, _ := json.Marshal(map[string]any{"details": map[string]any{"expected": bound}})
			writeJSON(w, 422, errorResponse{StatusCode: 422, Message: msg, Data: data})
			return
		case err != nil:
			writeJSON(w, 422, errorResponse{StatusCode: 422, Message: "Http Exception", Data: json.RawMessage(`{"pair":"Pair is not supported"}`)})
			return
		}
		fi, _ := swapscout.LookupAsset(from)
		ti, _ := swapscout.LookupAsset(to)
		zero := swapscout.AmountFromInt(0)
		max := res.Max
		if max.IsZero() {
			max = zero // Quickex writes "0" for no maximum
		}
		mode := "FLOATING"
		if spec.Fixed {
			mode = "FIXED"
		}
		updated, _ := json.Marshal(x.Now().UnixMilli())
		writeJSON(w, 200, rateResponse{
			InstrumentFrom:             instrument{CurrencyTitle: c1.Currency, NetworkTitle: c1.Network, PrecisionDecimals: fi.Decimals},
			InstrumentTo:               instrument{CurrencyTitle: c2.Currency, NetworkTitle: c2.Network, PrecisionDecimals: ti.Decimals},
			AmountToGet:                &res.AmountOut,
			Price:                      &res.Rate,
			UpdatedAt:                  updated,
			FinalNetworkFeeAmount:      &res.NetworkFee,
			GeneralMinAmount:           &res.Min,
			GeneralMaxAmount:           &max,
			DepositRules:               &limits{MinAmount: &res.Min, MaxAmount: &max},
			RateMode:                   mode,
			MinConfirmationsToWithdraw: 1, MinConfirmationsToTrade: 1,
		})
	})
	simSwapRoutes(mux, x)
	return mux
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"statusCode":500,"message":"Internal server error"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
