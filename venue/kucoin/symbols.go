package kucoin

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to KuCoin's currencies (baseCurrency and
// quoteCurrency of /api/v2/symbols, [DOC]) and the chainName of its
// /api/v3/currencies chains (the shape [DOC]; the names per coin [MEM]).
// KuCoin still lists XMR [MEM]. Not listed: FIRO (no KuCoin market [MEM]);
// USDC on TRON and TON (not offered [MEM]). The market list decides the
// rest: an asset without a market is unsupported_pair without a book call.
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] kucoin.com/vip/withdrawal-fee, approximate 2025 values, for chains the live list " +
	"(/api/v3/currencies chains[].withdrawalMinFee, [DOC] field, read with the market list) does not cover"
