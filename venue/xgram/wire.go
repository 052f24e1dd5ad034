package xgram

import (
	"github.com/swapscout/swapscout"
)

// Wire types of Xgram's partner API v1 (research exchange-apis.md A13, and
// Xgram's own documentation at https://xgram.io/api/documentation for
// retrieve-rate-value, which the research did not cover). Every call carries
// the x-api-key header.

// API paths, relative to Descriptor.BaseURL: the rate, an exchange's
// launch and its status.
const (
	RatePath   = "/retrieve-rate-value"
	CreatePath = "/launch-new-exchange"
	StatusPath = "/fetch-status-info"
)

// rateResponse is GET /retrieve-rate-value?fromCcy&toCcy&ccyAmount. The docs'
// example: {"fix":false,"minFrom":"0.0081","maxFrom":"138","from_network":
// "Bitcoin","to_network":"ERC20","rate":25.084395813448847,"withdrawalFee":
// "0.006 ETH","result":true}. "Transaction fee is not included" in rate;
// withdrawalFee is "approximate" and written "<amount> <TICKER>". A refusal
// comes as result:false with error or message (a third-party client), as
// {"errors":[…]} or as {"error":"ccyAmount must be > 0.001"} (Edge), so the
// same struct reads all of them.
type rateResponse struct {
	Fix           *bool             `json:"fix,omitempty"`
	MinFrom       *swapscout.Amount `json:"minFrom,omitempty"`
	MaxFrom       *swapscout.Amount `json:"maxFrom,omitempty"`
	FromNetwork   string            `json:"from_network,omitempty"`
	ToNetwork     string            `json:"to_network,omitempty"`
	Rate          *swapscout.Amount `json:"rate,omitempty"`
	WithdrawalFee *string           `json:"withdrawalFee,omitempty"`
	Result        *bool             `json:"result,omitempty"`

	Error   string      `json:"error,omitempty"`
	Message string      `json:"message,omitempty"`
	Errors  []errorItem `json:"errors,omitempty"`
}

// errorItem is one of {"errors":[…]}: BELOW_LIMIT and ABOVE_LIMIT carry the
// limit on both sides (strings), REGION_UNSUPPORTED a message,
// CURRENCY_UNSUPPORTED an error text (Edge's cleaners).
type errorItem struct {
	Code                   string            `json:"code"`
	Error                  string            `json:"error,omitempty"`
	Message                string            `json:"message,omitempty"`
	SourceAmountLimit      *swapscout.Amount `json:"sourceAmountLimit,omitempty"`
	DestinationAmountLimit *swapscout.Amount `json:"destinationAmountLimit,omitempty"`
}
