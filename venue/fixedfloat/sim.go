package fixedfloat

import (
	"crypto/hmac"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// Sim is FixedFloat's simulated API v2: POST /api/v2/ccies and /api/v2/price
// with JSON bodies, each checked against X-API-SIGN = hex(HMAC-SHA256 of the
// body with the simulator's secret for the venue), answers in the
// {"code","msg","data"} envelope with HTTP 200 even for errors, amounts as
// strings, and limits reported in data.errors with code 0.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 260 * time.Millisecond, Spread: 0.005, FixedExtra: 0.005,
			MinUSD: 12, MaxUSD: 60000, NetworkFeeUSD: 0.8, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"POST /api/v2/ccies"},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "60")
				writeEnvelope(w, 429, simCodeLimit, "Too many requests", nil)
				return
			}
			writeEnvelope(w, faultStatus(&faults), simCodeInternal, "Internal server error", nil)
		},
	}
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

// simCodes are the combined codes the simulator lists in `ccies`. BTC, ETH,
// XMR and USDTTRC are [CODE]; the rest follow that pattern ([MEM]).
var simCodes = map[ccy]string{
	{"BTC", "BTC"}:       "BTC",
	{"ETH", "ETH"}:       "ETH",
	{"ETH", "ARBITRUM"}:  "ETHARBITRUM",
	{"ETH", "BASE"}:      "ETHBASE",
	{"ETH", "OPTIMISM"}:  "ETHOP",
	{"XMR", "XMR"}:       "XMR",
	{"LTC", "LTC"}:       "LTC",
	{"BCH", "BCH"}:       "BCH",
	{"DOGE", "DOGE"}:     "DOGE",
	{"XRP", "XRP"}:       "XRP",
	{"TON", "TON"}:       "TON",
	{"SOL", "SOL"}:       "SOL",
	{"TRX", "TRX"}:       "TRX",
	{"BNB", "BSC"}:       "BSC",
	{"ZEC", "ZEC"}:       "ZEC",
	{"DASH", "DASH"}:     "DASH",
	{"ADA", "ADA"}:       "ADA",
	{"DOT", "DOT"}:       "DOT",
	{"AVAX", "AVAXC"}:    "AVAX",
	{"POL", "MATIC"}:     "POL",
	{"XLM", "XLM"}:       "XLM",
	{"USDT", "ETH"}:      "USDT",
	{"USDT", "TRX"}:      "USDTTRC",
	{"USDT", "BSC"}:      "USDTBSC",
	{"USDT", "SOL"}:      "USDTSOL",
	{"USDT", "MATIC"}:    "USDTMATIC",
	{"USDT", "TON"}:      "USDTTON",
	{"USDT", "ARBITRUM"}: "USDTARBITRUM",
	{"USDT", "AVAXC"}:    "USDTAVAXC",
	{"USDC", "ETH"}:      "USDC",
	{"USDC", "SOL"}:      "USDCSOL",
	{"USDC", "BSC"}:      "USDCBSC",
	{"USDC", "MATIC"}:    "USDCMATIC",
	{"USDC", "BASE"}:     "USDCBASE",
	{"USDC", "ARBITRUM"}: "USDCARBITRUM",
	{"DAI", "ETH"}:       "DAI",
}

// simPriceRequest is priceRequest as the venue reads it: amount a number or a
// numeric string.
type simPriceRequest struct {
	Type      string           `json:"type"`
	FromCcy   string           `json:"fromCcy"`
	ToCcy     string           `json:"toCcy"`
	Direction string           `json:"direction"`
	Amount    swapscout.Amount `json:"amount"`
}

