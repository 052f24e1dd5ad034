package changehero

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// Sim is ChangeHero's simulated JSON-RPC API at POST /v2/: getExchangeAmount,
// getMinAmount, getFixRate and getCurrenciesFull, decimals as strings, and
// errors as HTTP 200 JSON-RPC error objects (-32602 "Invalid currency: …").
// ChangeHero folds network fees into its rates, so the profile has none: a
// fixed rate times the amount is what the user receives.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Holds: true, Latency: 250 * time.Millisecond, Spread: 0.006, FixedExtra: 0.01,
			MinUSD: 12, MaxUSD: 100000, Assets: symbols.Assets()},
		Handler: simHandler,
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "1")
				writeRPC(w, 429, simResponse{Error: &simError{Code: -32000, Message: "Too many requests"}})
				return
			}
			writeRPC(w, faultStatus(&faults), simResponse{Error: &simError{Code: -32603, Message: "Internal error"}})
		},
	}
}

// simResponse and simError are rpcResponse and rpcError as the venue writes them.
type simResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *simError       `json:"error,omitempty"`
}

type simError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// simFixRate is fixRate as the venue sends it: decimals as strings.
type simFixRate struct {
	ID      string `json:"id"`
	From    string `json:"from"`
	To      string `json:"to"`
	MinFrom string `json:"minFrom"`
	MaxFrom string `json:"maxFrom"`
	MinTo   string `json:"minTo"`
	MaxTo   string `json:"maxTo"`
	Result  string `json:"result"`
}

// simRequest is rpcRequest as the venue reads it.
type simRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  struct {
		From      string `json:"from"`
		To        string `json:"to"`
		ChainFrom string `json:"chainFrom"`
		ChainTo   string `json:"chainTo"`
		Amount    string `json:"amount"`
	} `json:"params"`
}

func simHandler(x *sim.Exchange) http.Handler {
	rev := symbols.Reverse()
	byTicker := map[string]swapscout.Asset{} // an asset named without a chain: its first listing
	for _, a := range symbols.Assets() {
		if _, ok := byTicker[symbols[a].Ticker]; !ok {
			byTicker[symbols[a].Ticker] = a
		}
	}
	lookup := func(ticker, chain string) (swapscout.Asset, bool) {
		if chain == "" {
			a, ok := byTicker[ticker]
			return a, ok
		}
		a, ok := rev[code{ticker, chain}]
		return a, ok
	}
	rpc := func(w http.ResponseWriter, r *http.Request) {
		var q simRequest
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&q); err != nil {
			writeRPC(w, 200, simResponse{Error: &simError{Code: -32700, Message: "Parse error"}})
			return
		}
		reply := func(result any) { writeRPC(w, 200, simResponse{ID: q.ID, Result: result}) }
		fail := func(code int, msg string) {
			writeRPC(w, 200, simResponse{ID: q.ID, Error: &simError{Code: code, Message: msg}})
		}
		if r.Header.Get("api-key") == "" {
			writeRPC(w, 401, simResponse{ID: q.ID, Error: &simError{Code: -32600, Message: "Unauthorized: invalid api-key"}})
			return
		}
		if q.Method == "getCurrenciesFull" {
			var out []currencyFull
			for _, a := range symbols.Assets() {
				out = append(out, currencyFull{Name: symbols[a].Ticker, Blockchain: symbols[a].Chain})
			}
			reply(out)
			return
		}
		p := q.Params
		from, ok1 := lookup(p.From, p.ChainFrom)
		to, ok2 := lookup(p.To, p.ChainTo)
		switch {
		case q.Method != "getExchangeAmount" && q.Method != "getMinAmount" && q.Method != "getFixRate":
			fail(-32601, "Method not found")
			return
		case !ok1:
			fail(-32602, "Invalid currency: "+p.From)
			return
		case !ok2 || from == to:
			fail(-32602, "Invalid currency: "+p.To)
			return
		}
		switch q.Method {
		case "getExchangeAmount":
			amt, err := swapscout.ParseAmount(p.Amount)
			if err != nil || amt.Sign() <= 0 {
				fail(-32602, "Invalid amount")
				return
			}
			res, err := x.Quote(sim.QuoteSpec{From: from, To: to, Amount: amt})
			var le *sim.LimitError
			switch {
			case errors.As(err, &le) && le.Below:
				fail(-32600, "Invalid amount: minimal amount is "+le.Min.String())
			case errors.As(err, &le):
				fail(-32600, "Invalid amount: maximal amount is "+le.Max.String())
			case err != nil:
				fail(-32602, "Invalid currency: "+p.To)
			default:
				reply(res.AmountOut.String())
			}
		case "getMinAmount":
			res, err := limitsOf(x, from, to, false)
			if err != nil {
				fail(-32602, "Invalid currency: "+p.To)
				return
			}
			reply(res.Min.String())
		case "getFixRate":
			res, err := limitsOf(x, from, to, true)
			if err != nil {
				fail(-32602, "Invalid currency: "+p.To)
				return
			}
			toInfo, _ := swapscout.LookupAsset(to)
			reply([]simFixRate{{ID: res.RateID, From: p.From, To: p.To,
				MinFrom: res.Min.String(), MaxFrom: res.Max.String(),
				MinTo:  res.Min.Mul(res.Rate).Round(toInfo.Decimals, swapscout.RoundUp).String(),
				MaxTo:  res.Max.Mul(res.Rate).Round(toInfo.Decimals, swapscout.RoundDown).String(),
				Result: res.Rate.String()}})
		}
	}
	rpc = simSwapRPC(x, rpc)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/{$}", rpc)
	mux.HandleFunc("POST /v2", rpc)
	return mux
}

// limitsOf prices the pair at its minimum, for its limits and rate.
func limitsOf(x *sim.Exchange, from, to swapscout.Asset, fixed bool) (sim.QuoteResult, error) {
	spec := sim.QuoteSpec{From: from, To: to, Amount: swapscout.AmountFromInt(1), Fixed: fixed}
	res, err := x.Quote(spec)
	var le *sim.LimitError
	if errors.As(err, &le) {
		spec.Amount = le.Min
		res, err = x.Quote(spec)
	}
	return res, err
}

// writeRPC writes a JSON-RPC answer as the venue does.
func writeRPC(w http.ResponseWriter, status int, v simResponse) {
	v.JSONRPC = "2.0"
	if len(v.ID) == 0 {
		v.ID = json.RawMessage("null")
	}
	b, err := json.Marshal(v)
	if err != nil {
		status, b = 500, []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`)
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
