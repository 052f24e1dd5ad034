package okx

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to OKX's currencies (baseCcy, quoteCcy) and
// the chains of its deposit and withdrawal list (/api/v5/asset/currencies
// chain, "USDT-TRC20" style; [MEM]). Not listed: XMR, ZEC and DASH (OKX
// delisted them in January 2024 [MEM]), FIRO and DAI (no OKX spot market
// [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] okx.com/fees (withdrawal fees), approximate 2025 values; the live minFee per chain " +
	"is only in the signed /api/v5/asset/currencies"
