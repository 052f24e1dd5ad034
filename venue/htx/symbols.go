package htx

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to HTX's coins (bc and qc of the v2 symbol
// list: lower case, [DOC]) and the chain names of its deposit and withdrawal
// list (/v2/reference/currencies chains[].chain; all [MEM]: HTX folds the
// token into the chain name, e.g. trc20usdt). HTX still lists XMR [MEM]. Not
// listed: FIRO and DAI (no active HTX market [MEM]); ETH and USDC on Base and
// Optimism, USDT on Avalanche, USDC on BNB Smart Chain, TRON and TON (not
// offered [MEM]). The market list decides the rest: an asset without a
// market is unsupported_pair without a book call.
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] htx.com/support fee page (withdrawal fees), approximate 2025 values; the live fee " +
	"per chain is /v2/reference/currencies chains[].transactFeeWithdraw, not read on the quote path"
