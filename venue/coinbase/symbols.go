package coinbase

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Coinbase's currency ids (as in the
// products' base_currency and quote_currency) and the ids of its networks
// (currencies[].supported_networks[].id: "bitcoin" and "ethereum" are [DOC]
// in the docs' status channel example, the others [MEM]). Not listed: XMR,
// TON, TRX, BNB and FIRO (no Coinbase Exchange market [MEM]), USDT off
// Ethereum and anything on BNB Smart Chain (no Coinbase network [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "BTC", Network: "bitcoin"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "ETH", Network: "ethereum"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "ETH", Network: "arbitrum"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "ETH", Network: "base"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "ETH", Network: "optimism"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "LTC", Network: "litecoin"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "BCH", Network: "bitcoincash"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "DOGE", Network: "dogecoin"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "XRP", Network: "ripple"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "SOL", Network: "solana"},
	{Ticker: "zec", Network: "zec"}:       {Ticker: "ZEC", Network: "zcash"},
	{Ticker: "dash", Network: "dash"}:     {Ticker: "DASH", Network: "dash"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ADA", Network: "cardano"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "DOT", Network: "polkadot"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "avacchain"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "polygon"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XLM", Network: "stellar"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "ethereum"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "ethereum"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "solana"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "polygon"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "base"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "arbitrum"},
	{Ticker: "dai", Network: "eth"}:       {Ticker: "DAI", Network: "ethereum"},
}

const withdrawFeeSource = "[MEM] Coinbase Exchange charges no withdrawal fee of its own but passes on the network fee; " +
	"these are approximate 2025 network fees (the live ones are only in the signed /withdrawals/fee-estimate)"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.001"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.00001"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.00001"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("1"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.001"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.0001"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("0.2"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.02"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.002"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.05"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("0.01"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("0.01"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.01"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.05"),
	{Ticker: "dai", Network: "eth"}:       swapscout.MustAmount("3"),
}
