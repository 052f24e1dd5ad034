package gate

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Gate's currencies (base and quote of
// currency_pairs, [REC]) and the chain codes of /api/v4/wallet/currency_chains
// (BTC, ETH, BSC, ARBEVM, BASEEVM are [REC] in gct's April 2026 recording;
// the others [MEM]). Gate lists XMR and FIRO [MEM]. Not listed: USDC on TRON
// and TON (not offered [MEM]). The market list decides the rest: an asset
// without a market is unsupported_pair without a book call.
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] gate.com/fee (withdrawal fees), approximate 2025 values; the live fee per chain is " +
	"only in the signed /api/v4/wallet/withdraw_status (withdraw_fix_on_chains)"
