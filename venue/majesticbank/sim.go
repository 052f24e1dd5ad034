package majesticbank

import (
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// Sim is Majestic Bank's simulated API v1: GET /calculate (amounts as JSON
// numbers, either from_amount or receive_amount; receive-side quotes are
// priced at the fixed rate of its /pay orders) and GET /rates (a flat object
// of "FROM-TO" rates plus per-coin "limits"). Refusals are
// {"error":…,"extra":…} with HTTP 400: "Bad <field> currency symbol" for an
// unknown coin as clients test for, and limit wording that is [MEM]. No key.
// Majestic Bank has one rate: /calculate prices what /exchange and /pay
// charge (no fixed-rate surcharge is documented), so an order made with /pay
// for a quoted receive amount asks the quoted from_amount.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 450 * time.Millisecond, Spread: 0.01,
			MinUSD: 50, MaxUSD: 150000, NetworkFeeUSD: 0.5, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET " + ratesPath},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			// Majestic Bank's rate-limit and error bodies are not known ([MEM]).
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "2")
				writeJSON(w, 429, simError{Error: "Too many requests", Extra: "Rate limit exceeded"})
				return
			}
			writeJSON(w, faultStatus(&faults), simError{Error: "Internal error", Extra: "Internal server error"})
		},
	}
}

type simError struct {
	Error string `json:"error"`
	Extra string `json:"extra"`
}

// simCalculate is calculateResponse as the venue writes it: numbers.
type simCalculate struct {
	FromCurrency    string  `json:"from_currency"`
	FromAmount      sim.Num `json:"from_amount"`
	ReceiveCurrency string  `json:"receive_currency"`
	ReceiveAmount   sim.Num `json:"receive_amount"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+calculatePath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		fromCode, toCode := strings.ToUpper(q.Get("from_currency")), strings.ToUpper(q.Get("receive_currency"))
		from, ok := rev[fromCode]
		if !ok {
			writeJSON(w, 400, simError{Error: "Invalid request", Extra: "Bad from_currency currency symbol"})
			return
		}
		to, ok := rev[toCode]
		if !ok || to == from {
			writeJSON(w, 400, simError{Error: "Invalid request", Extra: "Bad receive_currency currency symbol"})
			return
		}
		spec := sim.QuoteSpec{From: from, To: to}
		field := "from_amount"
		if q.Has("receive_amount") {
			field, spec.Direction, spec.Fixed = "receive_amount", swapscout.Receive, true
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 400, simError{Error: "Invalid request", Extra: "Bad " + field})
			return
		}
		spec.Amount = amt
		res, err := x.Quote(spec)
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeJSON(w, 400, simError{Error: "Invalid request", Extra: "Amount below minimum of " + le.Min.String() + " " + fromCode})
			return
		case errors.As(err, &le):
			writeJSON(w, 400, simError{Error: "Invalid request", Extra: "Amount above maximum of " + le.Max.String() + " " + fromCode})
			return
		case err != nil:
			writeJSON(w, 400, simError{Error: "Invalid request", Extra: "Bad receive_currency currency symbol"})
			return
		}
		writeJSON(w, 200, simCalculate{FromCurrency: fromCode, FromAmount: sim.Num(res.AmountIn),
			ReceiveCurrency: toCode, ReceiveAmount: sim.Num(res.AmountOut)})
	})
	mux.HandleFunc("GET "+ratesPath, func(w http.ResponseWriter, r *http.Request) {
		out := map[string]any{}
		limits := map[string]map[string]*sim.Num{}
		assets := symbols.Assets()
		for _, a := range assets {
			ca := symbols[a]
			if usd := x.USD(a.Ticker); usd > 0 {
				out[ca+"-USD"] = num(usd)
			}
			for _, b := range assets {
				if b == a || x.USD(b.Ticker) <= 0 {
					continue
				}
				out[ca+"-"+symbols[b]] = num(x.USD(a.Ticker) / x.USD(b.Ticker) * (1 - x.Profile().Spread))
				if _, done := limits[ca]; done {
					continue
				}
				// The limits the quotes enforce: ask for a dust amount and read the refusal.
				_, err := x.Quote(sim.QuoteSpec{From: a, To: b, Amount: swapscout.NewAmount(1, 12)})
				var le *sim.LimitError
				if errors.As(err, &le) {
					limits[ca] = map[string]*sim.Num{"min": sim.NumPtr(le.Min), "max": sim.NumPtr(le.Max)}
				}
			}
		}
		out["limits"] = limits
		writeJSON(w, 200, out)
	})
	simSwapRoutes(mux, x)
	return mux
}

// num is a rate as the venue writes it: a JSON number with 8 decimals.
func num(f float64) sim.Num {
	a, err := swapscout.AmountFromFloat(f)
	if err != nil {
		return sim.Num(swapscout.AmountFromInt(0))
	}
	return sim.Num(a.Round(8, swapscout.RoundHalfEven))
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json", EncodeError: []byte(`{"error":"Internal error","extra":"encode"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
