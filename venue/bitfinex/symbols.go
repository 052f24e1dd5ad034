package bitfinex

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Bitfinex's currency codes as its pair
// names use them ([DOC] pub:info:pair and pub:map:currency:sym in JKorf's
// fixtures: UST is USDT, UDC is USDC, DSH is DASH, BCHN is Bitcoin Cash,
// Polygon still trades as MATIC there) and the deposit method it pays out by
// ([DOC] pub:map:tx:method: TETHERUSE is USDT on Ethereum, TETHERUSX on Tron;
// the Solana method [MEM]). Not listed: BNB and FIRO (no Bitfinex pair
// [DOC]); USDT and USDC on other chains, ETH on layer 2s (methods not
// confirmed [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "per entry: [DOC] GET /v2/conf/pub:map:currency:tx:fee as JKorf's fixture gives it " +
	"(an old snapshot; Bitfinex publishes the live table there, unsigned), [MEM] where that lists 0 or nothing"
