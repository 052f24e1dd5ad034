package sideshift

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is SideShift's name for an asset: a coin ticker and the id of its
// network, written "coin-network" in the pair path (btc-bitcoin) and as
// depositCoin/depositNetwork in request bodies.
//
// Network ids are SideShift's own: "bitcoin" and "ethereum" are recorded
// (Cake's pair.json); the others are the ids Edge maps its chains to in
// src/mappings/sideshift.ts ([CODE]): arbitrum, base, optimism, monero,
// litecoin, bitcoincash, doge, ripple, ton, solana, tron, bsc, shielded
// (Zcash), dash, cardano, polkadot, avax, polygon, stellar. Coin tickers are
// the uppercase codes the recordings show; the pair path takes them in any case.
//
// USDC on Polygon and NEAR ("near") are in SideShift's own coin list
// (GET /v2/coins, testdata/coins.json); TestSymbolsCoverCoins fails when that
// list has an asset of our catalogue this table lacks. Left out: firo, which
// neither Edge's map nor the coin list has.
type Code struct{ Coin, Network string }

// Symbols are the assets SideShift swaps, by coin and network id.
var Symbols = venue.MapAssets(append(venue.Except(venue.SwapAssets, "firo@firo"), venue.AssetList("near@near")...),
	func(a swapscout.Asset) Code { return Code{strings.ToUpper(a.Ticker), networks[a.Network]} })

// networks are SideShift's ids of our networks.
var networks = map[string]string{
	"btc": "bitcoin", "eth": "ethereum", "arbitrum": "arbitrum", "base": "base", "op": "optimism", "xmr": "monero",
	"ltc": "litecoin", "bch": "bitcoincash", "doge": "doge", "xrp": "ripple", "ton": "ton", "sol": "solana", "trx": "tron",
	"bsc": "bsc", "zec": "shielded", "dash": "dash", "ada": "cardano", "dot": "polkadot", "avaxc": "avax", "matic": "polygon",
	"xlm": "stellar", "near": "near",
}

// Path is the pair path segment of c, e.g. "btc-bitcoin".
func (c Code) Path() string { return strings.ToLower(c.Coin) + "-" + c.Network }

// The rest of SideShift's coins come from its own list through the
// catalogue: each asset the catalogue says SideShift lists carries
// SideShift's code ("COIN/network", as GET /v2/coins writes coin and
// network); assets a refresh adds later are read from the live listings
// (venue.Listed). The hand entries above stay: they predate the catalogue and
// name the networks the coin list records for them.
func init() { venue.Listed(Symbols, "sideshift", parseCode) }

// parseCode reads a listing's code, "COIN/network".
func parseCode(code string) (Code, bool) {
	coin, network, ok := venue.SlashCode(code)
	return Code{coin, network}, ok
}
