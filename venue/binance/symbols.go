package binance

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Binance's spot tickers and the network
// codes of its deposit and withdrawal list (/sapi/v1/capital/config/getall
// networkList[].network: ETH, BSC, TRX, BTC are [REC] in research B1; the
// others [MEM]). Not listed: XMR (delisted February 2024 [MEM]: Binance has
// no XMR market), FIRO and DAI (no active spot market [MEM]), USDC on TRON
// and TON (not offered [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "BTC", Network: "BTC"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "ETH", Network: "ETH"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "ETH", Network: "ARBITRUM"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "ETH", Network: "BASE"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "ETH", Network: "OPTIMISM"},
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
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "AVAXC"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "MATIC"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XLM", Network: "XLM"},
	{Ticker: "near", Network: "near"}:     {Ticker: "NEAR", Network: "NEAR"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "ETH"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "USDT", Network: "TRX"},
	{Ticker: "usdt", Network: "bsc"}:      {Ticker: "USDT", Network: "BSC"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "USDT", Network: "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "USDT", Network: "MATIC"},
	{Ticker: "usdt", Network: "ton"}:      {Ticker: "USDT", Network: "TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {Ticker: "USDT", Network: "ARBITRUM"},
	{Ticker: "usdt", Network: "avaxc"}:    {Ticker: "USDT", Network: "AVAXC"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "ETH"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {Ticker: "USDC", Network: "BSC"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "MATIC"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "BASE"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "ARBITRUM"},
}

const withdrawFeeSource = "[MEM] binance.com/en/fee/cryptoFee, approximate 2025 values; Binance moves them with " +
	"network fees and publishes the live ones only through the signed /sapi/v1/capital/config/getall (withdrawFee)"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.00003"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0008"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.00004"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.00004"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0002"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("4"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.2"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.05"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.001"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "bnb", Network: "bsc"}:       swapscout.MustAmount("0.00005"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.005"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.002"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("0.8"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.08"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.008"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.1"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.02"),
	{Ticker: "near", Network: "near"}:     swapscout.MustAmount("0.05"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "bsc"}:      swapscout.MustAmount("0.01"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "ton"}:      swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "arbitrum"}: swapscout.MustAmount("0.1"),
	{Ticker: "usdt", Network: "avaxc"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("3"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "bsc"}:      swapscout.MustAmount("0.01"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.2"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.1"),
}
