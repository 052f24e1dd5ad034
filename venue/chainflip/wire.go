package chainflip

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
)

// Wire types of Chainflip's Broker-as-a-Service API (https://chainflip-broker.io),
// as recorded in Cake Wallet's fixtures (see testdata/README.md) and named by
// the service's generated OpenAPI client. Every amount comes twice: as a JSON
// number (written as a float, which we never read) and as a string of native
// units (amountNative and the like), which we do.

// quote is one element of GET /quotes-native: "regular" (one swap) or
// "dca" (split into chunks); boostQuote, when present, is the same quote
// with a boosted (faster, dearer) deposit.
type quote struct {
	Type                     string            `json:"type"`
	IngressAsset             string            `json:"ingressAsset"`
	IngressAmountNative      *swapscout.Amount `json:"ingressAmountNative"`
	EgressAsset              string            `json:"egressAsset"`
	EgressAmountNative       *swapscout.Amount `json:"egressAmountNative"`
	IncludedFees             []fee             `json:"includedFees"`
	EstimatedDurationSeconds json.Number       `json:"estimatedDurationSeconds"` // fractional: 0.4-second blocks add up
	LowLiquidityWarning      bool              `json:"lowLiquidityWarning"`
}

// fee is one of a quote's includedFees: already taken from the amount
// received. type is ingress, network, broker, egress, liquidity or boost.
type fee struct {
	Type         string            `json:"type"`
	Asset        string            `json:"asset"`
	AmountNative *swapscout.Amount `json:"amountNative"`
}

// problem is the service's error body (ASP.NET's ProblemDetails, recorded
// for an amount below the minimum): a title, a detail sentence and, for
// validation errors, errors by field — minimalAmount and
// minimalAmountNative carry the least deposit.
type problem struct {
	Title  string                     `json:"title"`
	Status int                        `json:"status"`
	Detail string                     `json:"detail"`
	Errors map[string]json.RawMessage `json:"errors"`
}

// channel is GET /swap's answer: a deposit channel opened for the swap.
// Its id for the status call is issuedBlock, network and channelId
// together ("14138313-Ethereum-13128" in the status answer).
type channel struct {
	ID                *int64            `json:"id"`
	Address           string            `json:"address"`
	IssuedBlock       *int64            `json:"issuedBlock"`
	Network           string            `json:"network"`
	ChannelID         *int64            `json:"channelId"`
	SourceExpiryBlock *int64            `json:"sourceExpiryBlock"`
	OpeningFeeNative  *swapscout.Amount `json:"channelOpeningFeeNative"`
}

// statusAnswer is GET /status-by-deposit-channel.
type statusAnswer struct {
	ID     *int64 `json:"id"`
	Status *struct {
		State            string `json:"state"`
		SourceAsset      string `json:"sourceAsset"`
		DestinationAsset string `json:"destinationAsset"`
		DepositChannel   *struct {
			ID                  string `json:"id"`
			DepositAddress      string `json:"depositAddress"`
			EstimatedExpiryDate string `json:"estimatedExpiryDate"`
			IsExpired           bool   `json:"isExpired"`
		} `json:"depositChannel"`
		Deposit      *movement `json:"deposit"`
		SwapEgress   *movement `json:"swapEgress"`
		RefundEgress *movement `json:"refundEgress"`
	} `json:"status"`
}

// movement is a deposit or an egress: its amount and transaction.
type movement struct {
	AmountNative         *swapscout.Amount `json:"amountNative"`
	TransactionReference *string           `json:"transactionReference"`
}
