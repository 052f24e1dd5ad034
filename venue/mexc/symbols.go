package mexc

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to MEXC's spot tickers (baseAsset and
// quoteAsset: Binance-style uppercase [DOC]) and the network names of its
// deposit and withdrawal list (/api/v3/capital/config/getall
// networkList[].network, e.g. "BEP20(BSC)" [DOC]; the others [MEM]). MEXC
// lists Monero and Firo [MEM]: the market list decides whether a market
// exists. Every catalogue asset is mapped.
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "BTC", Network: "BTC"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "ETH", Network: "ERC20"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "ETH", Network: "Arbitrum One"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "ETH", Network: "BASE"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "ETH", Network: "Optimism(OP)"},
	{Ticker: "xmr", Network: "xmr"}:       {Ticker: "XMR", Network: "XMR"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "LTC", Network: "LTC"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "BCH", Network: "BCH"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "DOGE", Network: "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "XRP", Network: "XRP"},
	{Ticker: "ton", Network: "ton"}:       {Ticker: "TON", Network: "TONCOIN"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "SOL", Network: "SOL"},
	{Ticker: "trx", Network: "trx"}:       {Ticker: "TRX", Network: "TRC20"},
	{Ticker: "bnb", Network: "bsc"}:       {Ticker: "BNB", Network: "BEP20(BSC)"},
	{Ticker: "zec", Network: "zec"}:       {Ticker: "ZEC", Network: "ZEC"},
	{Ticker: "dash", Network: "dash"}:     {Ticker: "DASH", Network: "DASH"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ADA", Network: "ADA"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "DOT", Network: "DOT"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "AVAX_CCHAIN"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "Polygon(MATIC)"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XLM", Network: "XLM"},
	{Ticker: "firo", Network: "firo"}:     {Ticker: "FIRO", Network: "FIRO"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "ERC20"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "USDT", Network: "TRC20"},
	{Ticker: "usdt", Network: "bsc"}:      {Ticker: "USDT", Network: "BEP20(BSC)"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "USDT", Network: "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "USDT", Network: "Polygon(MATIC)"},
	{Ticker: "usdt", Network: "ton"}:      {Ticker: "USDT", Network: "TONCOIN"},
	{Ticker: "usdt", Network: "arbitrum"}: {Ticker: "USDT", Network: "Arbitrum One"},
	{Ticker: "usdt", Network: "avaxc"}:    {Ticker: "USDT", Network: "AVAX_CCHAIN"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "ERC20"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {Ticker: "USDC", Network: "BEP20(BSC)"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "Polygon(MATIC)"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "BASE"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "Arbitrum One"},
	{Ticker: "dai", Network: "eth"}:       {Ticker: "DAI", Network: "ERC20"},
}

const withdrawFeeSource = "[MEM] mexc.com/fee (withdrawal fees), approximate 2025 values; the live ones are only in the " +
	"signed /api/v3/capital/config/getall (networkList[].withdrawFee, a string [DOC])"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0003"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0015"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0002"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.0001"),
	{Ticker: "xmr", Network: "xmr"}:       swapscout.MustAmount("0.003"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.001"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("4"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.25"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.05"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.005"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "bnb", Network: "bsc"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.003"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.002"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("1"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.1"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.02"),
	{Ticker: "firo", Network: "firo"}:     swapscout.MustAmount("0.02"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "bsc"}:      swapscout.MustAmount("0.1"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "ton"}:      swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "arbitrum"}: swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "avaxc"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "bsc"}:      swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.5"),
	{Ticker: "dai", Network: "eth"}:       swapscout.MustAmount("3"),
}
