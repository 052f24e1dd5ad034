package hostile

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
)

// Call is what a request to a swap venue is, for ScopeCreate and
// ScopeStatus.
type Call int

const (
	NotSwap    Call = iota // a quote, a list, or any other call
	CreateCall             // creates an order
	StatusCall             // reads an order's status
)

// swapRoute names a venue's create or status endpoint: the method, the path
// after "/<venue id>" (a prefix, "*" at its end; exact otherwise), and
// for JSON-RPC venues the method in the body.
type swapRoute struct {
	call    Call
	method  string
	path    string
	rpc     string
	matches func(r *http.Request, body []byte) bool // an extra condition, or nil
}

// swapRoutes are the create and status endpoints of every swap venue, as
// their adapters call them (venue/<id>/swap.go), by venue id. The paths are
// relative to the venue's base URL, which the simulator serves under
// "/<id>".
var swapRoutes = map[string][]swapRoute{
	"changenow":  {{call: CreateCall, method: "POST", path: "/v2/exchange"}, {call: StatusCall, method: "GET", path: "/v2/exchange/by-id"}},
	"exolix":     {{call: CreateCall, method: "POST", path: "/api/v2/transactions"}, {call: StatusCall, method: "GET", path: "/api/v2/transactions/*"}},
	"simpleswap": {{call: CreateCall, method: "POST", path: "/v3/exchanges"}, {call: StatusCall, method: "GET", path: "/v3/exchanges/*"}},
	"stealthex":  {{call: CreateCall, method: "POST", path: "/v4/exchanges"}, {call: StatusCall, method: "GET", path: "/v4/exchanges/*"}},
	"letsexchange": {{call: CreateCall, method: "POST", path: "/api/v1/transaction"}, {call: CreateCall, method: "POST", path: "/api/v1/transaction-revert"},
		{call: StatusCall, method: "GET", path: "/api/v1/transaction/*"}},
	"godex": {{call: CreateCall, method: "POST", path: "/api/v1/transaction"}, {call: CreateCall, method: "POST", path: "/api/v1/transaction-revert"},
		{call: StatusCall, method: "GET", path: "/api/v1/transaction/*"}},
	"changehero": {{call: CreateCall, method: "POST", rpc: "createTransaction"}, {call: CreateCall, method: "POST", rpc: "createFixTransaction"},
		{call: StatusCall, method: "POST", rpc: "getTransactions"}},
	"easybit":      {{call: CreateCall, method: "POST", path: "/order"}, {call: StatusCall, method: "GET", path: "/orders"}},
	"quickex":      {{call: CreateCall, method: "POST", path: "/v2/orders/public/create"}, {call: StatusCall, method: "GET", path: "/v2/orders/public-info"}},
	"wizardswap":   {{call: CreateCall, method: "POST", path: "/exchange"}, {call: StatusCall, method: "GET", path: "/exchange/*"}},
	"majesticbank": {{call: CreateCall, method: "GET", path: "/exchange"}, {call: CreateCall, method: "GET", path: "/pay"}, {call: StatusCall, method: "GET", path: "/track"}},
	"xgram":        {{call: CreateCall, method: "GET", path: "/launch-new-exchange"}, {call: StatusCall, method: "GET", path: "/fetch-status-info"}},
	"fixedfloat":   {{call: CreateCall, method: "POST", path: "/api/v2/create"}, {call: StatusCall, method: "POST", path: "/api/v2/order"}},
	"sideshift": {{call: CreateCall, method: "POST", path: "/api/v2/shifts/fixed"}, {call: CreateCall, method: "POST", path: "/api/v2/shifts/variable"},
		{call: StatusCall, method: "GET", path: "/api/v2/shifts/*"}},
	"trocador":    {{call: CreateCall, method: "GET", path: "/new_trade"}, {call: StatusCall, method: "GET", path: "/trade"}},
	"nearintents": {{call: CreateCall, method: "POST", path: "/v0/quote", matches: notDry}, {call: StatusCall, method: "GET", path: "/v0/status"}},
	"chainflip":   {{call: CreateCall, method: "GET", path: "/swap"}, {call: StatusCall, method: "GET", path: "/status-by-deposit-channel"}},
	"thorchain": {{call: CreateCall, method: "GET", path: "/thorchain/quote/swap", matches: withDestination},
		{call: StatusCall, method: "GET", path: "/thorchain/tx/status/*"}, {call: StatusCall, method: "GET", path: "/v2/actions"}},
	"maya": {{call: CreateCall, method: "GET", path: "/mayachain/quote/swap", matches: withDestination},
		{call: StatusCall, method: "GET", path: "/mayachain/tx/status/*"}, {call: StatusCall, method: "GET", path: "/v2/actions"}},
}

// SwapVenues returns the ids of the venues whose create and status calls
// ScopeCreate and ScopeStatus hit.
func SwapVenues() []string {
	out := make([]string, 0, len(swapRoutes))
	for id := range swapRoutes {
		out = append(out, id)
	}
	return out
}

// SwapCall tells what r (whose body is body) is to its swap venue: a create,
// a status read, or neither.
func SwapCall(r *http.Request, body []byte) Call {
	id, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	rest = "/" + rest
	var rpc string
	for _, sr := range swapRoutes[id] {
		if sr.method != r.Method {
			continue
		}
		switch {
		case sr.rpc != "":
			if rpc == "" {
				rpc = rpcMethod(body)
			}
			if rpc != sr.rpc {
				continue
			}
		case strings.HasSuffix(sr.path, "*"):
			if p := strings.TrimSuffix(sr.path, "*"); !strings.HasPrefix(rest, p) || len(rest) == len(p) {
				continue
			}
		case rest != sr.path:
			continue
		}
		if sr.matches == nil || sr.matches(r, body) {
			return sr.call
		}
	}
	return NotSwap
}

func rpcMethod(body []byte) string {
	if len(body) == 0 || body[0] != '{' {
		return ""
	}
	var m struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(body, &m)
	return m.Method
}

// notDry is NEAR Intents' create: its quote with "dry": false.
func notDry(_ *http.Request, body []byte) bool {
	var q struct {
		Dry *bool `json:"dry"`
	}
	return json.Unmarshal(bytes.TrimSpace(body), &q) == nil && q.Dry != nil && !*q.Dry
}

// withDestination is THORChain's and Maya's create: a quote naming where
// to pay out, whose answer carries the swap's memo.
func withDestination(r *http.Request, _ []byte) bool { return r.URL.Query().Get("destination") != "" }
