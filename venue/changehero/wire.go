package changehero

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of ChangeHero's JSON-RPC 2.0 API, as research section A7 of
// ../shared/research/exchange-apis.md describes it (Edge changehero.ts for
// getFixRate and the error object; third-party clients for the float methods;
// [CODE]). Every call is POST /v2/ with an api-key header, and errors come
// back as HTTP 200 with an "error" member instead of "result".

// RPCPath is the one endpoint every method is posted to, relative to
// Descriptor.BaseURL.
const RPCPath = "/v2/"

// rpcRequest is the body of every call.
type rpcRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      string `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// pairParams are the params of getMinAmount and getFixRate.
type pairParams struct {
	From      string `json:"from"`
	To        string `json:"to"`
	ChainFrom string `json:"chainFrom"`
	ChainTo   string `json:"chainTo"`
}

// amountParams are the params of getExchangeAmount (amount sent).
type amountParams struct {
	From      string `json:"from"`
	To        string `json:"to"`
	ChainFrom string `json:"chainFrom"`
	ChainTo   string `json:"chainTo"`
	Amount    string `json:"amount"`
}

// rpcResponse is every answer: result on success, error otherwise.
type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *rpcError       `json:"error"`
}

// rpcError is the JSON-RPC error object, e.g.
// {"code":-32602,"message":"Invalid currency: xyz"}.
type rpcError struct {
	Code    json.Number     `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// fixRate is an item of getFixRate's result array (limits as decimal strings;
// result is the rate, To per From).
type fixRate struct {
	ID      string            `json:"id"`
	From    string            `json:"from"`
	To      string            `json:"to"`
	MinFrom *swapscout.Amount `json:"minFrom"`
	MaxFrom *swapscout.Amount `json:"maxFrom"`
	MinTo   *swapscout.Amount `json:"minTo"`
	MaxTo   *swapscout.Amount `json:"maxTo"`
	Result  *swapscout.Amount `json:"result"`
}
