package changenow

import (
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// Sim is ChangeNOW's simulated API v2: estimated-amount, range and
// currencies, with its error bodies (400 deposit_too_small with the range in
// the payload, pair_is_inactive, 401 without a key) and numbers as JSON numbers.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Holds: true, Latency: 180 * time.Millisecond, Spread: 0.006, FixedExtra: 0.01,
			MinUSD: 8, MaxUSD: 0, NetworkFeeUSD: 1.5, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET /v2/exchange/currencies"},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "1")
				writeJSON(w, 429, errorBody{Error: "too_many_requests", Message: "Too many requests"})
				return
			}
			writeJSON(w, faultStatus(&faults), errorBody{Error: "internal_error", Message: "Internal server error"})
		},
	}
}

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
	Payload any    `json:"payload,omitempty"`
}

type simRange struct {
	MinAmount *sim.Num `json:"minAmount"`
	MaxAmount *sim.Num `json:"maxAmount"`
}

// simEstimate and simRangeResponse are estimateResponse and rangeResponse as
// the venue sends them: amounts as JSON numbers.
type simEstimate struct {
	FromCurrency             string   `json:"fromCurrency"`
	FromNetwork              string   `json:"fromNetwork"`
	ToCurrency               string   `json:"toCurrency"`
	ToNetwork                string   `json:"toNetwork"`
	Flow                     string   `json:"flow"`
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

type simRangeResponse struct {
	FromCurrency string   `json:"fromCurrency"`
	FromNetwork  string   `json:"fromNetwork"`
	ToCurrency   string   `json:"toCurrency"`
	ToNetwork    string   `json:"toNetwork"`
	Flow         string   `json:"flow"`
	MaxAmount    *sim.Num `json:"maxAmount"`
	MinAmount    *sim.Num `json:"minAmount"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	pair := func(w http.ResponseWriter, r *http.Request) (from, to swapscout.Asset, ok bool) {
		if r.Header.Get("x-changenow-api-key") == "" {
			writeJSON(w, 401, errorBody{Error: "unauthorized", Message: "Unauthorized"})
			return from, to, false
		}
		q := r.URL.Query()
		from, ok1 := rev[code{q.Get("fromCurrency"), q.Get("fromNetwork")}]
		to, ok2 := rev[code{q.Get("toCurrency"), q.Get("toNetwork")}]
		if !ok1 || !ok2 || from == to {
			writeJSON(w, 400, errorBody{Error: "pair_is_inactive", Message: "Pair is inactive"})
			return from, to, false
		}
		return from, to, true
	}
	mux.HandleFunc("GET /v2/exchange/estimated-amount", func(w http.ResponseWriter, r *http.Request) {
		from, to, ok := pair(w, r)
		if !ok {
			return
		}
		q := r.URL.Query()
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
		var le *sim.LimitError
		switch {
		case errors.As(err, &le):
			name, msg := "deposit_too_small", "Out of min amount"
			if !le.Below {
				name, msg = "deposit_too_large", "Out of max amount"
			}
			writeJSON(w, 400, errorBody{Error: name, Message: msg, Payload: map[string]any{"range": rangeOf(le.Min, le.Max)}})
			return
		case err != nil:
			writeJSON(w, 400, errorBody{Error: "pair_is_inactive", Message: "Pair is inactive"})
			return
		}
		flow, typ := "standard", "direct"
		if spec.Fixed {
			flow = "fixed-rate"
		}
		if spec.Direction == swapscout.Receive {
			typ = "reverse"
		}
		var rateID, validUntil *string
		if res.RateID != "" && q.Get("useRateId") == "true" {
			id, vu := res.RateID, res.ValidUntil.UTC().Format(time.RFC3339Nano)
			rateID, validUntil = &id, &vu
		}
		speed := "10-60"
		c1, c2 := symbols[from], symbols[to]
		writeJSON(w, 200, simEstimate{
			FromCurrency: c1.Ticker, FromNetwork: c1.Network, ToCurrency: c2.Ticker, ToNetwork: c2.Network,
			Flow: flow, Type: typ, RateID: rateID, ValidUntil: validUntil, TransactionSpeedForecast: &speed,
			WithdrawalFee: sim.NumPtr(res.NetworkFee), FromAmount: sim.Num(res.AmountIn), ToAmount: sim.Num(res.AmountOut),
		})
	})
	mux.HandleFunc("GET /v2/exchange/range", func(w http.ResponseWriter, r *http.Request) {
		from, to, ok := pair(w, r)
		if !ok {
			return
		}
		res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: swapscout.AmountFromInt(1), Fixed: r.URL.Query().Get("flow") == "fixed-rate"})
		var le *sim.LimitError
		if errors.As(err, &le) {
			res.Min, res.Max = le.Min, le.Max
		} else if err != nil {
			writeJSON(w, 400, errorBody{Error: "pair_is_inactive", Message: "Pair is inactive"})
			return
		}
		c1, c2 := symbols[from], symbols[to]
		rr := rangeOf(res.Min, res.Max)
		writeJSON(w, 200, simRangeResponse{FromCurrency: c1.Ticker, FromNetwork: c1.Network, ToCurrency: c2.Ticker, ToNetwork: c2.Network,
			Flow: r.URL.Query().Get("flow"), MinAmount: rr.MinAmount, MaxAmount: rr.MaxAmount})
	})
	mux.HandleFunc("GET /v2/exchange/currencies", func(w http.ResponseWriter, r *http.Request) {
		var out []currency
		for _, a := range symbols.Assets() {
			c := symbols[a]
			info, _ := swapscout.LookupAsset(a)
			out = append(out, currency{Ticker: c.Ticker, Name: info.Name, Network: c.Network, SupportsFixedRate: true,
				IsExtraIDSupported: info.Memo, Buy: true, Sell: true, LegacyTicker: c.Ticker + c.Network,
				IsStable: a.Ticker == "usdt" || a.Ticker == "usdc" || a.Ticker == "dai"})
		}
		writeJSON(w, 200, out)
	})
	simSwapRoutes(mux, x)
	return mux
}

func rangeOf(min, max swapscout.Amount) simRange {
	return simRange{MinAmount: sim.NumPtr(min), MaxAmount: sim.NumPtr(max)}
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json; charset=utf-8", EncodeError: []byte(`{"error":"internal_error","message":"encode"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
