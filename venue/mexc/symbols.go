package mexc

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to MEXC's spot tickers (baseAsset and
// quoteAsset: Binance-style uppercase [DOC]) and the network names of its
// deposit and withdrawal list (/api/v3/capital/config/getall
// networkList[].network, e.g. "BEP20(BSC)" [DOC]; the others [MEM]). MEXC
// lists Monero and Firo [MEM]: the market list decides whether a market
// exists. Every catalogue asset is mapped.
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] mexc.com/fee (withdrawal fees), approximate 2025 values; the live ones are only in the " +
	"signed /api/v3/capital/config/getall (networkList[].withdrawFee, a string [DOC])"
