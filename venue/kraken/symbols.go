package kraken

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Kraken's asset names as AssetPairs gives
// them in base and quote (legacy X-prefixed names for the old coins: XXBT,
// XETH, XXMR, XLTC, XXRP, XXLM, XXDG, XZEC; research B2 [DOC] for XXBT and
// XETH, the rest [MEM]) and the funding method Kraken deposits and withdraws
// on ([MEM]). Not listed: BNB and FIRO (no Kraken market [MEM]); USDT and USDC
// on BNB Smart Chain, and USDT on TON, Arbitrum and Avalanche (no Kraken
// funding method [MEM]). Kraken does not serve XMR in the EEA [MEM].
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] kraken.com/features/fee-schedule (Deposit & withdrawal fees), approximate 2025 values; " +
	"the live fee is only in the private WithdrawInfo call"
