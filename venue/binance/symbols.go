package binance

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Binance's spot tickers and the network
// codes of its deposit and withdrawal list (/sapi/v1/capital/config/getall
// networkList[].network: ETH, BSC, TRX, BTC are [REC] in research B1; the
// others [MEM]). Not listed: XMR (delisted February 2024 [MEM]: Binance has
// no XMR market), FIRO and DAI (no active spot market [MEM]), USDC on TRON
// and TON (not offered [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] binance.com/en/fee/cryptoFee, approximate 2025 values; Binance moves them with " +
	"network fees and publishes the live ones only through the signed /sapi/v1/capital/config/getall (withdrawFee)"
