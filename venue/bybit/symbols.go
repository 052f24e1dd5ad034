package bybit

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Bybit's spot coins (baseCoin/quoteCoin of
// instruments-info: plain upper-case tickers, [DOC]) and the chain names of
// its deposit and withdrawal list (/v5/asset/coin/query-info chains[].chain,
// signed; all [MEM]). Not listed: XMR (Bybit has never listed Monero [MEM]),
// ZEC, DASH and FIRO (no spot market [MEM]); USDC on TRON and TON, USDT on
// Base (not offered [MEM]). The market list decides the rest: an asset
// without a market is unsupported_pair without a book call.
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] bybit.com/en/announcement-info/deposit-withdraw (withdrawal fees), approximate 2025 " +
	"values; the live fee per chain is only in the signed /v5/asset/coin/query-info (withdrawFee)"
