package stealthex

import (
	"github.com/swapscout/swapscout"
)

// Wire types of StealthEX API v4 (research exchange-apis.md, section A5),
// mirroring Cake Wallet's verbatim recordings test/exchange/fixtures/
// stealthex/ (rates_range.json, rates_estimated_amount.json,
// rates_range_no_pair.json; see testdata/README.md) and the field list of the
// openapi spec as Cake's stealthex_api_schema.dart transcribes it.
// Docs: https://api.stealthex.io/docs/

// API paths, relative to Descriptor.BaseURL: a route's range and estimate,
// an exchange's creation (POST ExchangesPath) and status (ExchangesPath/{id}).
const (
	RangePath     = "/v4/rates/range"
	EstimatePath  = "/v4/rates/estimated-amount"
	ExchangesPath = "/v4/exchanges"
)

// rateRequest is the body of POST /v4/rates/range (without amount) and POST
// /v4/rates/estimated-amount. StealthEX rejects an amount sent as a string
// ("expected number, received string"): number writes the decimal as a bare
// JSON number, digit for digit.
type rateRequest struct {
	Route struct {
		From Code `json:"from"`
		To   Code `json:"to"`
	} `json:"route"`
	Estimation string  `json:"estimation"` // "direct", or "reversed" (by the amount to receive; fixed only)
	Rate       string  `json:"rate"`       // "floating" or "fixed"
	Amount     *number `json:"amount,omitempty"`
}

// number is an Amount written as a JSON number.
type number swapscout.Amount

func (n number) MarshalJSON() ([]byte, error) { return swapscout.Amount(n).AppendText(nil) }

// rangeResponse is /v4/rates/range: numbers, max_amount null when unbounded.
// The limits are in the asset the estimation names: From for direct, To for
// reversed (Edge checks the amount to receive against them).
type rangeResponse struct {
	MinAmount *swapscout.Amount `json:"min_amount"`
	MaxAmount *swapscout.Amount `json:"max_amount"`
}

// estimateResponse is /v4/rates/estimated-amount: the amount to receive
// (direct) or to send (reversed); a fixed estimate also carries the rate to
// lock, {"id":…,"valid_until":…} ([CODE], Edge and Cake).
type estimateResponse struct {
	EstimatedAmount *swapscout.Amount `json:"estimated_amount"`
	Rate            *struct {
		ID         string  `json:"id"`
		ValidUntil *string `json:"valid_until"`
	} `json:"rate"`
}

// errorResponse is every failure: {"err":{"kind":"NoPair","details":"…"}}.
type errorResponse struct {
	Err *struct {
		Kind    string `json:"kind"`
		Details string `json:"details"`
	} `json:"err"`
}
