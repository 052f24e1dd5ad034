package easybit

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// Sim is EasyBit's simulated API: GET /rate (both directions), /pairInfo and
// /currencyList inside the {"success","errorCode","errorMessage","data"}
// envelope, amounts as strings, refusals as success:0 with HTTP 200, and a
// 401 envelope without an API-KEY header.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 300 * time.Millisecond, Spread: 0.008,
			MinUSD: 10, MaxUSD: 50000, NetworkFeeUSD: 1, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET /currencyList"},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "2")
				writeEnvelope(w, 429, failure(simCodeRateLimit, "Too many requests"))
				return
			}
			writeEnvelope(w, faultStatus(&faults), failure(simCodeInternal, "Internal server error"))
		},
	}
}

// Error codes and messages of the simulator. EasyBit's real ones are not
// known ([MEM]): these only keep the envelope's shape.
const (
	simCodeAuth      = 401
	simCodeRateLimit = 429
	simCodeInternal  = 500
	simCodePair      = 1001
	simCodeMin       = 1002
	simCodeMax       = 1003
	simCodeParams    = 1004
)

// simEnvelope is envelope as the venue writes it.
type simEnvelope struct {
	Success      int    `json:"success"`
	ErrorCode    int    `json:"errorCode"`
	ErrorMessage string `json:"errorMessage"`
	Data         any    `json:"data"`
}

// simRate and simPairInfo are rateData and pairInfoData as the venue sends
// them: amounts as strings.
type simRate struct {
	Rate           string `json:"rate"`
	SendAmount     string `json:"sendAmount"`
	ReceiveAmount  string `json:"receiveAmount"`
	NetworkFee     string `json:"networkFee"`
	Confirmations  int    `json:"confirmations"`
	ProcessingTime string `json:"processingTime"`
}

type simPairInfo struct {
	MinimumAmount  string `json:"minimumAmount"`
	MaximumAmount  string `json:"maximumAmount"`
	NetworkFee     string `json:"networkFee"`
	Confirmations  int    `json:"confirmations"`
	ProcessingTime string `json:"processingTime"`
}

func failure(code int, msg string) simEnvelope {
	return simEnvelope{Success: 0, ErrorCode: code, ErrorMessage: msg}
}

func ok(data any) simEnvelope { return simEnvelope{Success: 1, Data: data} }

const (
	simConfirmations = 2
	simProcessing    = "5-30"
)

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	mux := http.NewServeMux()
	// pair authenticates and resolves the send/receive assets, or answers.
	pair := func(w http.ResponseWriter, r *http.Request) (from, to swapscout.Asset, good bool) {
		if r.Header.Get("API-KEY") == "" {
			writeEnvelope(w, 401, failure(simCodeAuth, "Invalid API key"))
			return from, to, false
		}
		q := r.URL.Query()
		from, ok1 := rev[code{q.Get("send"), q.Get("sendNetwork")}]
		to, ok2 := rev[code{q.Get("receive"), q.Get("receiveNetwork")}]
		if !ok1 || !ok2 || from == to {
			writeEnvelope(w, 200, failure(simCodePair, "Pair is not available"))
			return from, to, false
		}
		return from, to, true
	}
	mux.HandleFunc("GET /rate", func(w http.ResponseWriter, r *http.Request) {
		from, to, good := pair(w, r)
		if !good {
			return
		}
		q := r.URL.Query()
		amt, err := swapscout.ParseAmount(q.Get("amount"))
		if err != nil || amt.Sign() <= 0 {
			writeEnvelope(w, 200, failure(simCodeParams, "Invalid amount"))
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: amt}
		if q.Get("amountType") == "receive" {
			spec.Direction = swapscout.Receive
		}
		res, err := x.Quote(spec)
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			writeEnvelope(w, 200, failure(simCodeMin, "Amount is below the minimum amount"))
			return
		case errors.As(err, &le):
			writeEnvelope(w, 200, failure(simCodeMax, "Amount exceeds the maximum amount"))
			return
		case err != nil:
			writeEnvelope(w, 200, failure(simCodePair, "Pair is not available"))
			return
		}
		writeEnvelope(w, 200, ok(simRate{Rate: res.Rate.String(), SendAmount: res.AmountIn.String(), ReceiveAmount: res.AmountOut.String(),
			NetworkFee: res.NetworkFee.String(), Confirmations: simConfirmations, ProcessingTime: simProcessing}))
	})
	mux.HandleFunc("GET /pairInfo", func(w http.ResponseWriter, r *http.Request) {
		from, to, good := pair(w, r)
		if !good {
			return
		}
		res, err := limitsOf(x, from, to)
		if err != nil {
			writeEnvelope(w, 200, failure(simCodePair, "Pair is not available"))
			return
		}
		lo, hi := res.Min, res.Max
		if r.URL.Query().Get("amountType") == "receive" {
			info, _ := swapscout.LookupAsset(to)
			lo = lo.Mul(res.Rate).Round(info.Decimals, swapscout.RoundUp)
			hi = hi.Mul(res.Rate).Round(info.Decimals, swapscout.RoundDown)
		}
		writeEnvelope(w, 200, ok(simPairInfo{MinimumAmount: lo.String(), MaximumAmount: hi.String(), NetworkFee: res.NetworkFee.String(),
			Confirmations: simConfirmations, ProcessingTime: simProcessing}))
	})
	mux.HandleFunc("GET /currencyList", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("API-KEY") == "" {
			writeEnvelope(w, 401, failure(simCodeAuth, "Invalid API key"))
			return
		}
		var out []currency
		index := map[string]int{}
		for _, a := range symbols.Assets() {
			c := symbols[a]
			info, _ := swapscout.LookupAsset(a)
			i, seen := index[c.Currency]
			if !seen {
				i = len(out)
				index[c.Currency] = i
				out = append(out, currency{Currency: c.Currency, Name: info.Name, SendStatusAll: true, ReceiveStatusAll: true})
			}
			var tag *string
			if info.Memo {
				t := "Memo"
				tag = &t
			}
			out[i].NetworkList = append(out[i].NetworkList, network{Network: c.Network, Name: swapscout.Networks[a.Network],
				IsDefault: !seen, SendStatus: true, ReceiveStatus: true, HasTag: info.Memo, TagName: tag,
				ReceiveDecimals: info.Decimals, ConfirmationsMinimum: 1, ConfirmationsMaximum: 20})
		}
		writeEnvelope(w, 200, ok(out))
	})
	simSwapRoutes(mux, x)
	return mux
}

// limitsOf prices the pair at its minimum, for its limits, rate and fee.
func limitsOf(x *sim.Exchange, from, to swapscout.Asset) (sim.QuoteResult, error) {
	res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: swapscout.AmountFromInt(1)})
	var le *sim.LimitError
	if errors.As(err, &le) {
		res, err = x.Quote(sim.QuoteSpec{From: from, To: to, Amount: le.Min})
		if errors.As(err, &le) { // the minimum leaves nothing after the fee
			res, err = x.Quote(sim.QuoteSpec{From: from, To: to, Amount: le.Min.Add(le.Min)})
		}
	}
	return res, err
}

// writeEnvelope writes v as the venue does.
func writeEnvelope(w http.ResponseWriter, status int, v simEnvelope) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = 500, []byte(`{"success":0,"errorCode":500,"errorMessage":"encode","data":null}`)
	}
	w.Header().Set("Content-Type", "application/json")
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
