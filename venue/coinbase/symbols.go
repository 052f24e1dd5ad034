package coinbase

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Coinbase's currency ids (as in the
// products' base_currency and quote_currency) and the ids of its networks
// (currencies[].supported_networks[].id: "bitcoin" and "ethereum" are [DOC]
// in the docs' status channel example, the others [MEM]). Not listed: XMR,
// TON, TRX, BNB and FIRO (no Coinbase Exchange market [MEM]), USDT off
// Ethereum and anything on BNB Smart Chain (no Coinbase network [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] Coinbase Exchange charges no withdrawal fee of its own but passes on the network fee; " +
	"these are approximate 2025 network fees (the live ones are only in the signed /withdrawals/fee-estimate)"
