package sideshift

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// code is SideShift's name for an asset: a coin ticker and the id of its
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
type code struct{ Coin, Network string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"BTC", "bitcoin"},
	{Ticker: "eth", Network: "eth"}:       {"ETH", "ethereum"},
	{Ticker: "eth", Network: "arbitrum"}:  {"ETH", "arbitrum"},
	{Ticker: "eth", Network: "base"}:      {"ETH", "base"},
	{Ticker: "eth", Network: "op"}:        {"ETH", "optimism"},
	{Ticker: "xmr", Network: "xmr"}:       {"XMR", "monero"},
	{Ticker: "ltc", Network: "ltc"}:       {"LTC", "litecoin"},
	{Ticker: "bch", Network: "bch"}:       {"BCH", "bitcoincash"},
	{Ticker: "doge", Network: "doge"}:     {"DOGE", "doge"},
	{Ticker: "xrp", Network: "xrp"}:       {"XRP", "ripple"},
	{Ticker: "ton", Network: "ton"}:       {"TON", "ton"},
	{Ticker: "sol", Network: "sol"}:       {"SOL", "solana"},
	{Ticker: "trx", Network: "trx"}:       {"TRX", "tron"},
	{Ticker: "bnb", Network: "bsc"}:       {"BNB", "bsc"},
	{Ticker: "zec", Network: "zec"}:       {"ZEC", "shielded"},
	{Ticker: "dash", Network: "dash"}:     {"DASH", "dash"},
	{Ticker: "ada", Network: "ada"}:       {"ADA", "cardano"},
	{Ticker: "dot", Network: "dot"}:       {"DOT", "polkadot"},
	{Ticker: "avax", Network: "avaxc"}:    {"AVAX", "avax"},
	{Ticker: "pol", Network: "matic"}:     {"POL", "polygon"},
	{Ticker: "xlm", Network: "xlm"}:       {"XLM", "stellar"},
	{Ticker: "near", Network: "near"}:     {"NEAR", "near"},
	{Ticker: "usdt", Network: "eth"}:      {"USDT", "ethereum"},
	{Ticker: "usdt", Network: "trx"}:      {"USDT", "tron"},
	{Ticker: "usdt", Network: "bsc"}:      {"USDT", "bsc"},
	{Ticker: "usdt", Network: "sol"}:      {"USDT", "solana"},
	{Ticker: "usdt", Network: "matic"}:    {"USDT", "polygon"},
	{Ticker: "usdt", Network: "ton"}:      {"USDT", "ton"},
	{Ticker: "usdt", Network: "arbitrum"}: {"USDT", "arbitrum"},
	{Ticker: "usdt", Network: "avaxc"}:    {"USDT", "avax"},
	{Ticker: "usdc", Network: "eth"}:      {"USDC", "ethereum"},
	{Ticker: "usdc", Network: "sol"}:      {"USDC", "solana"},
	{Ticker: "usdc", Network: "bsc"}:      {"USDC", "bsc"},
	{Ticker: "usdc", Network: "matic"}:    {"USDC", "polygon"},
	{Ticker: "usdc", Network: "base"}:     {"USDC", "base"},
	{Ticker: "usdc", Network: "arbitrum"}: {"USDC", "arbitrum"},
	{Ticker: "dai", Network: "eth"}:       {"DAI", "ethereum"},
}

// path is the pair path segment of c, e.g. "btc-bitcoin".
func (c code) path() string { return lower(c.Coin) + "-" + c.Network }

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// The rest of SideShift's coins come from its own list through the
// catalogue: each asset the catalogue says SideShift lists carries
// SideShift's code ("COIN/network", as GET /v2/coins writes coin and
// network). The hand entries above stay: they predate the catalogue and
// name the networks the coin list records for them.
func init() {
	for _, e := range swapscout.Catalogue() {
		if _, ok := symbols[e.Asset]; ok {
			continue
		}
		for _, l := range e.Listings {
			if l.Venue != "sideshift" {
				continue
			}
			coin, network, ok := strings.Cut(l.Code, "/")
			if ok && coin != "" && network != "" {
				symbols[e.Asset] = code{coin, network}
			}
		}
	}
}
