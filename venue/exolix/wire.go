package exolix

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of Exolix API v2 (research exchange-apis.md, section A3),
// mirroring Cake Wallet's verbatim recordings test/exchange/fixtures/exolix/
// (rate.json, rate_fixed.json, rate_below_min.json; see testdata/README.md).
// Docs: https://exolix.com/developers

// API paths, relative to Descriptor.BaseURL: the rate, a transaction's
// creation (POST TxPath) and its status (TxPath/{id}).
const (
	RatePath = "/api/v2/rate"
	TxPath   = "/api/v2/transactions"
)

// rateResponse is GET /api/v2/rate. Every amount is a JSON number, written the
// way JavaScript prints numbers (1e-8 under 10^-6), except priceImpact, which
// is a string. The same shape carries a refusal: below the minimum, message is
// set, toAmount is 0 and rate and withdrawMin are absent, on HTTP 200 or 422
// (the status is not consistent, see decodeRate). Fields are pointers so a
// missing field can be told from a zero.
type rateResponse struct {
	FromAmount  *swapscout.Amount `json:"fromAmount"`
	ToAmount    *swapscout.Amount `json:"toAmount"`
	Rate        *swapscout.Amount `json:"rate"`
	Message     *string           `json:"message"`
	MinAmount   *swapscout.Amount `json:"minAmount"`   // least deposit, in coinFrom units
	WithdrawMin *swapscout.Amount `json:"withdrawMin"` // least payout, in coinTo units
	MaxAmount   *swapscout.Amount `json:"maxAmount"`   // largest deposit, in coinFrom units
	PriceImpact json.RawMessage   `json:"priceImpact"` // a string, "0"; unused

	// Not part of the rate shape: the error bodies Exolix sends instead.
	// {"error":"Such exchange pair is not available"} ([CODE]) and the 400
	// validation body {"errors":{"<field>":"<message>",…}} ([CODE], Cake).
	Error  *string                    `json:"error"`
	Errors map[string]json.RawMessage `json:"errors"`
}

// isRate reports whether the body has the rate shape (Edge's test: the
// amounts and minAmount are present).
func (r *rateResponse) isRate() bool {
	return r.FromAmount != nil && r.ToAmount != nil && r.MinAmount != nil
}
