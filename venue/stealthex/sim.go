package stealthex

import (
	"bytes"
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

// Sim is StealthEX's simulated API v4: POST rates/range and
// rates/estimated-amount with JSON numbers (an amount sent as a string is
// refused, as the venue does), natives on "mainnet", the recorded 404 NoPair
// for an unknown currency, NoExchangeRoute for a reversed floating estimate,
// InvalidAmount outside the range, a rate {id, valid_until} on fixed
// estimates, and 401 without a Bearer key. Floating routes have no maximum
// (max_amount null, as recorded).
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Holds: true, Latency: 200 * time.Millisecond, Spread: 0.005, FixedExtra: 0.01,
			MinUSD: 8, NetworkFeeUSD: 1.2, Assets: symbols.Assets()},
		Handler: simHandler,
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			// StealthEX's own rate-limit and server-error bodies are not known ([MEM]).
			if f == sim.FaultRateLimit {
				writeErr(w, 429, "TooManyRequests", "Too many requests")
				return
			}
			writeErr(w, faultStatus(&faults), "InternalError", "Internal server error")
		},
	}
}

// simRequest is rateRequest as the venue reads it: the amount must be a number.
type simRequest struct {
	Route struct {
		From code `json:"from"`
		To   code `json:"to"`
	} `json:"route"`
	Estimation string          `json:"estimation"`
	Rate       string          `json:"rate"`
	Amount     json.RawMessage `json:"amount"`
}

type simRange struct {
	MinAmount *sim.Num `json:"min_amount"`
	MaxAmount *sim.Num `json:"max_amount"`
}

type simRate struct {
	ID         string `json:"id"`
	ValidUntil string `json:"valid_until"`
}

type simEstimate struct {
	EstimatedAmount sim.Num  `json:"estimated_amount"`
	Rate            *simRate `json:"rate,omitempty"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	// parse authenticates and reads a request; ok is false when it answered.
	parse := func(w http.ResponseWriter, r *http.Request) (in simRequest, spec sim.QuoteSpec, ok bool) {
		if key, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); !found || key == "" {
			writeErr(w, 401, "NoUserApiKey", "API key is required")
			return in, spec, false
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			writeErr(w, 400, "InvalidData", "invalid request body")
			return in, spec, false
		}
		from, ok1 := rev[in.Route.From]
		to, ok2 := rev[in.Route.To]
		switch {
		case !ok1 || !ok2:
			writeErr(w, 404, "NoPair", "One or both currencies do not exist")
			return in, spec, false
		case from == to:
			writeErr(w, 404, "NoExchangeRoute", "No exchange route for this pair")
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
	mux.HandleFunc("POST "+rangePath, func(w http.ResponseWriter, r *http.Request) {
		_, spec, ok := parse(w, r)
		if !ok {
			return
		}
		min, max, err := limits(x, spec)
		if err != nil {
			writeErr(w, 404, "NoExchangeRoute", "No exchange route for this pair")
			return
		}
		writeJSON(w, 200, simRange{MinAmount: sim.NumPtr(min), MaxAmount: sim.NumPtr(max)})
	})
	mux.HandleFunc("POST "+estimatePath, func(w http.ResponseWriter, r *http.Request) {
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
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeErr(w, 400, "InvalidAmount", "Amount is less than the minimal amount")
			return
		case errors.As(err, &le):
			writeErr(w, 400, "InvalidAmount", "Amount is greater than the maximal amount")
			return
		case err != nil:
			writeErr(w, 404, "NoExchangeRoute", "No exchange route for this pair")
			return
		}
		out := simEstimate{EstimatedAmount: sim.Num(res.AmountOut)}
		if spec.Direction == swapscout.Receive {
			out.EstimatedAmount = sim.Num(res.AmountIn)
		}
		if res.RateID != "" {
			out.Rate = &simRate{ID: res.RateID, ValidUntil: res.ValidUntil.UTC().Format("2006-01-02T15:04:05.000Z07:00")}
		}
		writeJSON(w, 200, out)
	})
	simSwapRoutes(mux, x)
	return mux
}

// limits is the route's range in the asset the estimation names: the
// deposit's for direct, the payout of the deposit's limits for reversed.
func limits(x *sim.Exchange, spec sim.QuoteSpec) (min, max swapscout.Amount, err error) {
	_, err = x.Quote(sim.QuoteSpec{From: spec.From, To: spec.To, Fixed: spec.Fixed, Amount: swapscout.AmountFromInt(0)})
	var le *sim.LimitError
	if !errors.As(err, &le) {
		return min, max, errors.New("no route")
	}
	min, max = le.Min, le.Max
	if spec.Direction == swapscout.Receive {
		lo, err := x.Quote(sim.QuoteSpec{From: spec.From, To: spec.To, Amount: min})
		if err != nil {
			return min, max, err
		}
		min = lo.AmountOut
		if !max.IsZero() {
			hi, err := x.Quote(sim.QuoteSpec{From: spec.From, To: spec.To, Amount: max})
			if err != nil {
				return min, max, err
			}
			max = hi.AmountOut
		}
	}
	return min, max, nil
}

// writeErr writes StealthEX's error envelope.
func writeErr(w http.ResponseWriter, status int, kind, details string) {
	var body struct {
		Err struct {
			Kind    string `json:"kind"`
			Details string `json:"details"`
		} `json:"err"`
	}
	body.Err.Kind, body.Err.Details = kind, details
	writeJSON(w, status, body)
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"err":{"kind":"InternalError","details":"encode"}}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
