package xgram

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

// Sim is Xgram's simulated partner API v1: GET /retrieve-rate-value in the
// documented shape (limits as strings, rate as a number, the withdrawal fee
// as "<amount> <TICKER>" and left out of the rate) and GET
// /list-currency-options (an object keyed by code, limits as numbers). Every
// call needs a non-empty x-api-key. Refusals use the documented shapes:
// {"errors":[{"code":"CURRENCY_UNSUPPORTED"|"BELOW_LIMIT"|"ABOVE_LIMIT",…}]}
// with HTTP 400 and {"error":"ccyAmount must be > 0"}; the missing-key and
// fault bodies are [MEM].
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 350 * time.Millisecond, Spread: 0.009,
			MinUSD: 20, MaxUSD: 250000, NetworkFeeUSD: 2, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET " + currenciesPath},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			no := false
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "1")
				writeJSON(w, 429, rateResponse{Result: &no, Error: "Too many requests"})
				return
			}
			writeJSON(w, faultStatus(&faults), rateResponse{Result: &no, Error: "Internal server error"})
		},
	}
}

// simRate is rateResponse as Xgram writes it: the rate as a number.
type simRate struct {
	Fix           bool             `json:"fix"`
	MinFrom       swapscout.Amount `json:"minFrom"`
	MaxFrom       swapscout.Amount `json:"maxFrom"`
	FromNetwork   string           `json:"from_network"`
	ToNetwork     string           `json:"to_network"`
	Rate          sim.Num          `json:"rate"`
	WithdrawalFee string           `json:"withdrawalFee"`
	Result        bool             `json:"result"`
}

// simCurrency is currencyOption as Xgram writes it: limits as numbers.
type simCurrency struct {
	CoinName  string   `json:"coinName"`
	Contract  string   `json:"contract"`
	MinFrom   *sim.Num `json:"minFrom"`
	MaxFrom   *sim.Num `json:"maxFrom"`
	Tagname   string   `json:"tagname"`
	Network   string   `json:"network"`
	Available bool     `json:"available"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	keyed := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("x-api-key") == "" {
				no := false
				writeJSON(w, 401, rateResponse{Result: &no, Error: "Invalid API key"})
				return
			}
			h(w, r)
		}
	}
	mux.HandleFunc("GET "+ratePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		fromCode, toCode := strings.ToUpper(q.Get("fromCcy")), strings.ToUpper(q.Get("toCcy"))
		from, ok1 := rev[fromCode]
		to, ok2 := rev[toCode]
		if !ok1 || !ok2 || from == to {
			bad := fromCode
			if ok1 {
				bad = toCode
			}
			writeJSON(w, 400, rateResponse{Errors: []errorItem{{Code: "CURRENCY_UNSUPPORTED", Error: "Currency " + bad + " is not supported"}}})
			return
		}
		amt, err := swapscout.ParseAmount(q.Get("ccyAmount"))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 400, rateResponse{Error: "ccyAmount must be > 0"})
			return
		}
		res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: amt})
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			item := errorItem{Code: "BELOW_LIMIT", Error: "Amount is below the minimum", SourceAmountLimit: &le.Min}
			if !le.Below {
				item = errorItem{Code: "ABOVE_LIMIT", Error: "Amount is above the maximum", SourceAmountLimit: &le.Max}
			}
			dest := swapscout.AmountFromInt(0)
			if at, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: *item.SourceAmountLimit}); err == nil {
				dest = at.AmountOut
			}
			item.DestinationAmountLimit = &dest
			writeJSON(w, 400, rateResponse{Errors: []errorItem{item}})
			return
		case err != nil:
			writeJSON(w, 400, rateResponse{Errors: []errorItem{{Code: "CURRENCY_UNSUPPORTED", Error: "Pair is not supported"}}})
			return
		}
		writeJSON(w, 200, simRate{MinFrom: res.Min, MaxFrom: res.Max, FromNetwork: networkName(from), ToNetwork: networkName(to),
			Rate: sim.Num(res.Rate), WithdrawalFee: res.NetworkFee.String() + " " + strings.ToUpper(to.Ticker), Result: true})
	}))
	mux.HandleFunc("GET "+currenciesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		out := map[string]simCurrency{}
		assets := symbols.Assets()
		for _, a := range assets {
			info, _ := swapscout.LookupAsset(a)
			c := simCurrency{CoinName: info.Name, Network: networkName(a), Available: true}
			if info.Memo {
				c.Tagname = "memo"
			}
			for _, b := range assets {
				if b == a {
					continue
				}
				// The limits the quotes enforce: ask for a dust amount and read the refusal.
				_, err := x.Quote(sim.QuoteSpec{From: a, To: b, Amount: swapscout.NewAmount(1, 12)})
				var le *sim.LimitError
				if errors.As(err, &le) {
					c.MinFrom, c.MaxFrom = sim.NumPtr(le.Min), sim.NumPtr(le.Max)
					break
				}
			}
			out[symbols[a]] = c
		}
		writeJSON(w, 200, out)
	}))
	simSwapRoutes(mux, x)
	return mux
}

// networkName is the network as Xgram names it in from_network/to_network and
// list-currency-options: "ERC20" for Ether too (the docs' example), and the
// names Edge's reporting plugin maps ([CODE]; Dogecoin's is [MEM]).
func networkName(a swapscout.Asset) string {
	names := map[string]string{
		"btc": "Bitcoin", "eth": "ERC20", "xmr": "Monero", "ltc": "Litecoin", "bch": "BitcoinCash",
		"dash": "Digital Cash", "ada": "ADA", "xrp": "Ripple", "sol": "SOL", "trx": "TRC20", "zec": "Zcash",
	}
	if n, ok := names[a.Network]; ok {
		return n
	}
	return swapscout.Networks[a.Network]
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json; charset=UTF-8", EncodeError: []byte(`{"result":false,"error":"encode"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
