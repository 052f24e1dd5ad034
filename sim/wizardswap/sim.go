// Package wizardswap is WizardSwap's simulated API, served by `swapscout
// sim`, built on the adapter's symbols, paths, refusal sentences and status
// words (package venue/wizardswap).
package wizardswap

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/wizardswap"
)

// Sim is WizardSwap's simulated API: POST /estimate and GET /pairs[/{from}],
// every body prefixed with a TAB like the real venue, refusals as HTTP 200
// with false or a sentence in estimated_amount, and throttling answered the
// way WizardSwap does it: "Insufficient liquidity.".
func Sim() sim.Venue {
	return swapsim.Venue(wizardswap.Symbols.Assets(), sim.ProfileOf("wizardswap"), handler,
		func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				if strings.HasSuffix(r.URL.Path, wizardswap.EstimatePath) {
					writeTab(w, 200, estimate{EstimatedAmount: wizardswap.MsgNoLiquidity})
					return
				}
				w.Header().Set("Retry-After", "5")
				writeTab(w, 429, map[string]string{"error": "Too many requests"})
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(500)
			_, _ = io.WriteString(w, "Internal Server Error")
		}, "GET /pairs", "GET /pairs/{from}")
}

// estimate is the adapter's estimateResponse as the venue writes it: a
// string amount, false or a sentence.
type estimate struct {
	EstimatedAmount any `json:"estimated_amount"`
}

// estimateRequest takes amount_from as a string or a number.
type estimateRequest struct {
	CurrencyFrom string           `json:"currency_from"`
	CurrencyTo   string           `json:"currency_to"`
	AmountFrom   swapscout.Amount `json:"amount_from"`
	APIKey       string           `json:"api_key"`
}

var codes = wizardswap.Symbols.Reverse()

// pair resolves two tickers, in any case: an unknown one, or the same twice,
// is a pair WizardSwap does not route.
func pair(from, to string) (a, b swapscout.Asset, ok bool) {
	return swapsim.Pair(codes, strings.ToLower(from), strings.ToLower(to))
}

// below tells an amount under the minimum from every other refusal (above
// the reserve, a pair it does not route), which WizardSwap does not tell
// apart.
func below(err error) bool {
	var le *sim.LimitError
	return errors.As(err, &le) && le.Below
}

func handler(x *sim.Exchange) http.Handler {
	var tickers []string
	for _, a := range x.Assets() {
		tickers = append(tickers, wizardswap.Symbols[a.Asset])
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+wizardswap.EstimatePath, func(w http.ResponseWriter, r *http.Request) {
		var q estimateRequest
		if err := swapsim.Decode(w, r, &q); err != nil || q.AmountFrom.Sign() <= 0 {
			writeTab(w, 200, estimate{EstimatedAmount: false})
			return
		}
		from, to, ok := pair(q.CurrencyFrom, q.CurrencyTo)
		res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: q.AmountFrom})
		switch {
		case !ok:
			writeTab(w, 200, estimate{EstimatedAmount: wizardswap.MsgNoLiquidity})
		case below(err):
			writeTab(w, 200, estimate{EstimatedAmount: wizardswap.MsgTooLow})
		case err != nil: // above the reserve, or a pair it does not route
			writeTab(w, 200, estimate{EstimatedAmount: wizardswap.MsgNoLiquidity})
		default:
			writeTab(w, 200, estimate{EstimatedAmount: res.AmountOut.String()})
		}
	})
	mux.HandleFunc("GET /pairs", func(w http.ResponseWriter, r *http.Request) {
		writeTab(w, 200, tickers)
	})
	mux.HandleFunc("GET /pairs/{from}", func(w http.ResponseWriter, r *http.Request) {
		from := strings.ToLower(r.PathValue("from"))
		out := []string{}
		if _, ok := codes[from]; ok {
			for _, t := range tickers {
				if t != from {
					out = append(out, t)
				}
			}
		}
		writeTab(w, 200, out)
	})
	swapRoutes(mux, x)
	return mux
}

// writeTab writes v as WizardSwap does: a TAB, then the JSON.
var writeTab = swapsim.JSON{Prefix: []byte("\t"), EncodeError: []byte(`false`)}.Write
