package wizardswap

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// Sim is WizardSwap's simulated API: POST /estimate and GET /pairs[/{from}],
// every body prefixed with a TAB like the real venue, refusals as HTTP 200
// with false or a sentence in estimated_amount, and throttling answered the
// way WizardSwap does it: "Insufficient liquidity.".
func Sim() sim.Venue {
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Holds: true, Latency: 450 * time.Millisecond, Spread: 0.015,
			MinUSD: 20, MaxUSD: 25000, NetworkFeeUSD: 0.5, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET /pairs", "GET /pairs/{from}"},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				if strings.HasSuffix(r.URL.Path, "/estimate") {
					writeTab(w, 200, simEstimate{EstimatedAmount: msgNoLiquidity})
					return
				}
				w.Header().Set("Retry-After", "5")
				writeTab(w, 429, map[string]string{"error": "Too many requests"})
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(500)
			_, _ = io.WriteString(w, "Internal Server Error")
		},
	}
}

// simEstimate is estimateResponse as the venue writes it: a string amount,
// false or a sentence.
type simEstimate struct {
	EstimatedAmount any `json:"estimated_amount"`
}

// simEstimateRequest takes amount_from as a string or a number.
type simEstimateRequest struct {
	CurrencyFrom string           `json:"currency_from"`
	CurrencyTo   string           `json:"currency_to"`
	AmountFrom   swapscout.Amount `json:"amount_from"`
	APIKey       string           `json:"api_key"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	var tickers []string
	for _, a := range symbols.Assets() {
		tickers = append(tickers, symbols[a])
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /estimate", func(w http.ResponseWriter, r *http.Request) {
		var q simEstimateRequest
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&q); err != nil || q.AmountFrom.Sign() <= 0 {
			writeTab(w, 200, simEstimate{EstimatedAmount: false})
			return
		}
		from, ok1 := rev[strings.ToLower(q.CurrencyFrom)]
		to, ok2 := rev[strings.ToLower(q.CurrencyTo)]
		if !ok1 || !ok2 {
			writeTab(w, 200, simEstimate{EstimatedAmount: msgNoLiquidity})
			return
		}
		res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: q.AmountFrom})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeTab(w, 200, simEstimate{EstimatedAmount: msgTooLow})
		case err != nil: // above the reserve, or a pair it does not route
			writeTab(w, 200, simEstimate{EstimatedAmount: msgNoLiquidity})
		default:
			writeTab(w, 200, simEstimate{EstimatedAmount: res.AmountOut.String()})
		}
	})
	mux.HandleFunc("GET /pairs", func(w http.ResponseWriter, r *http.Request) {
		writeTab(w, 200, tickers)
	})
	mux.HandleFunc("GET /pairs/{from}", func(w http.ResponseWriter, r *http.Request) {
		from := strings.ToLower(r.PathValue("from"))
		out := []string{}
		if _, ok := rev[from]; ok {
			for _, t := range tickers {
				if t != from {
					out = append(out, t)
				}
			}
		}
		writeTab(w, 200, out)
	})
	simSwapRoutes(mux, x)
	return mux
}

// writeTab writes v as WizardSwap does: a TAB, then the JSON.
func writeTab(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = 500, []byte(`false`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append([]byte{'\t'}, b...))
}
