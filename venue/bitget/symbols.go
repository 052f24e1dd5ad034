package bitget

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Bitget's coins (baseCoin and quoteCoin:
// uppercase [DOC]) and the chain names of /api/v2/spot/public/coins
// (chains[].chain: "BTC" [DOC]; the others [MEM]). Bitget lists Monero [MEM]:
// the market list decides whether a market exists. Not listed: FIRO (no
// Bitget market as far as we know [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] bitget.com/fee (withdrawal fees), approximate 2025 values, for chains the live list " +
	"(/api/v2/spot/public/coins chains[].withdrawFee, a string [DOC], read with the market list) does not cover"
