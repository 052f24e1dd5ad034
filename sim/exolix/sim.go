// Package exolix is Exolix's simulated API v2, served by `swapscout sim`,
// built on the adapter's symbols, paths and status words (package
// venue/exolix).
package exolix

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/exolix"
)

// Messages Exolix puts in a refusal in the rate shape. The first is recorded;
// the second is modelled on it ([MEM]).
const (
	belowMinMessage = "Amount to exchange is below the possible min amount to exchange"
	aboveMaxMessage = "Amount to exchange is higher than the possible max amount to exchange"
)

// Sim is Exolix's simulated API v2: GET /api/v2/rate with Exolix's quirks.
// Amounts are JSON numbers written as JavaScript writes them (1e-8 below
// 10^-6) and priceImpact a string; below the minimum a send-side quote
// answers 422 and a receive-side one 200 with the rate shape (Edge); above the
// maximum 422; an unknown pair 422 {"error":…}; a bad parameter 400
// {"errors":{…}}. A key is optional and accepted in any of the forms clients
// use (Authorization header, with or without Bearer, or apiToken).
func Sim() sim.Venue {
	// Exolix's own rate-limit and error bodies are not known ([MEM]).
	return swapsim.Venue(exolix.Symbols.Assets(), sim.ProfileOf("exolix"), handler,
		swapsim.Fault(writeJSON, "", map[string]any{"message": "Too Many Requests"}, map[string]any{"message": "Internal server error"}),
		"GET "+exolix.CurrenciesPath)
}

// rate is the adapter's rateResponse as Exolix writes it.
type rate struct {
	FromAmount  jsNum   `json:"fromAmount"`
	ToAmount    jsNum   `json:"toAmount"`
	Rate        *jsNum  `json:"rate,omitempty"`
	Message     *string `json:"message"`
	MinAmount   jsNum   `json:"minAmount"`
	WithdrawMin *jsNum  `json:"withdrawMin,omitempty"`
	MaxAmount   jsNum   `json:"maxAmount"`
	PriceImpact *string `json:"priceImpact,omitempty"`
}

var (
	codes   = exolix.Symbols.Reverse()
	noPair  = map[string]string{"error": "Such exchange pair is not available"}
	invalid = func(w http.ResponseWriter, field, msg string) {
		writeJSON(w, 400, map[string]any{"errors": map[string]string{field: msg}})
	}
)

// pair resolves two coins and networks, in any case.
func pair(coinFrom, networkFrom, coinTo, networkTo string) (from, to swapscout.Asset, ok bool) {
	up := strings.ToUpper
	return swapsim.Pair(codes, exolix.Code{Coin: up(coinFrom), Network: up(networkFrom)}, exolix.Code{Coin: up(coinTo), Network: up(networkTo)})
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+exolix.RatePath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		from, to, ok := pair(q.Get("coinFrom"), q.Get("networkFrom"), q.Get("coinTo"), q.Get("networkTo"))
		if !ok {
			writeJSON(w, 422, noPair)
			return
		}
		spec := sim.QuoteSpec{From: from, To: to}
		switch q.Get("rateType") {
		case "", "float":
		case "fixed":
			spec.Fixed = true
		default:
			invalid(w, "rateType", "rateType must be one of the following values: float, fixed")
			return
		}
		field := "amount"
		if q.Has("withdrawalAmount") {
			spec.Direction, field = swapscout.Receive, "withdrawalAmount"
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		if err != nil || amt.Sign() <= 0 {
			invalid(w, field, field+" must be a positive number")
			return
		}
		spec.Amount = amt
		// The payout of the least deposit is withdrawMin.
		var wmin *jsNum
		if min, _, err := swapsim.Limits(x, spec); err == nil {
			if lim, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: min}); err == nil {
				wmin = jsPtr(lim.AmountOut)
			}
		}
		res, err := x.Quote(spec)
		refusal := func(w http.ResponseWriter, le *sim.LimitError) {
			// The recorded refusal has no rate, withdrawMin or priceImpact.
			out := rate{MinAmount: jsNum(le.Min), MaxAmount: jsNum(le.Max), ToAmount: jsNum(swapscout.AmountFromInt(0))}
			msg, status := belowMinMessage, 422
			if !le.Below {
				msg = aboveMaxMessage
			}
			if spec.Direction == swapscout.Receive {
				out.ToAmount, out.WithdrawMin = jsNum(amt), wmin
				if le.Below {
					status = 200 // Edge: a receive-side quote under the minimum is not an error status
				}
			} else {
				out.FromAmount = jsNum(amt)
			}
			out.Message = &msg
			writeJSON(w, status, out)
		}
		if (swapsim.Refusal{Below: refusal, Pair: func(w http.ResponseWriter) { writeJSON(w, 422, noPair) }}).Write(w, err) {
			return
		}
		impact := "0"
		writeJSON(w, 200, rate{
			FromAmount: jsNum(res.AmountIn), ToAmount: jsNum(res.AmountOut),
			Rate:      jsPtr(res.AmountOut.Quo(res.AmountIn, 8, swapscout.RoundHalfEven)),
			MinAmount: jsNum(res.Min), WithdrawMin: wmin, MaxAmount: jsNum(res.Max), PriceImpact: &impact,
		})
	})
	swapRoutes(mux, x)
	mux.HandleFunc("GET "+exolix.CurrenciesPath, listCurrencies(currencies()))
	return mux
}

// jsNum is an Amount written as a JSON number the way JavaScript's
// Number.prototype.toString writes it: plainly from 10^-6 up, with an
// exponent below (0.00000001 is 1e-8, 0.00000056 is 5.6e-7).
type jsNum swapscout.Amount

func (n jsNum) MarshalJSON() ([]byte, error) {
	b, err := swapscout.Amount(n).AppendText(nil)
	if err != nil {
		return nil, err
	}
	return jsExponent(b), nil
}

// jsExponent rewrites a canonical decimal below 10^-6 in exponent form.
func jsExponent(b []byte) []byte {
	sign, s := "", string(b)
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	if !strings.HasPrefix(s, "0.000000") {
		return b
	}
	frac := s[2:]
	z := len(frac) - len(strings.TrimLeft(frac, "0"))
	digits := frac[z:]
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	return []byte(sign + m + "e-" + strconv.Itoa(z+1))
}

func jsPtr(a swapscout.Amount) *jsNum {
	n := jsNum(a)
	return &n
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"message":"Internal server error"}`)}.Write
