package nearintents

import "encoding/json"

// Wire types of the 1Click API v0 (https://1click.chaindefuser.com), as the
// generated OpenAPI clients name them (QuoteRequest, QuoteResponse, Quote,
// TokenResponse, GetExecutionStatusResponse, SwapDetails) and as Cake
// Wallet recorded them (testdata/README.md). Every amount is a JSON string
// holding an integer in the token's base units; the "…Formatted" and
// "…Usd" twins are for display and are not read.

// token is one entry of GET /v0/tokens.
type token struct {
	AssetID    string `json:"assetId"`
	Decimals   *int   `json:"decimals"`
	Blockchain string `json:"blockchain"`
	Symbol     string `json:"symbol"`
}

// quoteRequest is the body of POST /v0/quote. Every field below is required
// by the API (the recorded 400 lists each one), dry included.
type quoteRequest struct {
	Dry               bool   `json:"dry"`
	SwapType          string `json:"swapType"`          // EXACT_INPUT or EXACT_OUTPUT
	SlippageTolerance int    `json:"slippageTolerance"` // basis points
	OriginAsset       string `json:"originAsset"`
	DepositType       string `json:"depositType"` // ORIGIN_CHAIN: a plain address on the origin chain
	DestinationAsset  string `json:"destinationAsset"`
	Amount            string `json:"amount"` // base units of the origin (EXACT_INPUT) or destination asset
	RefundTo          string `json:"refundTo"`
	RefundType        string `json:"refundType"` // ORIGIN_CHAIN
	Recipient         string `json:"recipient"`
	RecipientType     string `json:"recipientType"` // DESTINATION_CHAIN
	Deadline          string `json:"deadline"`      // ISO 8601: when a swap not done by then is refunded
	Referral          string `json:"referral,omitempty"`
}

// quoteResponse is the answer of POST /v0/quote (HTTP 201 when it quotes),
// and the shape of its errors: a NestJS body {"message","error",
// "statusCode",…} on 400 and 401, or {"message"} alone.
type quoteResponse struct {
	Quote        *quote        `json:"quote"`
	QuoteRequest *echoedParams `json:"quoteRequest"`
	Timestamp    string        `json:"timestamp"`

	Message json.RawMessage `json:"message"` // a string; NestJS may send a list
	Error   *string         `json:"error"`
}

// echoedParams is the request as 1Click echoes it back in a quote.
type echoedParams struct {
	Dry      bool   `json:"dry"`
	Deadline string `json:"deadline"`
}

// quote is QuoteResponse.quote. depositAddress, deadline and
// timeWhenInactive come only with dry=false.
type quote struct {
	AmountIn         *string `json:"amountIn"`
	MinAmountIn      *string `json:"minAmountIn"`
	AmountOut        *string `json:"amountOut"`
	MinAmountOut     *string `json:"minAmountOut"` // amountOut less the slippage tolerance
	TimeEstimate     *int64  `json:"timeEstimate"` // seconds, once the deposit is confirmed
	DepositAddress   string  `json:"depositAddress"`
	DepositMemo      string  `json:"depositMemo"`
	Deadline         string  `json:"deadline"`         // when the deposit address goes inactive
	TimeWhenInactive string  `json:"timeWhenInactive"` // when it goes cold (slower processing)
}

// statusResponse is GET /v0/status?depositAddress=….
type statusResponse struct {
	Status        *string      `json:"status"`
	UpdatedAt     string       `json:"updatedAt"`
	SwapDetails   *swapDetails `json:"swapDetails"`
	QuoteResponse *struct {
		QuoteRequest *struct {
			OriginAsset      string `json:"originAsset"`
			DestinationAsset string `json:"destinationAsset"`
		} `json:"quoteRequest"`
	} `json:"quoteResponse"`

	Message json.RawMessage `json:"message"`
	Error   *string         `json:"error"`
}

// swapDetails is what happened: null amounts until the swap ran.
type swapDetails struct {
	AmountOut                *string  `json:"amountOut"`
	RefundedAmount           *string  `json:"refundedAmount"` // base units of the origin asset
	OriginChainTxHashes      []txHash `json:"originChainTxHashes"`
	DestinationChainTxHashes []txHash `json:"destinationChainTxHashes"`
}

// txHash is TransactionDetails.
type txHash struct {
	Hash        string `json:"hash"`
	ExplorerURL string `json:"explorerUrl"`
}

// messageText reads a NestJS message: a string, or a list of strings
// joined with "; ".
func messageText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		out := ""
		for i, x := range list {
			if i > 0 {
				out += "; "
			}
			out += x
		}
		return out
	}
	return ""
}
