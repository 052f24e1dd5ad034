package simpleswap

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of SimpleSwap API v3 (research: exchange-apis.md, section A4.1).
// The field names are what Edge's parser requires (simpleswap.ts, [CODE]);
// amounts are numeric strings, which Edge also accepts as numbers, so they
// decode through swapscout.Amount. Every answer wraps its payload in "result".

// API paths, relative to Descriptor.BaseURL: an estimate, a pair's range,
// an exchange's creation (POST ExchangesPath) and status
// (ExchangesPath/{id}).
const (
	EstimatesPath = "/v3/estimates"
	RangesPath    = "/v3/ranges"
	ExchangesPath = "/v3/exchanges"
)

// estimateReply is GET /v3/estimates. For reverse=true, estimatedAmount is the
// amount to send; otherwise the amount to receive. rateId and validUntil come
// with fixed-rate estimates only.
type estimateReply struct {
	Result *estimate `json:"result"`
}

type estimate struct {
	EstimatedAmount *swapscout.Amount `json:"estimatedAmount"`
	RateID          *string           `json:"rateId"`
	ValidUntil      *string           `json:"validUntil"`
}

// rangeReply is GET /v3/ranges: limits in the unit of the amount the request
// names (the "to" asset when reverse=true); max is null when unbounded.
type rangeReply struct {
	Result *rangeResult `json:"result"`
}

type rangeResult struct {
	Min *swapscout.Amount `json:"min"`
	Max *swapscout.Amount `json:"max"`
}

// errorReply is the body of a 4xx/5xx answer. No source shows it ([MEM]):
// the adapter maps errors by HTTP status (403/404/422, [CODE]) and reads the
// body for its text only, taking "message", "description" or a string "error".
type errorReply struct {
	Message     string          `json:"message"`
	Description string          `json:"description"`
	Error       json.RawMessage `json:"error"`
}
