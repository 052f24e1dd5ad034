package changenow

import "github.com/swapscout/swapscout"

// Wire types of ChangeNOW API v2, mirroring the recorded responses
// (cake_wallet test/exchange/fixtures/changenow, see testdata/README.md).
// Docs: https://documenter.gw.postman.com/view/metadata/SVfTPnM8

// API paths, relative to Descriptor.BaseURL: the estimate and the pair's
// range, an exchange's creation (POST ExchangePath) and its status
// (ByIDPath?id=).
const (
	EstimatePath = "/v2/exchange/estimated-amount"
	RangePath    = "/v2/exchange/range"
	ExchangePath = "/v2/exchange"
	ByIDPath     = "/v2/exchange/by-id"
)

// estimateResponse is GET /v2/exchange/estimated-amount.
type estimateResponse struct {
	FromCurrency             string            `json:"fromCurrency"`
	FromNetwork              string            `json:"fromNetwork"`
	ToCurrency               string            `json:"toCurrency"`
	ToNetwork                string            `json:"toNetwork"`
	Flow                     string            `json:"flow"`
	Type                     string            `json:"type"`
	RateID                   *string           `json:"rateId"`
	ValidUntil               *string           `json:"validUntil"`
	TransactionSpeedForecast *string           `json:"transactionSpeedForecast"`
	WarningMessage           *string           `json:"warningMessage"`
	DepositFee               *swapscout.Amount `json:"depositFee"`
	WithdrawalFee            *swapscout.Amount `json:"withdrawalFee"`
	UserID                   *string           `json:"userId"`
	FromAmount               swapscout.Amount  `json:"fromAmount"`
	ToAmount                 swapscout.Amount  `json:"toAmount"`
}

// rangeResponse is GET /v2/exchange/range; maxAmount is null when unbounded.
type rangeResponse struct {
	FromCurrency string            `json:"fromCurrency"`
	FromNetwork  string            `json:"fromNetwork"`
	ToCurrency   string            `json:"toCurrency"`
	ToNetwork    string            `json:"toNetwork"`
	Flow         string            `json:"flow"`
	MinAmount    *swapscout.Amount `json:"minAmount"`
	MaxAmount    *swapscout.Amount `json:"maxAmount"`
}

// errorResponse is the body of a non-2xx answer, e.g.
// {"error":"deposit_too_small","message":"Out of min amount","payload":{"range":{…}}}.
type errorResponse struct {
	Error   string `json:"error"`
	Message string `json:"message"`
	Payload *struct {
		Range *struct {
			MinAmount *swapscout.Amount `json:"minAmount"`
			MaxAmount *swapscout.Amount `json:"maxAmount"`
		} `json:"range"`
	} `json:"payload"`
}
