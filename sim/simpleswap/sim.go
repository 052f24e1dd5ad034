// Package simpleswap is SimpleSwap's simulated API v3, served by
// `swapscout sim`, built on the adapter's symbols, paths and status words
// (package venue/simpleswap).
package simpleswap

import (
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/simpleswap"
)

// Sim is SimpleSwap's simulated API v3: estimates, ranges and currencies
// behind the x-api-key header, amounts as numeric strings in a "result"
// wrapper, and errors by status: 401 without a key, 404 for a pair it does
// not serve, 422 for an amount out of range.
func Sim() sim.Venue {
	return swapsim.Venue(simpleswap.Symbols.Assets(), sim.ProfileOf("simpleswap"), handler,
		swapsim.Fault(writeJSON, "1", errorBody(429, "Too many requests"), errorBody(500, "Internal server error")), "GET "+simpleswap.CurrenciesPath)
}

var (
	codes = simpleswap.Symbols.Reverse()
	// keyed refuses a request without the API key header.
	keyed = swapsim.Keyed("x-api-key", "", func(w http.ResponseWriter) {
		writeError(w, 401, "API key is missing or invalid")
	})
	noPair = func(w http.ResponseWriter) { writeError(w, 404, "Pair is not found") }
)

// estimate is the adapter's estimate as SimpleSwap sends it; the rate
// fields are left out of floating-rate estimates.
type estimate struct {
	EstimatedAmount swapscout.Amount `json:"estimatedAmount"`
	RateID          string           `json:"rateId,omitempty"`
	ValidUntil      string           `json:"validUntil,omitempty"`
}

type rangeResult struct {
	Min *swapscout.Amount `json:"min"`
	Max *swapscout.Amount `json:"max"`
}

type result struct {
	Result any `json:"result"`
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	// spec reads the pair and flags common to estimates and ranges.
	spec := func(w http.ResponseWriter, r *http.Request) (sim.QuoteSpec, bool) {
		q := r.URL.Query()
		from, to, ok := swapsim.Pair(codes, simpleswap.Code{Ticker: q.Get("tickerFrom"), Network: q.Get("networkFrom")},
			simpleswap.Code{Ticker: q.Get("tickerTo"), Network: q.Get("networkTo")})
		if !ok {
			noPair(w)
			return sim.QuoteSpec{}, false
		}
		s := sim.QuoteSpec{From: from, To: to, Fixed: q.Get("fixed") == "true"}
		if q.Get("reverse") == "true" {
			s.Direction = swapscout.Receive
		}
		return s, true
	}
	mux.HandleFunc("GET "+simpleswap.EstimatesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		s, ok := spec(w, r)
		if !ok {
			return
		}
		amt, err := swapscout.ParseAmount(r.URL.Query().Get("amount"))
		if err != nil || amt.Sign() <= 0 {
			writeError(w, 400, "amount must be a positive number")
			return
		}
		s.Amount = amt
		res, err := x.Quote(s)
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeError(w, 422, "Amount does not fall within the range")
			},
			Pair: noPair,
		}).Write(w, err) {
			return
		}
		out := estimate{EstimatedAmount: res.AmountOut}
		if s.Direction == swapscout.Receive {
			out.EstimatedAmount = res.AmountIn
		}
		if s.Fixed {
			out.RateID = res.RateID
			out.ValidUntil = res.ValidUntil.UTC().Format("2006-01-02T15:04:05.000Z07:00")
		}
		writeJSON(w, 200, result{out})
	}))
	mux.HandleFunc("GET "+simpleswap.RangesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		s, ok := spec(w, r)
		if !ok {
			return
		}
		min, max, err := swapsim.Limits(x, s)
		if err != nil {
			noPair(w)
			return
		}
		if s.Direction == swapscout.Receive {
			// A reverse range is on the amount received, in To units.
			s.Amount = swapscout.Amount{}
			min, max = swapsim.Received(x, s, min), swapsim.Received(x, s, max)
		}
		writeJSON(w, 200, result{rangeResult{Min: positive(min), Max: positive(max)}})
	}))
	mux.HandleFunc("GET "+simpleswap.CurrenciesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, result{currencies(x)})
	}))
	swapRoutes(mux, x)
	return mux
}

// positive is a bound as SimpleSwap writes it: null for none.
func positive(a swapscout.Amount) *swapscout.Amount {
	if a.IsZero() {
		return nil
	}
	return &a
}

// errorBody is SimpleSwap's error body ([MEM] shape).
func errorBody(status int, msg string) map[string]any {
	return map[string]any{"code": status, "error": http.StatusText(status), "message": msg}
}

// writeError writes SimpleSwap's error body.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody(status, msg))
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"code":500,"error":"Internal Server Error","message":"encode"}`)}.Write
