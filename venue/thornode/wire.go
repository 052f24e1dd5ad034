package thornode

import (
	"github.com/swapscout/swapscout"
)

// Wire types of the THORNode API, which Mayanode (a fork) serves in the same
// shape under /mayachain. Fields are checked against recorded answers (see
// venue/thorchain/testdata/README.md and venue/maya/testdata/README.md) and
// the field lists of maintained clients; amounts are decimal strings of
// integers in 1e8 units, whatever the asset's own decimals.

// quoteResponse is GET {path}/quote/swap. Recordings from 2023 lack
// liquidity, total and total_bps in fees and the streaming fields; newer
// answers carry them. memo and inbound_address are empty or absent when no
// destination was given (Maya's recording).
type quoteResponse struct {
	InboundAddress             string            `json:"inbound_address"`
	InboundConfirmationBlocks  int64             `json:"inbound_confirmation_blocks"`
	InboundConfirmationSeconds int64             `json:"inbound_confirmation_seconds"`
	OutboundDelayBlocks        int64             `json:"outbound_delay_blocks"`
	OutboundDelaySeconds       int64             `json:"outbound_delay_seconds"`
	Fees                       *quoteFees        `json:"fees"`
	Router                     string            `json:"router"`
	Expiry                     int64             `json:"expiry"` // unix seconds
	Warning                    string            `json:"warning"`
	Notes                      string            `json:"notes"`
	DustThreshold              *swapscout.Amount `json:"dust_threshold"`
	RecommendedMinAmountIn     *swapscout.Amount `json:"recommended_min_amount_in"`
	RecommendedGasRate         string            `json:"recommended_gas_rate"`
	GasRateUnits               string            `json:"gas_rate_units"`
	Memo                       string            `json:"memo"`
	ExpectedAmountOut          *swapscout.Amount `json:"expected_amount_out"`
	MaxStreamingQuantity       int64             `json:"max_streaming_quantity"`
	StreamingSwapBlocks        int64             `json:"streaming_swap_blocks"`
	StreamingSwapSeconds       int64             `json:"streaming_swap_seconds"`
	TotalSwapSeconds           int64             `json:"total_swap_seconds"`

	nodeError
}

// nodeError is the error body the node sends instead of an answer: the gRPC
// gateway's {"code":3,"message":"…","details":[]} (HTTP 400 for code 3, 500
// for code 2), and {"error":"…"} from older nodes and proxies.
type nodeError struct {
	Code    *int    `json:"code"`
	Message *string `json:"message"`
	Error   *string `json:"error"`
}

// quoteFees is the quote's fee breakdown, in 1e8 units of Asset (the asset
// received, as recorded).
type quoteFees struct {
	Asset       string            `json:"asset"`
	Affiliate   *swapscout.Amount `json:"affiliate"`
	Outbound    *swapscout.Amount `json:"outbound"`
	Liquidity   *swapscout.Amount `json:"liquidity"`
	Total       *swapscout.Amount `json:"total"`
	SlippageBps *int64            `json:"slippage_bps"`
	TotalBps    *int64            `json:"total_bps"`
}

// statusResponse is GET {path}/tx/status/{hash}: the inbound transaction,
// the planned and signed outbounds, and the stages. Only inbound_observed is
// always present; the others appear as the swap reaches them (THORNode's
// QueryTxStages, and the shapeshift thread quoted in the README).
type statusResponse struct {
	Tx *struct {
		ID    string `json:"id"`
		Chain string `json:"chain"`
		Memo  string `json:"memo"`
	} `json:"tx"`
	PlannedOutTxs []struct {
		Chain  string `json:"chain"`
		Coin   coin   `json:"coin"`
		Refund bool   `json:"refund"`
	} `json:"planned_out_txs"`
	OutTxs []struct {
		ID    string `json:"id"`
		Chain string `json:"chain"`
		Coins []coin `json:"coins"`
		Memo  string `json:"memo"`
	} `json:"out_txs"`
	Stages *stages `json:"stages"`

	nodeError
}

type coin struct {
	Asset  string            `json:"asset"`
	Amount *swapscout.Amount `json:"amount"`
}

type stages struct {
	InboundObserved *struct {
		Started   *bool `json:"started"`
		Completed bool  `json:"completed"`
	} `json:"inbound_observed"`
	InboundConfirmationCounted *doneStage `json:"inbound_confirmation_counted"`
	InboundFinalised           *doneStage `json:"inbound_finalised"`
	SwapStatus                 *struct {
		Pending   bool `json:"pending"`
		Streaming *struct {
			Interval int64 `json:"interval"`
			Quantity int64 `json:"quantity"`
			Count    int64 `json:"count"`
		} `json:"streaming"`
	} `json:"swap_status"`
	SwapFinalised  *doneStage `json:"swap_finalised"`
	OutboundDelay  *doneStage `json:"outbound_delay"`
	OutboundSigned *doneStage `json:"outbound_signed"`
}

type doneStage struct {
	Completed bool `json:"completed"`
}

// words returns the node's words from an error body, "" when none.
func (e nodeError) words() string {
	if e.Message != nil && *e.Message != "" {
		return *e.Message
	}
	if e.Error != nil {
		return *e.Error
	}
	return ""
}
