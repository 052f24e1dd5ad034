package htx

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to HTX's coins (bc and qc of the v2 symbol
// list: lower case, [DOC]) and the chain names of its deposit and withdrawal
// list (/v2/reference/currencies chains[].chain; all [MEM]: HTX folds the
// token into the chain name, e.g. trc20usdt). HTX still lists XMR [MEM]. Not
// listed: FIRO and DAI (no active HTX market [MEM]); ETH and USDC on Base and
// Optimism, USDT on Avalanche, USDC on BNB Smart Chain, TRON and TON (not
// offered [MEM]). The market list decides the rest: an asset without a
// market is unsupported_pair without a book call.
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "btc", Network: "btc"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "eth", Network: "eth"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "eth", Network: "arb1eth"},
	{Ticker: "xmr", Network: "xmr"}:       {Ticker: "xmr", Network: "xmr1"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "ltc", Network: "ltc"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "bch", Network: "bch"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "doge", Network: "doge"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "xrp", Network: "xrp"},
	{Ticker: "ton", Network: "ton"}:       {Ticker: "ton", Network: "ton"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "sol", Network: "sol"},
	{Ticker: "trx", Network: "trx"}:       {Ticker: "trx", Network: "trx"},
	{Ticker: "bnb", Network: "bsc"}:       {Ticker: "bnb", Network: "bep20bnb"},
	{Ticker: "zec", Network: "zec"}:       {Ticker: "zec", Network: "zec"},
	{Ticker: "dash", Network: "dash"}:     {Ticker: "dash", Network: "dash"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ada", Network: "ada"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "dot", Network: "dot2"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "avax", Network: "avaxcchain"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "pol", Network: "pol"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "xlm", Network: "xlm"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "usdt", Network: "usdterc20"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "usdt", Network: "trc20usdt"},
	{Ticker: "usdt", Network: "bsc"}:      {Ticker: "usdt", Network: "bep20usdt"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "usdt", Network: "solusdt"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "usdt", Network: "polyusdt"},
	{Ticker: "usdt", Network: "ton"}:      {Ticker: "usdt", Network: "tonusdt"},
	{Ticker: "usdt", Network: "arbitrum"}: {Ticker: "usdt", Network: "arb1usdt"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "usdc", Network: "usdcerc20"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "usdc", Network: "solusdc"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "usdc", Network: "polyusdc"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "usdc", Network: "arb1usdc"},
}

const withdrawFeeSource = "[MEM] htx.com/support fee page (withdrawal fees), approximate 2025 values; the live fee " +
	"per chain is /v2/reference/currencies chains[].transactFeeWithdraw, not read on the quote path"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0004"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0015"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0002"),
	{Ticker: "xmr", Network: "xmr"}:       swapscout.MustAmount("0.001"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("5"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.2"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.1"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.008"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "bnb", Network: "bsc"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.003"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.002"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("1"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.1"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.01"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "bsc"}:      swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "ton"}:      swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "arbitrum"}: swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.5"),
}
