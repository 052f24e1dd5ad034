package majesticbank

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of Majestic Bank's API v1 (research exchange-apis.md A12; the
// shapes are what third-party clients parse: Stack Wallet's
// majestic_bank_api.dart and two JavaScript/Python wrappers). Amounts are JSON
// numbers; swapscout.Amount also takes strings.

// API paths, relative to Descriptor.BaseURL: GET with query parameters, as
// Cake Wallet calls them ([CODE]).
const (
	CalculatePath = "/calculate"
	RatesPath     = "/rates"
	ExchangePath  = "/exchange" // a floating order, by from_amount
	PayPath       = "/pay"      // a fixed one, by receive_amount
	TrackPath     = "/track"
)

// calculateResponse is GET /calculate: the amounts both ways, or a refusal
// {"error": …, "extra": "<reason>"} in the same object, whatever the status
// (Stack Wallet looks for "error" before anything else).
type calculateResponse struct {
	FromCurrency    string            `json:"from_currency"`
	FromAmount      *swapscout.Amount `json:"from_amount"`
	ReceiveCurrency string            `json:"receive_currency"`
	ReceiveAmount   *swapscout.Amount `json:"receive_amount"`
	Error           json.RawMessage   `json:"error,omitempty"`
	Extra           string            `json:"extra,omitempty"`
}

// limit is a currency's order limits, in that currency.
type limit struct {
	Min *swapscout.Amount `json:"min"`
	Max *swapscout.Amount `json:"max"`
}

// ratesResponse is GET /rates: one flat object of "FROM-TO" rates (numbers)
// plus "limits" per currency; only the limits are read.
type ratesResponse struct {
	Limits map[string]limit `json:"limits"`
}
