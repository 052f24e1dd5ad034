package gemini

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Gemini's currencies as the market list
// names them (base_currency, quote_currency: [REC] for BTC, ETH, LTC, BCH,
// DOGE, XRP, SOL, DOT, AVAX, ZEC, USDT, USDC, DAI) and the network Gemini
// deposits and withdraws them on (its address networks: bitcoin, ethereum,
// litecoin, … [MEM]). Gemini moves tokens on Ethereum only as far as we know
// [MEM], so USDT, USDC and DAI are ERC-20 and ETH is mainnet. Not listed: XMR,
// TRX, TON, BNB, ADA, XLM, DASH and FIRO (no Gemini market in the recorded
// list); POL (Gemini lists MATIC, and on which network it withdraws it is
// not known [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:    {Ticker: "BTC", Network: "bitcoin"},
	{Ticker: "eth", Network: "eth"}:    {Ticker: "ETH", Network: "ethereum"},
	{Ticker: "ltc", Network: "ltc"}:    {Ticker: "LTC", Network: "litecoin"},
	{Ticker: "bch", Network: "bch"}:    {Ticker: "BCH", Network: "bitcoincash"},
	{Ticker: "doge", Network: "doge"}:  {Ticker: "DOGE", Network: "dogecoin"},
	{Ticker: "xrp", Network: "xrp"}:    {Ticker: "XRP", Network: "xrpl"},
	{Ticker: "sol", Network: "sol"}:    {Ticker: "SOL", Network: "solana"},
	{Ticker: "zec", Network: "zec"}:    {Ticker: "ZEC", Network: "zcash"},
	{Ticker: "dot", Network: "dot"}:    {Ticker: "DOT", Network: "polkadot"},
	{Ticker: "avax", Network: "avaxc"}: {Ticker: "AVAX", Network: "avalanche"},
	{Ticker: "usdt", Network: "eth"}:   {Ticker: "USDT", Network: "ethereum"},
	{Ticker: "usdc", Network: "eth"}:   {Ticker: "USDC", Network: "ethereum"},
	{Ticker: "dai", Network: "eth"}:    {Ticker: "DAI", Network: "ethereum"},
}

const withdrawFeeSource = "[MEM] gemini.com/fees/transfer-fees, approximate 2025 values: a flat fee for most coins " +
	"(0.0001 BTC) and an estimate of the gas for ETH and ERC-20 tokens; Gemini has at times waived the fee on the " +
	"first withdrawals of a month, which these tables do not assume"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:    swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "eth"}:    swapscout.MustAmount("0.001"),
	{Ticker: "ltc", Network: "ltc"}:    swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:    swapscout.MustAmount("0.001"),
	{Ticker: "doge", Network: "doge"}:  swapscout.MustAmount("1"),
	{Ticker: "xrp", Network: "xrp"}:    swapscout.MustAmount("0.1"),
	{Ticker: "sol", Network: "sol"}:    swapscout.MustAmount("0.001"),
	{Ticker: "zec", Network: "zec"}:    swapscout.MustAmount("0.001"),
	{Ticker: "dot", Network: "dot"}:    swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}: swapscout.MustAmount("0.01"),
	{Ticker: "usdt", Network: "eth"}:   swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "eth"}:   swapscout.MustAmount("3"),
	{Ticker: "dai", Network: "eth"}:    swapscout.MustAmount("3"),
}
