package bitget

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Bitget's coins (baseCoin and quoteCoin:
// uppercase [DOC]) and the chain names of /api/v2/spot/public/coins
// (chains[].chain: "BTC" [DOC]; the others [MEM]). Bitget lists Monero [MEM]:
// the market list decides whether a market exists. Not listed: FIRO (no
// Bitget market as far as we know [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "BTC", Network: "BTC"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "ETH", Network: "ERC20"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "ETH", Network: "ArbitrumOne"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "ETH", Network: "BASE"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "ETH", Network: "Optimism"},
	{Ticker: "xmr", Network: "xmr"}:       {Ticker: "XMR", Network: "XMR"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "LTC", Network: "LTC"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "BCH", Network: "BCH"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "DOGE", Network: "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "XRP", Network: "XRP"},
	{Ticker: "ton", Network: "ton"}:       {Ticker: "TON", Network: "TON"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "SOL", Network: "SOL"},
	{Ticker: "trx", Network: "trx"}:       {Ticker: "TRX", Network: "TRC20"},
	{Ticker: "bnb", Network: "bsc"}:       {Ticker: "BNB", Network: "BEP20"},
	{Ticker: "zec", Network: "zec"}:       {Ticker: "ZEC", Network: "ZEC"},
	{Ticker: "dash", Network: "dash"}:     {Ticker: "DASH", Network: "DASH"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ADA", Network: "ADA"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "DOT", Network: "DOT"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "C-Chain"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "Polygon"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XLM", Network: "XLM"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "ERC20"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "USDT", Network: "TRC20"},
	{Ticker: "usdt", Network: "bsc"}:      {Ticker: "USDT", Network: "BEP20"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "USDT", Network: "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "USDT", Network: "Polygon"},
	{Ticker: "usdt", Network: "ton"}:      {Ticker: "USDT", Network: "TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {Ticker: "USDT", Network: "ArbitrumOne"},
	{Ticker: "usdt", Network: "avaxc"}:    {Ticker: "USDT", Network: "C-Chain"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "ERC20"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {Ticker: "USDC", Network: "BEP20"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "Polygon"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "BASE"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "ArbitrumOne"},
	{Ticker: "dai", Network: "eth"}:       {Ticker: "DAI", Network: "ERC20"},
}

const withdrawFeeSource = "[MEM] bitget.com/fee (withdrawal fees), approximate 2025 values, for chains the live list " +
	"(/api/v2/spot/public/coins chains[].withdrawFee, a string [DOC], read with the market list) does not cover"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0012"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.0001"),
	{Ticker: "xmr", Network: "xmr"}:       swapscout.MustAmount("0.001"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("4"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.1"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.05"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.002"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "bnb", Network: "bsc"}:       swapscout.MustAmount("0.0002"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.002"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.002"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("1"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.1"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.01"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("2"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("1.5"),
	{Ticker: "usdt", Network: "bsc"}:      swapscout.MustAmount("0.1"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "ton"}:      swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "arbitrum"}: swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "avaxc"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("2"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "bsc"}:      swapscout.MustAmount("0.1"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.3"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.3"),
	{Ticker: "dai", Network: "eth"}:       swapscout.MustAmount("2"),
}
