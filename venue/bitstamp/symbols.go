package bitstamp

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Bitstamp's currency codes as its pair
// names give them (BTC/USD [REC]) and the network it deposits and withdraws
// the asset on ([MEM]). Polygon is POL since the September 2024 migration
// ([MEM]; the 2019 recording still says MATIC). Not listed: XMR, ZEC, DASH,
// TRX, TON, BNB and FIRO (no Bitstamp market [MEM]); ETH and stablecoins
// off Ethereum (no such Bitstamp network [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] bitstamp.net/fee-schedule (crypto withdrawal fees), approximate 2025 values; " +
	"the live ones are only in the signed /api/v2/fees/withdrawal/"
