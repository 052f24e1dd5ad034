package quickex

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of Quickex's public rate API v2, GET /api/v2/rates/public/one
// (research exchange-apis.md A10; docs https://quickex.io/docs/rates-api-v2).
// Every amount is a decimal string; swapscout.Amount also takes numbers.

// API paths, relative to Descriptor.BaseURL: the public rate, an order's
// creation and its public information.
const (
	RatePath   = "/v2/rates/public/one"
	CreatePath = "/v2/orders/public/create"
	InfoPath   = "/v2/orders/public-info"
)

// instrument is a currency on one network as Quickex names it.
type instrument struct {
	CurrencyTitle     string `json:"currencyTitle"`
	NetworkTitle      string `json:"networkTitle"`
	Slug              string `json:"slug,omitempty"`
	PrecisionDecimals int    `json:"precisionDecimals"`
}

// limits are depositRules: minAmount and maxAmount in From units, "0" meaning
// no maximum (docs example).
type limits struct {
	MinAmount *swapscout.Amount `json:"minAmount"`
	MaxAmount *swapscout.Amount `json:"maxAmount"`
}

// rateResponse is the 200 answer: amountToGet is what the user receives for
// claimedDepositAmount; finalNetworkFeeAmount is the withdrawal fee, in To
// units, reported apart; generalMin/MaxAmount are the pair's limits in From
// units. rateMode echoes FLOATING or FIXED (the TS client checks it).
type rateResponse struct {
	InstrumentFrom             instrument        `json:"instrumentFrom"`
	InstrumentTo               instrument        `json:"instrumentTo"`
	AmountToGet                *swapscout.Amount `json:"amountToGet"`
	Price                      *swapscout.Amount `json:"price"`
	UpdatedAt                  json.RawMessage   `json:"updatedAt"` // ms number (v2) or ISO string (v1 docs); unused
	FinalNetworkFeeAmount      *swapscout.Amount `json:"finalNetworkFeeAmount"`
	GeneralMinAmount           *swapscout.Amount `json:"generalMinAmount"`
	GeneralMaxAmount           *swapscout.Amount `json:"generalMaxAmount"`
	DepositRules               *limits           `json:"depositRules"`
	RateMode                   string            `json:"rateMode,omitempty"`
	MinConfirmationsToWithdraw int               `json:"minConfirmationsToWithdraw"`
	MinConfirmationsToTrade    int               `json:"minConfirmationsToTrade"`
}

// errorResponse is a refusal: a top-level message ("Http Exception", "Amount
// Too Small", "Amount Too Big") and, for a limit, the bound at
// data.details.expected (two third-party clients; some send expectedGeneral).
// data is kept raw: for other refusals it holds per-field reasons of any shape.
type errorResponse struct {
	Message    string          `json:"message"`
	StatusCode int             `json:"statusCode,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
}

// errorDetails is data.details of a limit refusal.
type errorDetails struct {
	Details *struct {
		Expected        *swapscout.Amount `json:"expected"`
		ExpectedGeneral *swapscout.Amount `json:"expectedGeneral"`
	} `json:"details"`
}
