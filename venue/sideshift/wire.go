package sideshift

import (
	"github.com/swapscout/swapscout"
)

// Wire types of SideShift's API v2 (https://sideshift.ai/api/v2, docs at
// docs.sideshift.ai). Every amount is a decimal string. The pair shape is
// recorded (Cake's pair.json, pair_with_amount.json); the quote and shift
// shapes are the documented examples (see testdata/README.md).

// API paths, relative to Descriptor.BaseURL: a pair (PairPath+"{from}/{to}"),
// a fixed quote, the shifts (ShiftPath/{id}) made on a fixed quote or a
// variable rate, and an order's cancellation (cancel.go).
const (
	PairPath          = "/api/v2/pair/"
	QuotePath         = "/api/v2/quotes"
	ShiftPath         = "/api/v2/shifts"
	FixedShiftPath    = ShiftPath + "/fixed"
	VariableShiftPath = ShiftPath + "/variable"
	CancelPath        = "/api/v2/cancel-order"
)

// pairResponse is GET /v2/pair/{from}/{to}[?amount=]: the deposit limits
// and the rate for the amount (or for about 500 USD without one), network
// fees included: amount × rate is what the user receives.
type pairResponse struct {
	Min            *swapscout.Amount `json:"min"`
	Max            *swapscout.Amount `json:"max"`
	Rate           *swapscout.Amount `json:"rate"`
	DepositCoin    string            `json:"depositCoin"`
	SettleCoin     string            `json:"settleCoin"`
	DepositNetwork string            `json:"depositNetwork"`
	SettleNetwork  string            `json:"settleNetwork"`
	Error          *apiError         `json:"error"`
}

// apiError is the body of every refusal, whatever the status:
// {"error":{"message":"Invalid coin","code":"BAD_USER_INPUT"}} (recorded;
// code is not always there).
type apiError struct {
	Message string `json:"message"`
	Code    string `json:"code"`
}

// quoteRequest is POST /v2/quotes, a fixed-rate quote by the amount sent
// (depositAmount) or received (settleAmount).
type quoteRequest struct {
	DepositCoin    string `json:"depositCoin"`
	DepositNetwork string `json:"depositNetwork"`
	SettleCoin     string `json:"settleCoin"`
	SettleNetwork  string `json:"settleNetwork"`
	DepositAmount  string `json:"depositAmount,omitempty"`
	SettleAmount   string `json:"settleAmount,omitempty"`
	AffiliateID    string `json:"affiliateId,omitempty"`
}

// quoteResponse is the 201 answer of POST /v2/quotes: the quote id a fixed
// shift is created with, valid until expiresAt (15 minutes).
type quoteResponse struct {
	ID            string            `json:"id"`
	ExpiresAt     string            `json:"expiresAt"`
	DepositAmount *swapscout.Amount `json:"depositAmount"`
	SettleAmount  *swapscout.Amount `json:"settleAmount"`
	Rate          *swapscout.Amount `json:"rate"`
	Error         *apiError         `json:"error"`
}
