// Package fixedfloat is FixedFloat's simulated API v2, served by
// `swapscout sim`, built on the adapter's symbols, paths, status words and
// signature (package venue/fixedfloat).
package fixedfloat

import (
	"crypto/hmac"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/fixedfloat"
)

// Sim is FixedFloat's simulated API v2: POST /api/v2/ccies and /api/v2/price
// with JSON bodies, each checked against X-API-SIGN = hex(HMAC-SHA256 of the
// body with the simulator's secret for the venue), answers in the
// {"code","msg","data"} envelope with HTTP 200 even for errors, amounts as
// strings, and limits reported in data.errors with code 0.
func Sim() sim.Venue {
	return swapsim.Venue(fixedfloat.Symbols.Assets(), sim.ProfileOf("fixedfloat"), handler,
		swapsim.Fault(writeJSON, "60", envelope{Code: simCodeLimit, Msg: "Too many requests"},
			envelope{Code: simCodeInternal, Msg: "Internal server error"}), "POST "+fixedfloat.APIPath+"ccies")
}

// Envelope codes the simulator answers with. FixedFloat documents only that 0
// is OK and anything else an error; these numbers are [MEM] and the adapter
// does not depend on them.
const (
	simCodeInvalid  = 301
	simCodeCurrency = 311
	simCodeAuth     = 401
	simCodeLimit    = 429
	simCodeInternal = 500
)

// simCode is the combined code the simulator lists in `ccies` for c. BTC,
// ETH, XMR and USDTTRC are [CODE]; the rest follow their pattern ([MEM]):
// a coin on its own chain (or on Ethereum) goes by its ticker, BNB by BSC,
// anything else by the ticker and the network (TRC for Tron, OP for
// Optimism).
func simCode(c fixedfloat.Ccy) string {
	home := map[string]string{"AVAX": "AVAXC", "POL": "MATIC", "BNB": "BSC"}
	switch {
	case c.Coin == "BNB" && c.Network == "BSC":
		return "BSC"
	case c.Network == c.Coin || c.Network == "ETH" || home[c.Coin] == c.Network:
		return c.Coin
	}
	if short, ok := map[string]string{"TRX": "TRC", "OPTIMISM": "OP"}[c.Network]; ok {
		return c.Coin + short
	}
	return c.Coin + c.Network
}

// byCode finds an asset by its combined code.
var byCode = func() map[string]swapscout.Asset {
	m := make(map[string]swapscout.Asset, len(fixedfloat.Symbols))
	for a, c := range fixedfloat.Symbols {
		m[simCode(c)] = a
	}
	return m
}()

// priceRequest is the adapter's priceRequest as the venue reads it: amount a
// number or a numeric string.
type priceRequest struct {
	Type      string           `json:"type"`
	FromCcy   string           `json:"fromCcy"`
	ToCcy     string           `json:"toCcy"`
	Direction string           `json:"direction"`
	Amount    swapscout.Amount `json:"amount"`
}

// read decodes body into v (pr, or a request that embeds it) and checks
// pr's fields, resolving its currencies into the quote it asks for; on a bad
// request it answers the venue's error and reports false.
func (pr *priceRequest) read(w http.ResponseWriter, body []byte, v any) (sim.QuoteSpec, bool) {
	if err := json.Unmarshal(body, v); err != nil || (pr.Type != "float" && pr.Type != "fixed") ||
		(pr.Direction != "from" && pr.Direction != "to") || pr.Amount.Sign() <= 0 {
		writeEnvelope(w, 200, simCodeInvalid, "Invalid request parameters", nil)
		return sim.QuoteSpec{}, false
	}
	from, ok1 := byCode[pr.FromCcy]
	to, ok2 := byCode[pr.ToCcy]
	if !ok1 || !ok2 {
		writeEnvelope(w, 200, simCodeCurrency, "Currency not found", nil)
		return sim.QuoteSpec{}, false
	}
	spec := sim.QuoteSpec{From: from, To: to, Amount: pr.Amount, Fixed: pr.Type == "fixed"}
	if pr.Direction == "to" {
		spec.Direction = swapscout.Receive
	}
	return spec, true
}

// side is the adapter's priceSide as the venue writes it (swapscout.Amount marshals as
// a JSON string; precision is a number).
type side struct {
	Code      string            `json:"code"`
	Network   string            `json:"network"`
	Coin      string            `json:"coin"`
	Amount    swapscout.Amount  `json:"amount"`
	Rate      swapscout.Amount  `json:"rate"`
	Precision int               `json:"precision"`
	Min       swapscout.Amount  `json:"min"`
	Max       swapscout.Amount  `json:"max"`
	USD       swapscout.Amount  `json:"usd"`
	BTC       *swapscout.Amount `json:"btc,omitempty"`
}

type price struct {
	From   side     `json:"from"`
	To     side     `json:"to"`
	Errors []string `json:"errors"`
}

type ccy struct {
	Code     string  `json:"code"`
	Coin     string  `json:"coin"`
	Network  string  `json:"network"`
	Name     string  `json:"name"`
	Recv     bool    `json:"recv"`
	Send     bool    `json:"send"`
	Tag      *string `json:"tag"`
	Logo     string  `json:"logo"`
	Color    string  `json:"color"`
	Priority int     `json:"priority"`
}

