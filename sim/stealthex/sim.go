// Package stealthex is StealthEX's simulated API v4, served by `swapscout
// sim`, built on the adapter's symbols, paths and status words (package
// venue/stealthex).
package stealthex

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/stealthex"
)

// Sim is StealthEX's simulated API v4: POST rates/range and
// rates/estimated-amount with JSON numbers (an amount sent as a string is
// refused, as the venue does), natives on "mainnet", the recorded 404 NoPair
// for an unknown currency, NoExchangeRoute for a reversed floating estimate,
// InvalidAmount outside the range, a rate {id, valid_until} on fixed
// estimates, and 401 without a Bearer key. Floating routes have no maximum
// (max_amount null, as recorded).
func Sim() sim.Venue {
	// StealthEX's own rate-limit and server-error bodies are not known ([MEM]).
	return swapsim.Venue(stealthex.Symbols.Assets(), sim.ProfileOf("stealthex"), handler,
		swapsim.Fault(writeJSON, "", errBody("TooManyRequests", "Too many requests"), errBody("InternalError", "Internal server error")),
		"GET "+stealthex.CurrenciesPath)
}

var (
	codes = stealthex.Symbols.Reverse()
	// keyed refuses a request without a Bearer key.
	keyed = swapsim.Keyed("Authorization", "Bearer ", func(w http.ResponseWriter) {
		writeErr(w, 401, "NoUserApiKey", "API key is required")
	})
	noRoute = func(w http.ResponseWriter) { writeErr(w, 404, "NoExchangeRoute", "No exchange route for this pair") }
	// refuseEstimate and refuseExchange answer an amount out of range with
	// InvalidAmount in each endpoint's words, and a pair without a route.
	refuseEstimate = refusal("Amount is less than the minimal amount", "Amount is greater than the maximal amount")
	refuseExchange = refusal("Amount is less than minimal", "Amount is greater than maximal")
)

// rateRequest is the adapter's rateRequest as the venue reads it: the
// amount must be a number.
type rateRequest struct {
	Route struct {
		From stealthex.Code `json:"from"`
		To   stealthex.Code `json:"to"`
	} `json:"route"`
	Estimation string          `json:"estimation"`
	Rate       string          `json:"rate"`
	Amount     json.RawMessage `json:"amount"`
}

type rangeResponse struct {
	MinAmount *sim.Num `json:"min_amount"`
	MaxAmount *sim.Num `json:"max_amount"`
}

type rate struct {
	ID         string `json:"id"`
	ValidUntil string `json:"valid_until"`
}

type estimate struct {
	EstimatedAmount sim.Num `json:"estimated_amount"`
	Rate            *rate   `json:"rate,omitempty"`
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	// parse reads a request; ok is false when it answered.
	parse := func(w http.ResponseWriter, r *http.Request) (in rateRequest, spec sim.QuoteSpec, ok bool) {
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			writeErr(w, 400, "InvalidData", "invalid request body")
			return in, spec, false
		}
		from, ok1 := codes[in.Route.From]
		to, ok2 := codes[in.Route.To]
		switch {
		case !ok1 || !ok2:
			writeErr(w, 404, "NoPair", "One or both currencies do not exist")
			return in, spec, false
		case from == to:
			noRoute(w)
			return in, spec, false
		case in.Rate != "floating" && in.Rate != "fixed", in.Estimation != "direct" && in.Estimation != "reversed":
			writeErr(w, 400, "InvalidData", "rate and estimation are required")
			return in, spec, false
		case in.Estimation == "reversed" && in.Rate != "fixed":
			writeErr(w, 404, "NoExchangeRoute", "Reversed estimation is available on fixed rate routes only")
			return in, spec, false
		}
		spec = sim.QuoteSpec{From: from, To: to, Fixed: in.Rate == "fixed"}
		if in.Estimation == "reversed" {
			spec.Direction = swapscout.Receive
		}
		return in, spec, true
	}
	mux.HandleFunc("POST "+stealthex.RangePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		_, spec, ok := parse(w, r)
		if !ok {
			return
		}
		min, max, err := limits(x, spec)
		if err != nil {
			noRoute(w)
			return
		}
		writeJSON(w, 200, rangeResponse{MinAmount: sim.NumPtr(min), MaxAmount: sim.NumPtr(max)})
	}))
	mux.HandleFunc("POST "+stealthex.EstimatePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		in, spec, ok := parse(w, r)
		if !ok {
			return
		}
		raw := bytes.TrimSpace(in.Amount)
		if len(raw) == 0 || raw[0] == '"' {
			writeErr(w, 400, "InvalidData", "amount: expected number, received string")
			return
		}
		amt, err := swapscout.ParseAmountBytes(raw)
		if err != nil || amt.Sign() <= 0 {
			writeErr(w, 400, "InvalidAmount", "Amount must be a positive number")
			return
		}
		spec.Amount = amt
		res, err := x.Quote(spec)
		if refuseEstimate.Write(w, err) {
			return
		}
		out := estimate{EstimatedAmount: sim.Num(res.AmountOut)}
		if spec.Direction == swapscout.Receive {
			out.EstimatedAmount = sim.Num(res.AmountIn)
		}
		if res.RateID != "" {
			out.Rate = &rate{ID: res.RateID, ValidUntil: res.ValidUntil.UTC().Format("2006-01-02T15:04:05.000Z07:00")}
		}
		writeJSON(w, 200, out)
	}))
	swapRoutes(mux, x)
	mux.HandleFunc("GET "+stealthex.CurrenciesPath, keyed(listCurrencies(currencies())))
	return mux
}

// limits is the route's range in the asset the estimation names: the
// deposit's for direct, the payout of the deposit's limits for reversed.
func limits(x *sim.Exchange, spec sim.QuoteSpec) (min, max swapscout.Amount, err error) {
	min, max, err = swapsim.Limits(x, spec)
	if err != nil || spec.Direction != swapscout.Receive {
		return min, max, err
	}
	float := sim.QuoteSpec{From: spec.From, To: spec.To}
	lo, hi := swapsim.Received(x, float, min), swapsim.Received(x, float, max)
	if lo.IsZero() || !max.IsZero() && hi.IsZero() {
		return min, max, sim.ErrNoPair
	}
	return lo, hi, nil
}

// errBody is StealthEX's error envelope.
func errBody(kind, details string) any {
	type errKind struct {
		Kind    string `json:"kind"`
		Details string `json:"details"`
	}
	return struct {
		Err errKind `json:"err"`
	}{errKind{kind, details}}
}

// writeErr writes StealthEX's error envelope.
func writeErr(w http.ResponseWriter, status int, kind, details string) {
	writeJSON(w, status, errBody(kind, details))
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"err":{"kind":"InternalError","details":"encode"}}`)}.Write

// refusal answers an amount below or above the range with InvalidAmount and
// below or above, and a pair without a route.
func refusal(below, above string) swapsim.Refusal {
	return swapsim.Refusal{
		Below: func(w http.ResponseWriter, _ *sim.LimitError) { writeErr(w, 400, "InvalidAmount", below) },
		Above: func(w http.ResponseWriter, _ *sim.LimitError) { writeErr(w, 400, "InvalidAmount", above) },
		Pair:  noRoute,
	}
}
