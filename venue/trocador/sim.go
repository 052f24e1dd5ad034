package trocador

import (
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// noRate is the refusal Trocador answers when no partner quotes the request
// (HTTP 404, quoted verbatim in crypto-power/cryptopower issue #275).
const noRate = "trade could not be generated, some unknown error happened"

// Sim is Trocador's simulated API: GET /new_rate in the recorded shape (a
// trade_id, the best rate at the top level with numbers, and every partner's
// floating and fixed quotes, best first, with string amounts, "True"/"False"
// rate types, kycrating, eta and waste; deposit limits as numbers). A request
// needs a non-empty API-Key header; partners rated below min_kycrating are
// left out; payment=True prices an amount to receive at fixed rates. Nothing
// quotable answers 404 {"error": "trade could not be generated, …"}; the
// missing-key, bad-parameter and fault bodies are [MEM].
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 600 * time.Millisecond, Spread: 0.005, FixedExtra: 0.006,
			MinUSD: 6, MaxUSD: 1000000, NetworkFeeUSD: 1, Assets: symbols.Assets()},
		Handler: simHandler,
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "2")
				writeJSON(w, 429, errorResponse{Error: "Too many requests"})
				return
			}
			writeJSON(w, faultStatus(&faults), errorResponse{Error: "Internal server error"})
		},
	}
}

// partner is a simulated Trocador partner: names and ratings from the
// recorded exchanges list and new_rate answer; spread is its extra cost.
type partner struct {
	name, kyc, logpolicy string
	eta, insurance       int
	spread               float64
}

var partners = []partner{
	{"Swapuz", "A", "B", 10, 100, 0},
	{"LetsExchange", "B", "B", 11, 100, 0.0017},
	{"Exolix", "A", "A", 9, 100, 0.0085},
	{"ChangeNow", "C", "B", 14, 100, 0.0205},
	{"Pegasusswap", "A", "A", 15, 100, 0.0136},
	{"XGram", "C", "B", 44, 50, 0.0113},
}

// simQuote and simRate are quote and newRateResponse as Trocador writes them.
type simQuote struct {
	ETA                    int    `json:"eta"`
	Fixed                  string `json:"fixed"`
	Waste                  string `json:"waste"`
	Provider               string `json:"provider"`
	AmountTo               string `json:"amount_to"`
	Insurance              int    `json:"insurance"`
	KYCRating              string `json:"kycrating"`
	LogPolicy              string `json:"logpolicy"`
	AmountToUSD            string `json:"amount_to_USD"`
	ProviderLogo           string `json:"provider_logo"`
	AmountFromUSD          string `json:"amount_from_USD"`
	USDTotalCostPercentage string `json:"USD_total_cost_percentage"`

	in, out swapscout.Amount // for sorting and the top level
}

type simQuotes struct {
	Markup        bool       `json:"markup"`
	Quotes        []simQuote `json:"quotes"`
	KYCList       []string   `json:"kyc_list"`
	BestOnly      bool       `json:"best_only"`
	MaxDeposit    *sim.Num   `json:"max_deposit"`
	MinDeposit    *sim.Num   `json:"min_deposit"`
	LogPolicyList []string   `json:"logpolicy_list"`
}

