package gate

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Gate's currencies (base and quote of
// currency_pairs, [REC]) and the chain codes of /api/v4/wallet/currency_chains
// (BTC, ETH, BSC, ARBEVM, BASEEVM are [REC] in gct's April 2026 recording;
// the others [MEM]). Gate lists XMR and FIRO [MEM]. Not listed: USDC on TRON
// and TON (not offered [MEM]). The market list decides the rest: an asset
// without a market is unsupported_pair without a book call.
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "BTC", Network: "BTC"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "ETH", Network: "ETH"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "ETH", Network: "ARBEVM"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "ETH", Network: "BASEEVM"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "ETH", Network: "OPETH"},
	{Ticker: "xmr", Network: "xmr"}:       {Ticker: "XMR", Network: "XMR"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "LTC", Network: "LTC"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "BCH", Network: "BCH"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "DOGE", Network: "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "XRP", Network: "XRP"},
	{Ticker: "ton", Network: "ton"}:       {Ticker: "TON", Network: "TON"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "SOL", Network: "SOL"},
	{Ticker: "trx", Network: "trx"}:       {Ticker: "TRX", Network: "TRX"},
	{Ticker: "bnb", Network: "bsc"}:       {Ticker: "BNB", Network: "BSC"},
	{Ticker: "zec", Network: "zec"}:       {Ticker: "ZEC", Network: "ZEC"},
	{Ticker: "dash", Network: "dash"}:     {Ticker: "DASH", Network: "DASH"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ADA", Network: "ADA"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "DOT", Network: "DOT"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "AVAX_C"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "MATIC"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XLM", Network: "XLM"},
	{Ticker: "firo", Network: "firo"}:     {Ticker: "FIRO", Network: "FIRO"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "ETH"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "USDT", Network: "TRX"},
	{Ticker: "usdt", Network: "bsc"}:      {Ticker: "USDT", Network: "BSC"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "USDT", Network: "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "USDT", Network: "MATIC"},
	{Ticker: "usdt", Network: "ton"}:      {Ticker: "USDT", Network: "TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {Ticker: "USDT", Network: "ARBEVM"},
	{Ticker: "usdt", Network: "avaxc"}:    {Ticker: "USDT", Network: "AVAX_C"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "ETH"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {Ticker: "USDC", Network: "BSC"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "MATIC"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "BASEEVM"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "ARBEVM"},
	{Ticker: "dai", Network: "eth"}:       {Ticker: "DAI", Network: "ETH"},
}

const withdrawFeeSource = "[MEM] gate.com/fee (withdrawal fees), approximate 2025 values; the live fee per chain is " +
	"only in the signed /api/v4/wallet/withdraw_status (withdraw_fix_on_chains)"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0015"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0002"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.0002"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.0002"),
	{Ticker: "xmr", Network: "xmr"}:       swapscout.MustAmount("0.0007"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("5"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.25"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.05"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.005"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "bnb", Network: "bsc"}:       swapscout.MustAmount("0.0008"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.002"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.002"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("1"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.2"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.01"),
	{Ticker: "firo", Network: "firo"}:     swapscout.MustAmount("0.02"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "bsc"}:      swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdt", Network: "ton"}:      swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "arbitrum"}: swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "avaxc"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "bsc"}:      swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.3"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.3"),
	{Ticker: "dai", Network: "eth"}:       swapscout.MustAmount("3"),
}
