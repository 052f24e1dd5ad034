package stealthex

import (
	"github.com/swapscout/swapscout/venue"
)

// code is StealthEX's name for an asset: a lowercase symbol on a network
// ({"symbol":"usdt","network":"eth"}).
//
// A chain's native coin sits on the network "mainnet" ([REC]: btc, xmr and
// eth in Cake's recordings), except where StealthEX lists it under the
// chain's own network: BNB on "bsc", AVAX on "avax-c", and ETH on each L2
// ("arbitrum", "base", "optimism"). Tokens use the token network of their
// chain: "eth" ([REC] usdt), "trx", "bsc", "sol", "matic", "ton", "arbitrum",
// "base", "avax-c". All from Edge's src/mappings/stealthex.ts ([CODE]).
type code struct {
	Symbol  string `json:"symbol"`
	Network string `json:"network"`
}

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"btc", "mainnet"},
	{Ticker: "eth", Network: "eth"}:       {"eth", "mainnet"},
	{Ticker: "eth", Network: "arbitrum"}:  {"eth", "arbitrum"},
	{Ticker: "eth", Network: "base"}:      {"eth", "base"},
	{Ticker: "eth", Network: "op"}:        {"eth", "optimism"},
	{Ticker: "xmr", Network: "xmr"}:       {"xmr", "mainnet"},
	{Ticker: "ltc", Network: "ltc"}:       {"ltc", "mainnet"},
	{Ticker: "bch", Network: "bch"}:       {"bch", "mainnet"},
	{Ticker: "doge", Network: "doge"}:     {"doge", "mainnet"},
	{Ticker: "xrp", Network: "xrp"}:       {"xrp", "mainnet"},
	{Ticker: "ton", Network: "ton"}:       {"ton", "mainnet"},
	{Ticker: "sol", Network: "sol"}:       {"sol", "mainnet"},
	{Ticker: "trx", Network: "trx"}:       {"trx", "mainnet"},
	{Ticker: "bnb", Network: "bsc"}:       {"bnb", "bsc"},
	{Ticker: "zec", Network: "zec"}:       {"zec", "mainnet"},
	{Ticker: "dash", Network: "dash"}:     {"dash", "mainnet"},
	{Ticker: "ada", Network: "ada"}:       {"ada", "mainnet"},
	{Ticker: "dot", Network: "dot"}:       {"dot", "mainnet"},
	{Ticker: "avax", Network: "avaxc"}:    {"avax", "avax-c"},
	{Ticker: "pol", Network: "matic"}:     {"pol", "mainnet"},
	{Ticker: "xlm", Network: "xlm"}:       {"xlm", "mainnet"},
	{Ticker: "firo", Network: "firo"}:     {"firo", "mainnet"},
	{Ticker: "usdt", Network: "eth"}:      {"usdt", "eth"},
	{Ticker: "usdt", Network: "trx"}:      {"usdt", "trx"},
	{Ticker: "usdt", Network: "bsc"}:      {"usdt", "bsc"},
	{Ticker: "usdt", Network: "sol"}:      {"usdt", "sol"},
	{Ticker: "usdt", Network: "matic"}:    {"usdt", "matic"},
	{Ticker: "usdt", Network: "ton"}:      {"usdt", "ton"},
	{Ticker: "usdt", Network: "arbitrum"}: {"usdt", "arbitrum"},
	{Ticker: "usdt", Network: "avaxc"}:    {"usdt", "avax-c"},
	{Ticker: "usdc", Network: "eth"}:      {"usdc", "eth"},
	{Ticker: "usdc", Network: "sol"}:      {"usdc", "sol"},
	{Ticker: "usdc", Network: "bsc"}:      {"usdc", "bsc"},
	{Ticker: "usdc", Network: "matic"}:    {"usdc", "matic"},
	{Ticker: "usdc", Network: "base"}:     {"usdc", "base"},
	{Ticker: "usdc", Network: "arbitrum"}: {"usdc", "arbitrum"},
	{Ticker: "dai", Network: "eth"}:       {"dai", "eth"},
}
