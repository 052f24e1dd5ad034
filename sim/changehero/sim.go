// Package changehero is ChangeHero's simulated JSON-RPC API, served by
// `swapscout sim`, built on the adapter's symbols, path and status words
// (package venue/changehero).
package changehero

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/changehero"
)

// Sim is ChangeHero's simulated JSON-RPC API at POST /v2/: getExchangeAmount,
// getMinAmount, getFixRate and getCurrenciesFull, decimals as strings, and
// errors as HTTP 200 JSON-RPC error objects (-32602 "Invalid currency: …").
// ChangeHero folds network fees into its rates, so the profile has none: a
// fixed rate times the amount is what the user receives.
func Sim() sim.Venue {
	return swapsim.Venue(changehero.Symbols.Assets(), sim.ProfileOf("changehero"), handler,
		swapsim.Fault(func(w http.ResponseWriter, status int, v any) { writeRPC(w, status, v.(response)) }, "1",
			response{Error: &rpcError{Code: -32000, Message: "Too many requests"}}, response{Error: &rpcError{Code: -32603, Message: "Internal error"}}))
}

// response and rpcError are the adapter's rpcResponse and rpcError as the
// venue writes them.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// currencyFull is an item of getCurrenciesFull; only the fields Edge
// reads are known.
type currencyFull struct {
	Name            string  `json:"name"`
	Blockchain      string  `json:"blockchain"`
	ContractAddress *string `json:"contractAddress"`
}

// fixRate is the adapter's fixRate as the venue sends it: decimals as
// strings.
type fixRate struct {
	ID      string `json:"id"`
	From    string `json:"from"`
	To      string `json:"to"`
	MinFrom string `json:"minFrom"`
	MaxFrom string `json:"maxFrom"`
	MinTo   string `json:"minTo"`
	MaxTo   string `json:"maxTo"`
	Result  string `json:"result"`
}

// request is a call as the venue reads it (the adapter's rpcRequest): the
// params of the rate methods (getExchangeAmount, getMinAmount, getFixRate),
// of createTransaction and createFixTransaction, or the id of
// getTransactions and getStatus.
type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  params          `json:"params"`
}

// params are the params of every method the simulator answers.
type params struct {
	From          string `json:"from"`
	To            string `json:"to"`
	ChainFrom     string `json:"chainFrom"`
	ChainTo       string `json:"chainTo"`
	Amount        string `json:"amount"`
	AmountTo      string `json:"amountTo"`
	Address       string `json:"address"`
	ExtraID       string `json:"extraId"`
	RefundAddress string `json:"refundAddress"`
	RefundExtraID string `json:"refundExtraId"`
	RateID        string `json:"rateId"`
	ID            string `json:"id"`
}

// unknown is the venue's complaint about the currencies of p, resolved to
// from and to (ok1 and ok2 whether they were found), or "" when they name
// two assets it serves.
func (p *params) unknown(from, to swapscout.Asset, ok1, ok2 bool) string {
	switch {
	case !ok1:
		return "Invalid currency: " + p.From
	case !ok2 || from == to:
		return "Invalid currency: " + p.To
	}
	return ""
}

var codes = changehero.Symbols.Reverse()