// simSide is priceSide as the venue writes it (swapscout.Amount marshals as
// a JSON string; precision is a number).
type simSide struct {
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

type simPrice struct {
	From   simSide  `json:"from"`
	To     simSide  `json:"to"`
	Errors []string `json:"errors"`
}

type simCcy struct {
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

func simHandler(x *sim.Exchange) http.Handler {
	byCode := make(map[string]swapscout.Asset, len(symbols))
	for a, c := range symbols {
		byCode[simCodes[c]] = a
	}
	mux := http.NewServeMux()
	// signed reads the body and checks the key and signature over its bytes.
	signed := func(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		if err != nil {
			writeEnvelope(w, 200, simCodeInvalid, "Invalid request", nil)
			return nil, false
		}
		got := strings.ToLower(r.Header.Get("X-API-SIGN"))
		if r.Header.Get("X-API-KEY") == "" || !hmac.Equal([]byte(got), []byte(sign(x.Secret(), body))) {
			writeEnvelope(w, 200, simCodeAuth, "Invalid API key or signature", nil)
			return nil, false
		}
		return body, true
	}
	mux.HandleFunc("POST /api/v2/ccies", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := signed(w, r); !ok {
			return
		}
		out := make([]simCcy, 0, len(symbols))
		for i, info := range x.Assets() {
			c := symbols[info.Asset]
			item := simCcy{Code: simCodes[c], Coin: c.Coin, Network: c.Network, Name: info.Name, Recv: true, Send: true,
				Logo: "https://ff.io/assets/images/coins/svg/" + strings.ToLower(simCodes[c]) + ".svg", Color: "#7a7a7a", Priority: len(symbols) - i}
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
	mux.HandleFunc("POST /api/v2/price", func(w http.ResponseWriter, r *http.Request) {
		body, ok := signed(w, r)
		if !ok {
			return
		}
		var pr simPriceRequest
		if err := json.Unmarshal(body, &pr); err != nil || (pr.Type != "float" && pr.Type != "fixed") ||
			(pr.Direction != "from" && pr.Direction != "to") || pr.Amount.Sign() <= 0 {
			writeEnvelope(w, 200, simCodeInvalid, "Invalid request parameters", nil)
			return
		}
		from, ok1 := byCode[pr.FromCcy]
		to, ok2 := byCode[pr.ToCcy]
		if !ok1 || !ok2 {
			writeEnvelope(w, 200, simCodeCurrency, "Currency not found", nil)
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: pr.Amount, Fixed: pr.Type == "fixed"}
		if pr.Direction == "to" {
			spec.Direction = swapscout.Receive
		}
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
		writeEnvelope(w, 200, 0, "", price(x, from, to, res, errs))
	})
	simSwapRoutes(mux, x)
	return mux
}

// price builds data of `price` from a sim quote (limits converted into To
// units through the rate for the "to" side).
func price(x *sim.Exchange, from, to swapscout.Asset, res sim.QuoteResult, errs []string) simPrice {
	fi, _ := swapscout.LookupAsset(from)
	ti, _ := swapscout.LookupAsset(to)
	fc, tc := symbols[from], symbols[to]
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
	return simPrice{
		From: simSide{Code: simCodes[fc], Network: fc.Network, Coin: fc.Coin, Amount: res.AmountIn, Rate: res.Rate,
			Precision: min(fi.Decimals, 8), Min: res.Min, Max: res.Max, USD: usd(res.AmountIn, from.Ticker), BTC: &btc},
		To: simSide{Code: simCodes[tc], Network: tc.Network, Coin: tc.Coin, Amount: res.AmountOut, Rate: inverse,
			Precision: min(ti.Decimals, 8), Min: res.Min.Mul(res.Rate).Round(ti.Decimals, swapscout.RoundUp),
			Max: res.Max.Mul(res.Rate).Round(ti.Decimals, swapscout.RoundDown), USD: usd(res.AmountOut, to.Ticker)},
		Errors: errs,
	}
}

// writeEnvelope writes FixedFloat's {"code","msg","data"} answer.
func writeEnvelope(w http.ResponseWriter, status, code int, msg string, data any) {
	b, err := json.Marshal(struct {
		Code int    `json:"code"`
		Msg  string `json:"msg"`
		Data any    `json:"data"`
	}{code, msg, data})
	if err != nil {
		status, b = 500, []byte(`{"code":500,"msg":"Internal server error","data":null}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
