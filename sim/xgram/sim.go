// Package xgram is Xgram's simulated partner API v1, served by `swapscout
// sim`, built on the adapter's symbols, paths and status words (package
// venue/xgram).
package xgram

import (
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/xgram"
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
	return swapsim.Venue(xgram.Symbols.Assets(), sim.ProfileOf("xgram"), handler,
		swapsim.Fault(writeJSON, "1", failed("Too many requests"), failed("Internal server error")), "GET "+currenciesPath)
}

// currenciesPath lists the currencies (the adapter reads the limits from
// the rate answer, which repeats them per pair).
const currenciesPath = "/list-currency-options"

// refusal is a refusal in any of the shapes the adapter's rateResponse
// reads: result false with an error, {"errors":[…]}, or {"error":…}.
type refusal struct {
	Result *bool       `json:"result,omitempty"`
	Error  string      `json:"error,omitempty"`
	Errors []errorItem `json:"errors,omitempty"`
}

// errorItem is one of {"errors":[…]}, as the adapter reads it.
type errorItem struct {
	Code                   string            `json:"code"`
	Error                  string            `json:"error,omitempty"`
	SourceAmountLimit      *swapscout.Amount `json:"sourceAmountLimit,omitempty"`
	DestinationAmountLimit *swapscout.Amount `json:"destinationAmountLimit,omitempty"`
}

// failed is a refusal with result false.
func failed(msg string) refusal {
	no := false
	return refusal{Result: &no, Error: msg}
}

// errorsOf is a refusal of one {"errors":[…]} item.
func errorsOf(item errorItem) refusal { return refusal{Errors: []errorItem{item}} }

var (
	codes = xgram.Symbols.Reverse()
	// keyed refuses a request without the API key header.
	keyed = swapsim.Keyed("x-api-key", "", func(w http.ResponseWriter) { writeJSON(w, 401, failed("Invalid API key")) })
	// unsupported refuses a pair.
	unsupported = func(w http.ResponseWriter) {
		writeJSON(w, 400, errorsOf(errorItem{Code: "CURRENCY_UNSUPPORTED", Error: "Pair is not supported"}))
	}
	noAmount = func(w http.ResponseWriter) { writeJSON(w, 400, refusal{Error: "ccyAmount must be > 0"}) }
)

// rate is the adapter's rateResponse as Xgram writes it: the rate as a
// number.
type rate struct {
	Fix           bool             `json:"fix"`
	MinFrom       swapscout.Amount `json:"minFrom"`
	MaxFrom       swapscout.Amount `json:"maxFrom"`
	FromNetwork   string           `json:"from_network"`
	ToNetwork     string           `json:"to_network"`
	Rate          sim.Num          `json:"rate"`
	WithdrawalFee string           `json:"withdrawalFee"`
	Result        bool             `json:"result"`
}

// currency is a value of GET /list-currency-options, an object keyed by
// currency code: limits as numbers.
type currency struct {
	CoinName  string   `json:"coinName"`
	Contract  string   `json:"contract"`
	MinFrom   *sim.Num `json:"minFrom"`
	MaxFrom   *sim.Num `json:"maxFrom"`
	Tagname   string   `json:"tagname"`
	Network   string   `json:"network"`
	Available bool     `json:"available"`
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+xgram.RatePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		fromCode, toCode := strings.ToUpper(q.Get("fromCcy")), strings.ToUpper(q.Get("toCcy"))
		from, to, ok := swapsim.Pair(codes, fromCode, toCode)
		if !ok {
			bad := fromCode
			if _, known := codes[fromCode]; known {
				bad = toCode
			}
			writeJSON(w, 400, errorsOf(errorItem{Code: "CURRENCY_UNSUPPORTED", Error: "Currency " + bad + " is not supported"}))
			return
		}
		amt, err := swapscout.ParseAmount(q.Get("ccyAmount"))
		if err != nil || amt.Sign() <= 0 {
			noAmount(w)
			return
		}
		res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: amt})
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, le *sim.LimitError) {
				item := limitItem(le)
				dest := swapsim.Received(x, sim.QuoteSpec{From: from, To: to}, *item.SourceAmountLimit)
				if dest.IsZero() {
					dest = swapscout.AmountFromInt(0)
				}
				item.DestinationAmountLimit = &dest
				writeJSON(w, 400, errorsOf(item))
			},
			Pair: unsupported,
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, rate{MinFrom: res.Min, MaxFrom: res.Max, FromNetwork: networkName(from), ToNetwork: networkName(to),
			Rate: sim.Num(res.Rate), WithdrawalFee: res.NetworkFee.String() + " " + strings.ToUpper(to.Ticker), Result: true})
	}))
	mux.HandleFunc("GET "+currenciesPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		out := map[string]currency{}
		assets := x.Assets()
		for _, info := range assets {
			a := info.Asset
			c := currency{CoinName: info.Name, Network: networkName(a), Available: true}
			if info.Memo {
				c.Tagname = "memo"
			}
			for _, b := range assets {
				if b.Asset == a {
					continue
				}
				// The limits the quotes enforce.
				if min, max, err := swapsim.Limits(x, sim.QuoteSpec{From: a, To: b.Asset}); err == nil {
					c.MinFrom, c.MaxFrom = sim.NumPtr(min), sim.NumPtr(max)
					break
				}
			}
			out[xgram.Symbols[a]] = c
		}
		writeJSON(w, 200, out)
	}))
	swapRoutes(mux, x)
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

// limitItem is the {"errors":[…]} item of an amount out of the limits.
func limitItem(le *sim.LimitError) errorItem {
	if le.Below {
		return errorItem{Code: "BELOW_LIMIT", Error: "Amount is below the minimum", SourceAmountLimit: &le.Min}
	}
	return errorItem{Code: "ABOVE_LIMIT", Error: "Amount is above the maximum", SourceAmountLimit: &le.Max}
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=UTF-8", EncodeError: []byte(`{"result":false,"error":"encode"}`)}.Write
