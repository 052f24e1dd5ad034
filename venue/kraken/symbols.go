package kraken

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Kraken's asset names as AssetPairs gives
// them in base and quote (legacy X-prefixed names for the old coins: XXBT,
// XETH, XXMR, XLTC, XXRP, XXLM, XXDG, XZEC; research B2 [DOC] for XXBT and
// XETH, the rest [MEM]) and the funding method Kraken deposits and withdraws
// on ([MEM]). Not listed: BNB and FIRO (no Kraken market [MEM]); USDT and USDC
// on BNB Smart Chain, and USDT on TON, Arbitrum and Avalanche (no Kraken
// funding method [MEM]). Kraken does not serve XMR in the EEA [MEM].
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:       {Ticker: "XXBT", Network: "Bitcoin"},
	{Ticker: "eth", Network: "eth"}:       {Ticker: "XETH", Network: "Ether"},
	{Ticker: "eth", Network: "arbitrum"}:  {Ticker: "XETH", Network: "Arbitrum One"},
	{Ticker: "eth", Network: "base"}:      {Ticker: "XETH", Network: "Base"},
	{Ticker: "eth", Network: "op"}:        {Ticker: "XETH", Network: "Optimism"},
	{Ticker: "xmr", Network: "xmr"}:       {Ticker: "XXMR", Network: "Monero"},
	{Ticker: "ltc", Network: "ltc"}:       {Ticker: "XLTC", Network: "Litecoin"},
	{Ticker: "bch", Network: "bch"}:       {Ticker: "BCH", Network: "Bitcoin Cash"},
	{Ticker: "doge", Network: "doge"}:     {Ticker: "XXDG", Network: "Dogecoin"},
	{Ticker: "xrp", Network: "xrp"}:       {Ticker: "XXRP", Network: "Ripple XRP"},
	{Ticker: "ton", Network: "ton"}:       {Ticker: "TON", Network: "TON"},
	{Ticker: "sol", Network: "sol"}:       {Ticker: "SOL", Network: "Solana"},
	{Ticker: "trx", Network: "trx"}:       {Ticker: "TRX", Network: "Tron"},
	{Ticker: "zec", Network: "zec"}:       {Ticker: "XZEC", Network: "Zcash (Transparent)"},
	{Ticker: "dash", Network: "dash"}:     {Ticker: "DASH", Network: "Dash"},
	{Ticker: "ada", Network: "ada"}:       {Ticker: "ADA", Network: "ADA"},
	{Ticker: "dot", Network: "dot"}:       {Ticker: "DOT", Network: "Polkadot"},
	{Ticker: "avax", Network: "avaxc"}:    {Ticker: "AVAX", Network: "Avalanche C-Chain"},
	{Ticker: "pol", Network: "matic"}:     {Ticker: "POL", Network: "Polygon"},
	{Ticker: "xlm", Network: "xlm"}:       {Ticker: "XXLM", Network: "Stellar XLM"},
	{Ticker: "usdt", Network: "eth"}:      {Ticker: "USDT", Network: "Tether USD (ERC20)"},
	{Ticker: "usdt", Network: "trx"}:      {Ticker: "USDT", Network: "Tether USD (TRC20)"},
	{Ticker: "usdt", Network: "sol"}:      {Ticker: "USDT", Network: "Tether USD (SPL)"},
	{Ticker: "usdt", Network: "matic"}:    {Ticker: "USDT", Network: "Tether USD (Polygon)"},
	{Ticker: "usdc", Network: "eth"}:      {Ticker: "USDC", Network: "USDC (ERC20)"},
	{Ticker: "usdc", Network: "sol"}:      {Ticker: "USDC", Network: "USDC (SPL)"},
	{Ticker: "usdc", Network: "matic"}:    {Ticker: "USDC", Network: "USDC (Polygon)"},
	{Ticker: "usdc", Network: "base"}:     {Ticker: "USDC", Network: "USDC (Base)"},
	{Ticker: "usdc", Network: "arbitrum"}: {Ticker: "USDC", Network: "USDC (Arbitrum One)"},
	{Ticker: "dai", Network: "eth"}:       {Ticker: "DAI", Network: "DAI"},
}

const withdrawFeeSource = "[MEM] kraken.com/features/fee-schedule (Deposit & withdrawal fees), approximate 2025 values; " +
	"the live fee is only in the private WithdrawInfo call"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:       swapscout.MustAmount("0.0002"),
	{Ticker: "eth", Network: "eth"}:       swapscout.MustAmount("0.0015"),
	{Ticker: "eth", Network: "arbitrum"}:  swapscout.MustAmount("0.0002"),
	{Ticker: "eth", Network: "base"}:      swapscout.MustAmount("0.0001"),
	{Ticker: "eth", Network: "op"}:        swapscout.MustAmount("0.0001"),
	{Ticker: "xmr", Network: "xmr"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "ltc", Network: "ltc"}:       swapscout.MustAmount("0.001"),
	{Ticker: "bch", Network: "bch"}:       swapscout.MustAmount("0.0001"),
	{Ticker: "doge", Network: "doge"}:     swapscout.MustAmount("4"),
	{Ticker: "xrp", Network: "xrp"}:       swapscout.MustAmount("0.02"),
	{Ticker: "ton", Network: "ton"}:       swapscout.MustAmount("0.1"),
	{Ticker: "sol", Network: "sol"}:       swapscout.MustAmount("0.001"),
	{Ticker: "trx", Network: "trx"}:       swapscout.MustAmount("1"),
	{Ticker: "zec", Network: "zec"}:       swapscout.MustAmount("0.00015"),
	{Ticker: "dash", Network: "dash"}:     swapscout.MustAmount("0.005"),
	{Ticker: "ada", Network: "ada"}:       swapscout.MustAmount("1"),
	{Ticker: "dot", Network: "dot"}:       swapscout.MustAmount("0.05"),
	{Ticker: "avax", Network: "avaxc"}:    swapscout.MustAmount("0.01"),
	{Ticker: "pol", Network: "matic"}:     swapscout.MustAmount("0.1"),
	{Ticker: "xlm", Network: "xlm"}:       swapscout.MustAmount("0.00002"),
	{Ticker: "usdt", Network: "eth"}:      swapscout.MustAmount("5"),
	{Ticker: "usdt", Network: "trx"}:      swapscout.MustAmount("2.5"),
	{Ticker: "usdt", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdt", Network: "matic"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "eth"}:      swapscout.MustAmount("5"),
	{Ticker: "usdc", Network: "sol"}:      swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "matic"}:    swapscout.MustAmount("1"),
	{Ticker: "usdc", Network: "base"}:     swapscout.MustAmount("0.5"),
	{Ticker: "usdc", Network: "arbitrum"}: swapscout.MustAmount("0.5"),
	{Ticker: "dai", Network: "eth"}:       swapscout.MustAmount("5"),
}
