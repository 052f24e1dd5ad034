package okx

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to OKX's currencies (baseCcy, quoteCcy) and
// the chains of its deposit and withdrawal list (/api/v5/asset/currencies
// chain, "USDT-TRC20" style; [MEM]). Not listed: XMR, ZEC and DASH (OKX
// delisted them in January 2024 [MEM]), FIRO and DAI (no OKX spot market
// [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "BTC", Network: "BTC-Bitcoin"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "ETH", Network: "ETH-ERC20"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "ETH", Network: "ETH-Arbitrum One"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "ETH", Network: "ETH-Base"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "ETH", Network: "ETH-Optimism"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "LTC", Network: "LTC-Litecoin"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "BCH", Network: "BCH-BitcoinCash"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "DOGE", Network: "DOGE-Dogecoin"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "XRP", Network: "XRP-Ripple"},
	{Ticker: "ton", Network: "ton"}:       {Ticker: "TON", Network: "TON-TON"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "SOL", Network: "SOL-Solana"},
	{Ticker: "trx", Network: "trx"}:       {Ticker: "TRX", Network: "TRX-TRC20"},
	{Ticker: "bnb", Network: "bsc"}:       {Ticker: "BNB", Network: "BNB-BSC"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ADA", Network: "ADA-Cardano"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "DOT", Network: "DOT-Polkadot"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "AVAX-Avalanche C-Chain"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "POL-Polygon"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XLM", Network: "XLM-Stellar Lumens"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "USDT-ERC20"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "USDT", Network: "USDT-TRC20"},
	{Ticker: "usdt", Network: "bsc"}:      {Ticker: "USDT", Network: "USDT-BSC"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "USDT", Network: "USDT-Solana"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "USDT", Network: "USDT-Polygon"},
	{Ticker: "usdt", Network: "ton"}:      {Ticker: "USDT", Network: "USDT-TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {Ticker: "USDT", Network: "USDT-Arbitrum One"},
	{Ticker: "usdt", Network: "avaxc"}:    {Ticker: "USDT", Network: "USDT-Avalanche C-Chain"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "USDC-ERC20"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "USDC-Solana"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "USDC-Polygon"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "USDC-Base"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "USDC-Arbitrum One"},
}

const withdrawFeeSource = "[MEM] okx.com/fees (withdrawal fees), approximate 2025 values; the live minFee per chain " +
	"is only in the signed /api/v5/asset/currencies"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0008"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.00004"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.00004"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("4"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.2"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.05"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.008"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "bnb", Network: "bsc"}:       swapscout.MustAmount("0.0005"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("0.8"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.1"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.1"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.01"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("2"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("1.5"),
	{Ticker: "usdt", Network: "bsc"}:      swapscout.MustAmount("0.2"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("0.8"),
	{Ticker: "usdt", Network: "ton"}:      swapscout.MustAmount("0.3"),
	{Ticker: "usdt", Network: "arbitrum"}: swapscout.MustAmount("0.1"),
	{Ticker: "usdt", Network: "avaxc"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("2"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("0.8"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.1"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.1"),
}
