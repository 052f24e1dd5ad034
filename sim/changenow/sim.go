// Package changenow is ChangeNOW's simulated API v2, served by `swapscout
// sim`: a model of the venue built on the adapter's own symbols, paths and
// status words (package venue/changenow), which it imports; the adapter
// knows nothing of it.
package changenow

import (
	"net/http"
	"net/url"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/changenow"
)

// Sim is ChangeNOW's simulated API v2: estimated-amount, range and
// currencies, with its error bodies (400 deposit_too_small with the range in
// the payload, pair_is_inactive, 401 without a key) and numbers as JSON numbers.
func Sim() sim.Venue {
	return swapsim.Venue(changenow.Symbols.Assets(), sim.ProfileOf("changenow"), handler,
		swapsim.Fault(writeJSON, "1", errorBody{Error: "too_many_requests", Message: "Too many requests"},
			errorBody{Error: "internal_error", Message: "Internal server error"}), "GET "+currenciesPath)
}

// currenciesPath lists the currencies (the adapter does not read it).
const currenciesPath = "/v2/exchange/currencies"

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
	Payload any    `json:"payload,omitempty"`
}

type rangeBody struct {
	MinAmount *sim.Num `json:"minAmount"`
	MaxAmount *sim.Num `json:"maxAmount"`
}

// estimate and rangeResponse are the adapter's estimateResponse and
// rangeResponse as the venue sends them: amounts as JSON numbers.
type estimate struct {
	route
	Type                     string   `json:"type"`
	RateID                   *string  `json:"rateId"`
	ValidUntil               *string  `json:"validUntil"`
	TransactionSpeedForecast *string  `json:"transactionSpeedForecast"`
	WarningMessage           *string  `json:"warningMessage"`
	DepositFee               *sim.Num `json:"depositFee"`
	WithdrawalFee            *sim.Num `json:"withdrawalFee"`
	UserID                   *string  `json:"userId"`
	FromAmount               sim.Num  `json:"fromAmount"`
	ToAmount                 sim.Num  `json:"toAmount"`
}

type rangeResponse struct {
	route
	MaxAmount *sim.Num `json:"maxAmount"`
	MinAmount *sim.Num `json:"minAmount"`
}

// route is the pair and flow ChangeNOW repeats at the head of its estimate
// and range answers.
type route struct {
	FromCurrency string `json:"fromCurrency"`
	FromNetwork  string `json:"fromNetwork"`
	ToCurrency   string `json:"toCurrency"`
	ToNetwork    string `json:"toNetwork"`
	Flow         string `json:"flow"`
}

func routeOf(from, to swapscout.Asset, flow string) route {
	c1, c2 := changenow.Symbols[from], changenow.Symbols[to]
	return route{FromCurrency: c1.Ticker, FromNetwork: c1.Network, ToCurrency: c2.Ticker, ToNetwork: c2.Network, Flow: flow}
}

// currency is an item of GET /v2/exchange/currencies.
type currency struct {
	Ticker             string  `json:"ticker"`
	Name               string  `json:"name"`
	Image              string  `json:"image"`
	HasExternalID      bool    `json:"hasExternalId"`
	IsExtraIDSupported bool    `json:"isExtraIdSupported"`
	IsFiat             bool    `json:"isFiat"`
	Featured           bool    `json:"featured"`
	IsStable           bool    `json:"isStable"`
	SupportsFixedRate  bool    `json:"supportsFixedRate"`
	Network            string  `json:"network"`
	TokenContract      *string `json:"tokenContract"`
	Buy                bool    `json:"buy"`
	Sell               bool    `json:"sell"`
	LegacyTicker       string  `json:"legacyTicker"`
}