type simRate struct {
	TradeID     string    `json:"trade_id"`
	Date        string    `json:"date"`
	TickerFrom  string    `json:"ticker_from"`
	TickerTo    string    `json:"ticker_to"`
	CoinFrom    string    `json:"coin_from"`
	CoinTo      string    `json:"coin_to"`
	NetworkFrom string    `json:"network_from"`
	NetworkTo   string    `json:"network_to"`
	AmountFrom  sim.Num   `json:"amount_from"`
	AmountTo    sim.Num   `json:"amount_to"`
	Provider    string    `json:"provider"`
	Fixed       bool      `json:"fixed"`
	Payment     bool      `json:"payment"`
	Status      string    `json:"status"`
	Quotes      simQuotes `json:"quotes"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+newRatePath, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("API-Key") == "" {
			writeJSON(w, 401, errorResponse{Error: "Invalid API key"})
			return
		}
		q := r.URL.Query()
		c1 := code{strings.ToLower(q.Get("ticker_from")), q.Get("network_from")}
		c2 := code{strings.ToLower(q.Get("ticker_to")), q.Get("network_to")}
		from, ok1 := rev[c1]
		to, ok2 := rev[c2]
		if !ok1 || !ok2 || from == to {
			writeJSON(w, 404, errorResponse{Error: noRate})
			return
		}
		payment := strings.EqualFold(q.Get("payment"), "true")
		field := "amount_from"
		if payment {
			field = "amount_to"
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 400, errorResponse{Error: "Missing or invalid parameter: " + field})
			return
		}
		minKYC := strings.ToUpper(q.Get("min_kycrating"))
		if minKYC == "" {
			minKYC = "D"
		}
		fi, _ := swapscout.LookupAsset(from)
		ti, _ := swapscout.LookupAsset(to)
		rate := simRate{TradeID: x.NewID(""), Date: x.Now().UTC().Format("2006-01-02T15:04:05.000000Z"),
			TickerFrom: c1.Ticker, TickerTo: c2.Ticker, CoinFrom: fi.Name, CoinTo: ti.Name,
			NetworkFrom: c1.Network, NetworkTo: c2.Network, Payment: payment, Status: "new",
			Quotes: simQuotes{Markup: true, KYCList: []string{"A", "B", "C"}, LogPolicyList: []string{"A", "B"}}}
		kinds := []bool{false, true}
		if payment {
			kinds = []bool{true} // payments are fixed-rate
		}
		for _, fixed := range kinds {
			spec := sim.QuoteSpec{From: from, To: to, Amount: amt, Fixed: fixed}
			if payment {
				spec.Direction = swapscout.Receive
			}
			res, err := x.Quote(spec)
			if err != nil {
				continue
			}
			rate.Quotes.MinDeposit, rate.Quotes.MaxDeposit = sim.NumPtr(res.Min), sim.NumPtr(res.Max)
			for _, p := range partners {
				if p.kyc > minKYC {
					continue
				}
				rate.Quotes.Quotes = append(rate.Quotes.Quotes, partnerQuote(x, p, fixed, payment, res, from, to, fi, ti))
			}
		}
		if len(rate.Quotes.Quotes) == 0 {
			var le *sim.LimitError
			if _, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: amt}); err != nil && !errors.As(err, &le) && !errors.Is(err, sim.ErrNoPair) {
				writeJSON(w, 500, errorResponse{Error: "Internal server error"})
				return
			}
			writeJSON(w, 404, errorResponse{Error: noRate})
			return
		}
		qs := rate.Quotes.Quotes
		sort.SliceStable(qs, func(i, j int) bool {
			if payment {
				return qs[i].in.Cmp(qs[j].in) < 0
			}
			return qs[i].out.Cmp(qs[j].out) > 0
		})
		best := qs[0]
		rate.AmountFrom, rate.AmountTo = sim.Num(best.in), sim.Num(best.out)
		rate.Provider, rate.Fixed = best.Provider, best.Fixed == "True"
		writeJSON(w, 200, rate)
	})
	simSwapRoutes(mux, x)
	return mux
}

// partnerQuote is partner p's quote: the venue's price less p's own spread.
func partnerQuote(x *sim.Exchange, p partner, fixed, payment bool, res sim.QuoteResult, from, to swapscout.Asset, fi, ti swapscout.AssetInfo) simQuote {
	in, out := res.AmountIn, res.AmountOut
	if factor, err := swapscout.AmountFromFloat(1 - p.spread); err == nil {
		if payment {
			in = in.Quo(factor, fi.Decimals, swapscout.RoundUp)
		} else {
			out = out.Mul(factor).Round(ti.Decimals, swapscout.RoundDown)
		}
	}
	inUSD, outUSD := in.Float64()*x.USD(from.Ticker), out.Float64()*x.USD(to.Ticker)
	waste := 0.0
	if inUSD > 0 {
		waste = (outUSD/inUSD - 1) * 100
	}
	return simQuote{ETA: p.eta, Fixed: pyString(fixed), Waste: strconv.FormatFloat(waste, 'f', 2, 64), Provider: p.name,
		AmountTo: out.String(), Insurance: p.insurance, KYCRating: p.kyc, LogPolicy: p.logpolicy,
		AmountToUSD: strconv.FormatFloat(outUSD, 'f', 2, 64), ProviderLogo: "https://trocador.app/static/img/partners/" + p.name + "_square.png",
		AmountFromUSD: strconv.FormatFloat(inUSD, 'f', 2, 64), USDTotalCostPercentage: strconv.FormatFloat(waste, 'f', 1, 64),
		in: in, out: out}
}

func pyString(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json", EncodeError: []byte(`{"error":"Internal server error"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
