// Package thorchain is the adapter for THORChain, a non-custodial liquidity
// network: quotes, swaps and their status through a THORNode's API
// (venue/thornode, shared with Maya). A swap is a deposit to the network's
// inbound address carrying a memo; the network keeps no order, and a swap is
// followed by its deposit's transaction id.
package thorchain

import (
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/thornode"
)

// Network is THORChain's node API: /thorchain and its asset names.
var Network = thornode.Network{ID: "thorchain", Name: "THORChain", Path: "/thorchain", Symbols: symbols}

// Descriptor registers THORChain. The public node of Nine Realms answers
// without a key; SWAPSCOUT_THORCHAIN_AFFILIATE_ID names us in quotes (at 0
// basis points).
var Descriptor = Network.Descriptor()

// symbols maps our assets to THORChain's CHAIN.SYMBOL names: the chain's
// own coin, and tokens as SYMBOL-CONTRACT with the contract in upper case,
// as the node writes them (recorded quotes and pools), and through the
// catalogue every other token THORChain pools on these chains
// (thornode.WithListings). The network's own coin (THOR.RUNE) and Cosmos
// Hub (GAIA.ATOM) are on chains this table does not swap yet and are left
// out.
var symbols = thornode.WithListings("thorchain", venue.Symbols[string]{
	{Ticker: "btc", Network: "btc"}:    "BTC.BTC",
	{Ticker: "eth", Network: "eth"}:    "ETH.ETH",
	{Ticker: "ltc", Network: "ltc"}:    "LTC.LTC",
	{Ticker: "bch", Network: "bch"}:    "BCH.BCH",
	{Ticker: "doge", Network: "doge"}:  "DOGE.DOGE",
	{Ticker: "bnb", Network: "bsc"}:    "BSC.BNB",
	{Ticker: "avax", Network: "avaxc"}: "AVAX.AVAX",
	{Ticker: "eth", Network: "base"}:   "BASE.ETH",
	{Ticker: "xrp", Network: "xrp"}:    "XRP.XRP",
	{Ticker: "trx", Network: "trx"}:    "TRON.TRX",
	{Ticker: "usdt", Network: "eth"}:   "ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7",
	{Ticker: "usdc", Network: "eth"}:   "ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48",
	{Ticker: "dai", Network: "eth"}:    "ETH.DAI-0X6B175474E89094C44DA98B954EEDEAC495271D0F",
	{Ticker: "usdt", Network: "bsc"}:   "BSC.USDT-0X55D398326F99059FF775485246999027B3197955",
	{Ticker: "usdc", Network: "bsc"}:   "BSC.USDC-0X8AC76A51CC950D9822D68B83FE1AD97B32CD580D",
	{Ticker: "usdt", Network: "avaxc"}: "AVAX.USDT-0X9702230A8EA53601F5CD2DC00FDBC13D4DF4A8C7",
	{Ticker: "usdc", Network: "base"}:  "BASE.USDC-0X833589FCD6EDB6E08F4C7C32D4F71B54BDA02913",
	{Ticker: "usdt", Network: "trx"}:   "TRON.USDT-TR7NHQJEKQXGTCI8Q8ZY4PL8OTSZGJLJ6T",
})
