package bitstamp

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Bitstamp's currency codes as its pair
// names give them (BTC/USD [REC]) and the network it deposits and withdraws
// the asset on ([MEM]). Polygon is POL since the September 2024 migration
// ([MEM]; the 2019 recording still says MATIC). Not listed: XMR, ZEC, DASH,
// TRX, TON, BNB and FIRO (no Bitstamp market [MEM]); ETH and stablecoins
// off Ethereum (no such Bitstamp network [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:    {Ticker: "BTC", Network: "Bitcoin"},
	{Ticker: "eth", Network: "eth"}:    {Ticker: "ETH", Network: "Ethereum"},
	{Ticker: "ltc", Network: "ltc"}:    {Ticker: "LTC", Network: "Litecoin"},
	{Ticker: "bch", Network: "bch"}:    {Ticker: "BCH", Network: "Bitcoin Cash"},
	{Ticker: "doge", Network: "doge"}:  {Ticker: "DOGE", Network: "Dogecoin"},
	{Ticker: "xrp", Network: "xrp"}:    {Ticker: "XRP", Network: "XRP Ledger"},
	{Ticker: "sol", Network: "sol"}:    {Ticker: "SOL", Network: "Solana"},
	{Ticker: "ada", Network: "ada"}:    {Ticker: "ADA", Network: "Cardano"},
	{Ticker: "dot", Network: "dot"}:    {Ticker: "DOT", Network: "Polkadot"},
	{Ticker: "avax", Network: "avaxc"}: {Ticker: "AVAX", Network: "Avalanche C-Chain"},
	{Ticker: "pol", Network: "matic"}:  {Ticker: "POL", Network: "Polygon"},
	{Ticker: "xlm", Network: "xlm"}:    {Ticker: "XLM", Network: "Stellar"},
	{Ticker: "usdt", Network: "eth"}:   {Ticker: "USDT", Network: "Ethereum (ERC-20)"},
	{Ticker: "usdc", Network: "eth"}:   {Ticker: "USDC", Network: "Ethereum (ERC-20)"},
	{Ticker: "dai", Network: "eth"}:    {Ticker: "DAI", Network: "Ethereum (ERC-20)"},
}

const withdrawFeeSource = "[MEM] bitstamp.net/fee-schedule (crypto withdrawal fees), approximate 2025 values; " +
	"the live ones are only in the signed /api/v2/fees/withdrawal/"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:    swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "eth"}:    swapscout.MustAmount("0.001"),
	{Ticker: "ltc", Network: "ltc"}:    swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:    swapscout.MustAmount("0.0001"),
	{Ticker: "doge", Network: "doge"}:  swapscout.MustAmount("5"),
	{Ticker: "xrp", Network: "xrp"}:    swapscout.MustAmount("0.1"),
	{Ticker: "sol", Network: "sol"}:    swapscout.MustAmount("0.005"),
	{Ticker: "ada", Network: "ada"}:    swapscout.MustAmount("1"),
	{Ticker: "dot", Network: "dot"}:    swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}: swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:  swapscout.MustAmount("1"),
	{Ticker: "xlm", Network: "xlm"}:    swapscout.MustAmount("0.005"),
	{Ticker: "usdt", Network: "eth"}:   swapscout.MustAmount("5"),
	{Ticker: "usdc", Network: "eth"}:   swapscout.MustAmount("5"),
	{Ticker: "dai", Network: "eth"}:    swapscout.MustAmount("5"),
}