func handler(x *sim.Exchange) http.Handler {
	byTicker := map[string]swapscout.Asset{} // an asset named without a chain: its first listing
	for _, info := range x.Assets() {
		if t := changehero.Symbols[info.Asset].Ticker; byTicker[t].IsZero() {
			byTicker[t] = info.Asset
		}
	}
	lookup := func(ticker, chain string) (swapscout.Asset, bool) {
		if chain == "" {
			a, ok := byTicker[ticker]
			return a, ok
		}
		a, ok := codes[changehero.Code{Ticker: ticker, Chain: chain}]
		return a, ok
	}
	rpc := func(w http.ResponseWriter, r *http.Request) {
		var q request
		if err := swapsim.Decode(w, r, &q); err != nil {
			writeRPC(w, 200, response{Error: &rpcError{Code: -32700, Message: "Parse error"}})
			return
		}
		reply, fail := answers(w, q.ID)
		if r.Header.Get("api-key") == "" {
			writeRPC(w, 401, response{ID: q.ID, Error: &rpcError{Code: -32600, Message: "Unauthorized: invalid api-key"}})
			return
		}
		if q.Method == "getCurrenciesFull" {
			var out []currencyFull
			for _, info := range x.Assets() {
				c := changehero.Symbols[info.Asset]
				out = append(out, currencyFull{Name: c.Ticker, Blockchain: c.Chain})
			}
			reply(out)
			return
		}
		p := q.Params
		from, ok1 := lookup(p.From, p.ChainFrom)
		to, ok2 := lookup(p.To, p.ChainTo)
		unknown := p.unknown(from, to, ok1, ok2)
		switch {
		case q.Method != "getExchangeAmount" && q.Method != "getMinAmount" && q.Method != "getFixRate":
			fail(-32601, "Method not found")
			return
		case unknown != "":
			fail(-32602, unknown)
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
			if !refusal(fail, p.To).Write(w, err) {
				reply(res.AmountOut.String())
			}
		case "getMinAmount":
			res, err := swapsim.AtMin(x, sim.QuoteSpec{From: from, To: to})
			if err != nil {
				fail(-32602, "Invalid currency: "+p.To)
				return
			}
			reply(res.Min.String())
		case "getFixRate":
			res, err := swapsim.AtMin(x, sim.QuoteSpec{From: from, To: to, Fixed: true})
			if err != nil {
				fail(-32602, "Invalid currency: "+p.To)
				return
			}
			toInfo, _ := swapscout.LookupAsset(to)
			reply([]fixRate{{ID: res.RateID, From: p.From, To: p.To,
				MinFrom: res.Min.String(), MaxFrom: res.Max.String(),
				MinTo:  res.Min.Mul(res.Rate).Round(toInfo.Decimals, swapscout.RoundUp).String(),
				MaxTo:  res.Max.Mul(res.Rate).Round(toInfo.Decimals, swapscout.RoundDown).String(),
				Result: res.Rate.String()}})
		}
	}
	rpc = swapRPC(x, rpc)
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+changehero.RPCPath+"{$}", rpc)
	mux.HandleFunc("POST "+strings.TrimSuffix(changehero.RPCPath, "/"), rpc)
	return mux
}

// answers are the replies to call id: its result, or its error object.
func answers(w http.ResponseWriter, id json.RawMessage) (reply func(result any), fail func(code int, msg string)) {
	return func(result any) { writeRPC(w, 200, response{ID: id, Result: result}) },
		func(code int, msg string) {
			writeRPC(w, 200, response{ID: id, Error: &rpcError{Code: code, Message: msg}})
		}
}

// refusal answers an amount out of the limits, and a pair ChangeHero does
// not serve by its currency to.
func refusal(fail func(code int, msg string), to string) swapsim.Refusal {
	return swapsim.Refusal{
		Below: func(_ http.ResponseWriter, le *sim.LimitError) {
			fail(-32600, "Invalid amount: minimal amount is "+le.Min.String())
		},
		Above: func(_ http.ResponseWriter, le *sim.LimitError) {
			fail(-32600, "Invalid amount: maximal amount is "+le.Max.String())
		},
		Pair: func(http.ResponseWriter) { fail(-32602, "Invalid currency: "+to) },
	}
}

// writeRPC writes a JSON-RPC answer as the venue does.
func writeRPC(w http.ResponseWriter, status int, v response) {
	v.JSONRPC = "2.0"
	if len(v.ID) == 0 {
		v.ID = json.RawMessage("null")
	}
	writeJSON(w, status, v)
}

var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8",
	EncodeError: []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`)}.Write
