package simpleswap

import (
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// Sim is SimpleSwap's simulated API v3: estimates, ranges and currencies
// behind the x-api-key header, amounts as numeric strings in a "result"
// wrapper, and errors by status: 401 without a key, 404 for a pair it does
// not serve, 422 for an amount out of range.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Holds: true, Latency: 320 * time.Millisecond, Spread: 0.009, FixedExtra: 0.008,
			MinUSD: 20, MaxUSD: 120000, NetworkFeeUSD: 1.2, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET /v3/currencies"},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "1")
				writeError(w, 429, "Too many requests")
				return
			}
			writeJSON(w, faultStatus(&faults), map[string]any{"code": 500, "error": "Internal Server Error", "message": "Internal server error"})
		},
	}
}

// simEstimate is estimate as SimpleSwap sends it; the rate fields are
// left out of floating-rate estimates.
type simEstimate struct {
	EstimatedAmount swapscout.Amount `json:"estimatedAmount"`
	RateID          string           `json:"rateId,omitempty"`
	ValidUntil      string           `json:"validUntil,omitempty"`
}

type simRange struct {
	Min *swapscout.Amount `json:"min"`
	Max *swapscout.Amount `json:"max"`
}

type result struct {
	Result any `json:"result"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	// spec reads the pair and flags common to estimates and ranges.
	spec := func(w http.ResponseWriter, r *http.Request) (sim.QuoteSpec, bool) {
		if r.Header.Get("x-api-key") == "" {
			writeError(w, 401, "API key is missing or invalid")
			return sim.QuoteSpec{}, false
		}
		q := r.URL.Query()
		from, ok1 := rev[code{q.Get("tickerFrom"), q.Get("networkFrom")}]
		to, ok2 := rev[code{q.Get("tickerTo"), q.Get("networkTo")}]
		if !ok1 || !ok2 || from == to {
			writeError(w, 404, "Pair is not found")
			return sim.QuoteSpec{}, false
		}
		s := sim.QuoteSpec{From: from, To: to, Fixed: q.Get("fixed") == "true"}
		if q.Get("reverse") == "true" {
			s.Direction = swapscout.Receive
		}
		return s, true
	}
	mux.HandleFunc("GET /v3/estimates", func(w http.ResponseWriter, r *http.Request) {
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
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			writeError(w, 422, "Amount does not fall within the range")
			return
		case err != nil:
			writeError(w, 404, "Pair is not found")
			return
		}
		out := simEstimate{EstimatedAmount: res.AmountOut}
		if s.Direction == swapscout.Receive {
			out.EstimatedAmount = res.AmountIn
		}
		if s.Fixed {
			out.RateID = res.RateID
			out.ValidUntil = res.ValidUntil.UTC().Format("2006-01-02T15:04:05.000Z07:00")
		}
		writeJSON(w, 200, result{out})
	})
	mux.HandleFunc("GET /v3/ranges", func(w http.ResponseWriter, r *http.Request) {
		s, ok := spec(w, r)
		if !ok {
			return
		}
		min, max, ok := limits(x, s)
		if !ok {
			writeError(w, 404, "Pair is not found")
			return
		}
		writeJSON(w, 200, result{simRange{Min: min, Max: max}})
	})
	mux.HandleFunc("GET /v3/currencies", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-api-key") == "" {
			writeError(w, 401, "API key is missing or invalid")
			return
		}
		var out []currency
		for _, info := range x.Assets() {
			c := symbols[info.Asset]
			out = append(out, currency{Ticker: c.Ticker, Network: c.Network, Name: info.Name, HasExtraID: info.Memo})
		}
		writeJSON(w, 200, result{out})
	})
	simSwapRoutes(mux, x)
	return mux
}

// limits is the pair's range in the unit of the request's amount: From units,
// or To units for reverse (the forward limits priced through the rate).
func limits(x *sim.Exchange, s sim.QuoteSpec) (min, max *swapscout.Amount, ok bool) {
	probe := sim.QuoteSpec{From: s.From, To: s.To, Amount: swapscout.AmountFromInt(1), Fixed: s.Fixed}
	res, err := x.Quote(probe)
	var le *sim.LimitError
	if errors.As(err, &le) {
		res.Min, res.Max = le.Min, le.Max
	} else if err != nil {
		return nil, nil, false
	}
	lo, hi := res.Min, res.Max
	if s.Direction == swapscout.Receive {
		lo, hi = received(x, probe, lo), received(x, probe, hi)
	}
	if !lo.IsZero() {
		min = &lo
	}
	if !hi.IsZero() {
		max = &hi
	}
	return min, max, true
}

// received is what sending amount gives, or zero.
func received(x *sim.Exchange, s sim.QuoteSpec, amount swapscout.Amount) swapscout.Amount {
	if amount.IsZero() {
		return amount
	}
	s.Amount = amount
	res, err := x.Quote(s)
	if err != nil {
		return swapscout.Amount{}
	}
	return res.AmountOut
}

// writeError writes SimpleSwap's error body ([MEM] shape).
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"code": status, "error": http.StatusText(status), "message": msg})
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"code":500,"error":"Internal Server Error","message":"encode"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