var (
	codes = changenow.Symbols.Reverse()
	// keyed refuses a request without the API key header.
	keyed = swapsim.Keyed("x-changenow-api-key", "", func(w http.ResponseWriter) {
		writeJSON(w, 401, errorBody{Error: "unauthorized", Message: "Unauthorized"})
	})
	pairInactive = errorBody{Error: "pair_is_inactive", Message: "Pair is inactive"}
	// refuse answers an amount out of range, with the range in the
	// payload, and a pair it does not serve.
	refuse = swapsim.Refusal{
		Below: func(w http.ResponseWriter, le *sim.LimitError) {
			writeJSON(w, 400, errorBody{Error: "deposit_too_small", Message: "Out of min amount", Payload: map[string]any{"range": rangeOf(le.Min, le.Max)}})
		},
		Above: func(w http.ResponseWriter, le *sim.LimitError) {
			writeJSON(w, 400, errorBody{Error: "deposit_too_large", Message: "Out of max amount", Payload: map[string]any{"range": rangeOf(le.Min, le.Max)}})
		},
		Pair: func(w http.ResponseWriter) { writeJSON(w, 400, pairInactive) },
	}
)

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+changenow.EstimatePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		from, to, ok := queryPair(w, q)
		if !ok {
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Fixed: q.Get("flow") == "fixed-rate"}
		field := "fromAmount"
		if q.Get("type") == "reverse" {
			spec.Direction, field = swapscout.Receive, "toAmount"
			if !spec.Fixed {
				writeJSON(w, 400, errorBody{Error: "not_valid_params", Message: "Reverse flow is available for fixed-rate only"})
				return
			}
		}
		amt, err := swapscout.ParseAmount(q.Get(field))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 400, errorBody{Error: "not_valid_params", Message: field + " must be a positive number"})
			return
		}
		spec.Amount = amt
		res, err := x.Quote(spec)
		if refuse.Write(w, err) {
			return
		}
		var rateID, validUntil *string
		if res.RateID != "" && q.Get("useRateId") == "true" {
			id, vu := res.RateID, res.ValidUntil.UTC().Format(time.RFC3339Nano)
			rateID, validUntil = &id, &vu
		}
		speed := "10-60"
		flow, typ := flowOf(spec.Fixed, spec.Direction)
		writeJSON(w, 200, estimate{
			route: routeOf(from, to, flow), Type: typ, RateID: rateID, ValidUntil: validUntil, TransactionSpeedForecast: &speed,
			WithdrawalFee: sim.NumPtr(res.NetworkFee), FromAmount: sim.Num(res.AmountIn), ToAmount: sim.Num(res.AmountOut),
		})
	}))
	mux.HandleFunc("GET "+changenow.RangePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		from, to, ok := queryPair(w, q)
		if !ok {
			return
		}
		min, max, err := swapsim.Limits(x, sim.QuoteSpec{From: from, To: to, Fixed: q.Get("flow") == "fixed-rate"})
		if err != nil {
			writeJSON(w, 400, pairInactive)
			return
		}
		rr := rangeOf(min, max)
		writeJSON(w, 200, rangeResponse{route: routeOf(from, to, q.Get("flow")), MinAmount: rr.MinAmount, MaxAmount: rr.MaxAmount})
	}))
	mux.HandleFunc("GET "+currenciesPath, func(w http.ResponseWriter, r *http.Request) {
		var out []currency
		for _, info := range x.Assets() {
			c := changenow.Symbols[info.Asset]
			out = append(out, currency{Ticker: c.Ticker, Name: info.Name, Network: c.Network, SupportsFixedRate: true,
				IsExtraIDSupported: info.Memo, Buy: true, Sell: true, LegacyTicker: c.Ticker + c.Network,
				IsStable: info.Ticker == "usdt" || info.Ticker == "usdc" || info.Ticker == "dai"})
		}
		writeJSON(w, 200, out)
	})
	swapRoutes(mux, x)
	return mux
}

// queryPair resolves the fromCurrency/fromNetwork and toCurrency/toNetwork
// parameters of q, answering pair_is_inactive (400) when the venue does not
// serve the pair, as the estimate and range endpoints both do.
func queryPair(w http.ResponseWriter, q url.Values) (from, to swapscout.Asset, ok bool) {
	from, to, ok = swapsim.Pair(codes, changenow.Code{Ticker: q.Get("fromCurrency"), Network: q.Get("fromNetwork")},
		changenow.Code{Ticker: q.Get("toCurrency"), Network: q.Get("toNetwork")})
	if !ok {
		writeJSON(w, 400, pairInactive)
	}
	return from, to, ok
}

// flowOf is a quote's flow ("standard" or "fixed-rate") and type ("direct"
// or "reverse").
func flowOf(fixed bool, d swapscout.Direction) (flow, typ string) {
	flow, typ = "standard", "direct"
	if fixed {
		flow = "fixed-rate"
	}
	if d == swapscout.Receive {
		typ = "reverse"
	}
	return flow, typ
}

func rangeOf(min, max swapscout.Amount) rangeBody {
	return rangeBody{MinAmount: sim.NumPtr(min), MaxAmount: sim.NumPtr(max)}
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"error":"internal_error","message":"encode"}`)}.Write
