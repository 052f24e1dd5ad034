// Package trocador is Trocador's simulated API, served by `swapscout sim`,
// built on the adapter's symbols, paths and status words (package
// venue/trocador).
package trocador

import (
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/trocador"
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
	return swapsim.Venue(trocador.Symbols.Assets(), sim.ProfileOf("trocador"), handler,
		swapsim.Fault(writeJSON, "2", errorBody{Error: "Too many requests"}, errorBody{Error: "Internal server error"}))
}

// errorBody is the adapter's errorResponse as Trocador writes it.
type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

var (
	codes = trocador.Symbols.Reverse()
	// keyed refuses a request without the API key header.
	keyed = swapsim.Keyed("API-Key", "", func(w http.ResponseWriter) { writeJSON(w, 401, errorBody{Error: "Invalid API key"}) })
	// noTrade is the answer when nothing can be quoted or traded.
	noTrade = func(w http.ResponseWriter) { writeJSON(w, 404, errorBody{Error: noRate}) }
)

// code reads a ticker, in any case, and a network.
func code(ticker, network string) trocador.Code {
	return trocador.Code{Ticker: strings.ToLower(ticker), Network: network}
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

// quote and newRate are the adapter's quote and newRateResponse as Trocador
// writes them.
type quote struct {
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

type quotes struct {
	Markup        bool     `json:"markup"`
	Quotes        []quote  `json:"quotes"`
	KYCList       []string `json:"kyc_list"`
	BestOnly      bool     `json:"best_only"`
	MaxDeposit    *sim.Num `json:"max_deposit"`
	MinDeposit    *sim.Num `json:"min_deposit"`
	LogPolicyList []string `json:"logpolicy_list"`
}

type newRate struct {
	TradeID     string  `json:"trade_id"`
	Date        string  `json:"date"`
	TickerFrom  string  `json:"ticker_from"`
	TickerTo    string  `json:"ticker_to"`
	CoinFrom    string  `json:"coin_from"`
	CoinTo      string  `json:"coin_to"`
	NetworkFrom string  `json:"network_from"`
	NetworkTo   string  `json:"network_to"`
	AmountFrom  sim.Num `json:"amount_from"`
	AmountTo    sim.Num `json:"amount_to"`
	Provider    string  `json:"provider"`
	Fixed       bool    `json:"fixed"`
	Payment     bool    `json:"payment"`
	Status      string  `json:"status"`
	Quotes      quotes  `json:"quotes"`
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+trocador.NewRatePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		c1, c2 := code(q.Get("ticker_from"), q.Get("network_from")), code(q.Get("ticker_to"), q.Get("network_to"))
		from, to, ok := swapsim.Pair(codes, c1, c2)
		if !ok {
			noTrade(w)
			return
		}
		payment := strings.EqualFold(q.Get("payment"), "true")
		field := "amount_from"
		if payment {
			field = "amount_to"
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 400, errorBody{Error: "Missing or invalid parameter: " + field})
			return
		}
		minKYC := strings.ToUpper(q.Get("min_kycrating"))
		if minKYC == "" {
			minKYC = "D"
		}
		fi, _ := swapscout.LookupAsset(from)
		ti, _ := swapscout.LookupAsset(to)
		rate := newRate{TradeID: x.NewID(""), Date: x.Now().UTC().Format("2006-01-02T15:04:05.000000Z"),
			TickerFrom: c1.Ticker, TickerTo: c2.Ticker, CoinFrom: fi.Name, CoinTo: ti.Name,
			NetworkFrom: c1.Network, NetworkTo: c2.Network, Payment: payment, Status: "new",
			Quotes: quotes{Markup: true, KYCList: []string{"A", "B", "C"}, LogPolicyList: []string{"A", "B"}}}
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
				writeJSON(w, 500, errorBody{Error: "Internal server error"})
				return
			}
			noTrade(w)
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
	}))
	swapRoutes(mux, x)
	return mux
}

// partnerQuote is partner p's quote: the venue's price less p's own spread.
func partnerQuote(x *sim.Exchange, p partner, fixed, payment bool, res sim.QuoteResult, from, to swapscout.Asset, fi, ti swapscout.AssetInfo) quote {
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
	return quote{ETA: p.eta, Fixed: pyString(fixed), Waste: strconv.FormatFloat(waste, 'f', 2, 64), Provider: p.name,
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
var writeJSON = swapsim.JSON{ContentType: "application/json", EncodeError: []byte(`{"error":"Internal server error"}`)}.Write
