// Package maya is the adapter for Maya Protocol, a non-custodial liquidity
// network forked from THORChain: quotes, swaps and their status through a
// Mayanode's API, which has THORNode's shape under /mayachain
// (venue/thornode). A swap is a deposit to the inbound address carrying a
// memo, followed by its deposit's transaction id.
package maya

import (
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/thornode"
)

// Network is Maya's node API: /mayachain and its asset names.
var Network = thornode.Network{ID: "maya", Name: "Maya", Path: "/mayachain", Symbols: symbols}

// Descriptor registers Maya. Maya's public node answers without a key;
// SWAPSCOUT_MAYA_AFFILIATE_ID names us in quotes (at 0 basis points).
var Descriptor = Network.Descriptor()

// symbols maps our assets to Maya's CHAIN.SYMBOL names (Arbitrum is ARB),
// and through the catalogue every token Maya pools on these chains
// (thornode.WithListings). Kujira is a Cosmos chain: a deposit is a bank
// send to the inbound address with the memo, and its addresses have rules
// (kujira1…). Maya's own CACAO, THOR.RUNE and XRD are on chains this table
// does not swap yet and are left out.
var symbols = thornode.WithListings("maya", venue.Symbols[string]{
	{Ticker: "btc", Network: "btc"}:       "BTC.BTC",
	{Ticker: "eth", Network: "eth"}:       "ETH.ETH",
	{Ticker: "dash", Network: "dash"}:     "DASH.DASH",
	{Ticker: "zec", Network: "zec"}:       "ZEC.ZEC",
	{Ticker: "eth", Network: "arbitrum"}:  "ARB.ETH",
	{Ticker: "usdt", Network: "eth"}:      "ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7",
	{Ticker: "usdc", Network: "eth"}:      "ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48",
	{Ticker: "usdt", Network: "arbitrum"}: "ARB.USDT-0XFD086BC7CD5C481DCC9C85EBE478A1C0B69FCBB9",
	{Ticker: "usdc", Network: "arbitrum"}: "ARB.USDC-0XAF88D065E77C8CC2239327C5EDB3A432268E5831",
	{Ticker: "kuji", Network: "kuji"}:     "KUJI.KUJI",
})
