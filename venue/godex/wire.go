package godex

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of Godex API v1 (research: exchange-apis.md, section A8; field
// names from Edge's godex.ts and crypto-power's Go structs, [CODE]). Numbers
// arrive as strings or as numbers, so every amount is a swapscout.Amount.

// The API paths are the transaction family's (venue.TxPaths).

// infoRequest is the body of POST /info and /info-revert: coins only, no
// networks. amount is the amount to send (info) or to receive (info-revert).
type infoRequest struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount string `json:"amount"`
}

// info is the answer of /info and /info-revert. amount is what the user gets
// (info) or must send (info-revert); min_amount and max_amount are in the
// unit of the request's amount (the "to" coin for info-revert, per Edge), and
// may be for another network than the one used. Networks are absent for
// disabled coins.
type info struct {
	MinAmount    *swapscout.Amount `json:"min_amount"`
	MaxAmount    *swapscout.Amount `json:"max_amount"`
	Amount       *swapscout.Amount `json:"amount"`
	Fee          *swapscout.Amount `json:"fee"`
	Rate         *swapscout.Amount `json:"rate"`
	NetworksFrom []network         `json:"networks_from"`
	NetworksTo   []network         `json:"networks_to"`
}

type network struct {
	Network string          `json:"network"`
	HasTag  json.RawMessage `json:"has_tag"` // 0/1
}

// errorReply is Godex's error body, {"success":false,"error":"…"}.
type errorReply struct {
	Success json.RawMessage `json:"success"`
	Error   string          `json:"error"`
}
