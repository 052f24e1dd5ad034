// Package majesticbank is Majestic Bank's simulated API v1, served by
// `swapscout sim`, built on the adapter's symbols, paths and status words
// (package venue/majesticbank).
package majesticbank

import (
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/majesticbank"
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
	// Majestic Bank's rate-limit and error bodies are not known ([MEM]).
	return swapsim.Venue(majesticbank.Symbols.Assets(), sim.ProfileOf("majesticbank"), handler,
		swapsim.Fault(writeJSON, "2", errorBody{Error: "Too many requests", Extra: "Rate limit exceeded"},
			errorBody{Error: "Internal error", Extra: "Internal server error"}), "GET "+majesticbank.RatesPath)
}

type errorBody struct {
	Error string `json:"error"`
	Extra string `json:"extra"`
}

var codes = majesticbank.Symbols.Reverse()

// pair resolves two currency codes, in any case, or names the field
// ("from_currency", "receive_currency") that Majestic Bank refuses.
func pair(fromCode, toCode string) (from, to swapscout.Asset, bad string) {
	from, ok := codes[strings.ToUpper(fromCode)]
	if !ok {
		return from, to, "from_currency"
	}
	if to, ok = codes[strings.ToUpper(toCode)]; !ok || to == from {
		return from, to, "receive_currency"
	}
	return from, to, ""
}

// calculation is the adapter's calculateResponse as the venue writes it:
// numbers.
type calculation struct {
	FromCurrency    string  `json:"from_currency"`
	FromAmount      sim.Num `json:"from_amount"`
	ReceiveCurrency string  `json:"receive_currency"`
	ReceiveAmount   sim.Num `json:"receive_amount"`
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+majesticbank.CalculatePath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		fromCode, toCode := strings.ToUpper(q.Get("from_currency")), strings.ToUpper(q.Get("receive_currency"))
		invalid := func(extra string) { writeJSON(w, 400, errorBody{Error: "Invalid request", Extra: extra}) }
		from, to, bad := pair(fromCode, toCode)
		if bad != "" {
			invalid("Bad " + bad + " currency symbol")
			return
		}
		spec := sim.QuoteSpec{From: from, To: to}
		field := "from_amount"
		if q.Has("receive_amount") {
			field, spec.Direction, spec.Fixed = "receive_amount", swapscout.Receive, true
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		if err != nil || amt.Sign() <= 0 {
			invalid("Bad " + field)
			return
		}
		spec.Amount = amt
		res, err := x.Quote(spec)
		if (swapsim.Refusal{
			Below: func(_ http.ResponseWriter, le *sim.LimitError) {
				invalid("Amount below minimum of " + le.Min.String() + " " + fromCode)
			},
			Above: func(_ http.ResponseWriter, le *sim.LimitError) {
				invalid("Amount above maximum of " + le.Max.String() + " " + fromCode)
			},
			Pair: func(http.ResponseWriter) { invalid("Bad receive_currency currency symbol") },
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, calculation{FromCurrency: fromCode, FromAmount: sim.Num(res.AmountIn),
			ReceiveCurrency: toCode, ReceiveAmount: sim.Num(res.AmountOut)})
	})
	mux.HandleFunc("GET "+majesticbank.RatesPath, func(w http.ResponseWriter, r *http.Request) {
		out := map[string]any{}
		limits := map[string]map[string]*sim.Num{}
		assets := majesticbank.Symbols.Assets()
		for _, a := range assets {
			ca := majesticbank.Symbols[a]
			if usd := x.USD(a.Ticker); usd > 0 {
				out[ca+"-USD"] = num(usd)
			}
			for _, b := range assets {
				if b == a || x.USD(b.Ticker) <= 0 {
					continue
				}
				out[ca+"-"+majesticbank.Symbols[b]] = num(x.USD(a.Ticker) / x.USD(b.Ticker) * (1 - x.Profile().Spread))
				if _, done := limits[ca]; done {
					continue
				}
				// The limits the quotes enforce.
				if min, max, err := swapsim.Limits(x, sim.QuoteSpec{From: a, To: b}); err == nil {
					limits[ca] = map[string]*sim.Num{"min": sim.NumPtr(min), "max": sim.NumPtr(max)}
				}
			}
		}
		out["limits"] = limits
		writeJSON(w, 200, out)
	})
	swapRoutes(mux, x)
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
var writeJSON = swapsim.JSON{ContentType: "application/json", EncodeError: []byte(`{"error":"Internal error","extra":"encode"}`)}.Write
