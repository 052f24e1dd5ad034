package gemini

import (
	_ "embed" // assets.txt

	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to Gemini's currencies as the market list
// names them (base_currency, quote_currency: [REC] for BTC, ETH, LTC, BCH,
// DOGE, XRP, SOL, DOT, AVAX, ZEC, USDT, USDC, DAI) and the network Gemini
// deposits and withdraws them on (its address networks: bitcoin, ethereum,
// litecoin, … [MEM]). Gemini moves tokens on Ethereum only as far as we know
// [MEM], so USDT, USDC and DAI are ERC-20 and ETH is mainnet. Not listed: XMR,
// TRX, TON, BNB, ADA, XLM, DASH and FIRO (no Gemini market in the recorded
// list); POL (Gemini lists MATIC, and on which network it withdraws it is
// not known [MEM]).
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec.
var symbols, withdrawFees = cex.MustAssets(assetTable)

const withdrawFeeSource = "[MEM] gemini.com/fees/transfer-fees, approximate 2025 values: a flat fee for most coins " +
	"(0.0001 BTC) and an estimate of the gas for ETH and ERC-20 tokens; Gemini has at times waived the fee on the " +
	"first withdrawals of a month, which these tables do not assume"