// signed reads a request's body and checks the key and the signature over
// its bytes; ok is false when it answered.
func signed(x *sim.Exchange, w http.ResponseWriter, r *http.Request) (body []byte, ok bool) {
	body, err := swapsim.Body(r)
	if err != nil {
		writeEnvelope(w, 200, simCodeInvalid, "Invalid request", nil)
		return nil, false
	}
	got := strings.ToLower(r.Header.Get("X-API-SIGN"))
	if r.Header.Get("X-API-KEY") == "" || !hmac.Equal([]byte(got), []byte(fixedfloat.Sign(x.Secret(), body))) {
		writeEnvelope(w, 200, simCodeAuth, "Invalid API key or signature", nil)
		return nil, false
	}
	return body, true
}

// method serves FixedFloat's method name at its path, signed.
func method(mux *http.ServeMux, x *sim.Exchange, name string, h func(w http.ResponseWriter, body []byte)) {
	mux.HandleFunc("POST "+fixedfloat.APIPath+name, func(w http.ResponseWriter, r *http.Request) {
		if body, ok := signed(x, w, r); ok {
			h(w, body)
		}
	})
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	method(mux, x, "ccies", func(w http.ResponseWriter, _ []byte) {
		n := len(fixedfloat.Symbols)
		out := make([]ccy, 0, n)
		for i, info := range x.Assets() {
			c := fixedfloat.Symbols[info.Asset]
			item := ccy{Code: simCode(c), Coin: c.Coin, Network: c.Network, Name: info.Name, Recv: true, Send: true,
				Logo: "https://ff.io/assets/images/coins/svg/" + strings.ToLower(simCode(c)) + ".svg", Color: "#7a7a7a", Priority: n - i}
			if info.Memo {
				tag := "Memo"
				if c.Coin == "XRP" {
					tag = "Destination tag"
				}
				item.Tag = &tag
			}
			out = append(out, item)
		}
		writeEnvelope(w, 200, 0, "", out)
	})
	method(mux, x, "price", func(w http.ResponseWriter, body []byte) {
		var pr priceRequest
		spec, ok := pr.read(w, body, &pr)
		if !ok {
			return
		}
		from, to := spec.From, spec.To
		res, err := x.Quote(spec)
		var le *sim.LimitError
		var errs []string
		switch {
		case errors.As(err, &le):
			// Limits come with code 0 and the sides filled in as far as known.
			res = sim.QuoteResult{Min: le.Min, Max: le.Max}
			if spec.Direction == swapscout.Receive {
				res.AmountOut = pr.Amount
			} else {
				res.AmountIn = pr.Amount
			}
			errs = []string{"LIMIT_MAX"}
			if le.Below {
				errs = []string{"LIMIT_MIN"}
			}
		case err != nil:
			writeEnvelope(w, 200, simCodeCurrency, "Currency pair is not available", nil)
			return
		}
		writeEnvelope(w, 200, 0, "", priceOf(x, from, to, res, errs))
	})
	swapRoutes(mux, x)
	return mux
}

// priceOf builds data of `price` from a sim quote (limits converted into To
// units through the rate for the "to" side).
func priceOf(x *sim.Exchange, from, to swapscout.Asset, res sim.QuoteResult, errs []string) price {
	fi, _ := swapscout.LookupAsset(from)
	ti, _ := swapscout.LookupAsset(to)
	fc, tc := fixedfloat.Symbols[from], fixedfloat.Symbols[to]
	usd := func(a swapscout.Amount, ticker string) swapscout.Amount {
		v, err := swapscout.AmountFromFloat(a.Float64() * x.USD(ticker))
		if err != nil {
			return swapscout.Amount{}
		}
		return v.Round(2, swapscout.RoundHalfEven)
	}
	var inverse swapscout.Amount
	if res.Rate.Sign() > 0 {
		inverse = swapscout.AmountFromInt(1).Quo(res.Rate, 12, swapscout.RoundDown)
	}
	btc, err := swapscout.AmountFromFloat(res.AmountIn.Float64() * x.USD(from.Ticker) / x.USD("btc"))
	if err == nil {
		btc = btc.Round(8, swapscout.RoundHalfEven)
	}
	if errs == nil {
		errs = []string{}
	}
	return price{
		From: side{Code: simCode(fc), Network: fc.Network, Coin: fc.Coin, Amount: res.AmountIn, Rate: res.Rate,
			Precision: min(fi.Decimals, 8), Min: res.Min, Max: res.Max, USD: usd(res.AmountIn, from.Ticker), BTC: &btc},
		To: side{Code: simCode(tc), Network: tc.Network, Coin: tc.Coin, Amount: res.AmountOut, Rate: inverse,
			Precision: min(ti.Decimals, 8), Min: res.Min.Mul(res.Rate).Round(ti.Decimals, swapscout.RoundUp),
			Max: res.Max.Mul(res.Rate).Round(ti.Decimals, swapscout.RoundDown), USD: usd(res.AmountOut, to.Ticker)},
		Errors: errs,
	}
}

// envelope is FixedFloat's {"code","msg","data"} answer.
type envelope struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
	Data any    `json:"data"`
}

// writeEnvelope writes an envelope.
func writeEnvelope(w http.ResponseWriter, status, code int, msg string, data any) {
	writeJSON(w, status, envelope{code, msg, data})
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"code":500,"msg":"Internal server error","data":null}`)}.Write
