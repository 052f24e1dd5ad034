package simpleswap

import (
	"github.com/swapscout/swapscout/venue"
)

// code is SimpleSwap v3's name for an asset: a lowercase ticker plus a
// network. Networks come from Edge's mapping (src/mappings/simpleswap.ts,
// [CODE]); native tickers that differ from the coin (bnb-bsc, avaxc) are from
// Edge's CURRENCY_CODE_TRANSCRIPTION, verified there against /v3/currencies.
// Polkadot is absent: Edge marks it unsupported at SimpleSwap.
type code struct{ Ticker, Network string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"btc", "btc"},
	{Ticker: "eth", Network: "eth"}:       {"eth", "eth"},
	{Ticker: "eth", Network: "arbitrum"}:  {"eth", "arbitrum"},
	{Ticker: "eth", Network: "base"}:      {"eth", "base"},
	{Ticker: "eth", Network: "op"}:        {"eth", "optimism"},
	{Ticker: "xmr", Network: "xmr"}:       {"xmr", "xmr"},
	{Ticker: "ltc", Network: "ltc"}:       {"ltc", "ltc"},
	{Ticker: "bch", Network: "bch"}:       {"bch", "bch"},
	{Ticker: "doge", Network: "doge"}:     {"doge", "doge"},
	{Ticker: "xrp", Network: "xrp"}:       {"xrp", "xrp"},
	{Ticker: "ton", Network: "ton"}:       {"ton", "ton"},
	{Ticker: "sol", Network: "sol"}:       {"sol", "sol"},
	{Ticker: "trx", Network: "trx"}:       {"trx", "trx"},
	{Ticker: "bnb", Network: "bsc"}:       {"bnb-bsc", "bsc"},
	{Ticker: "zec", Network: "zec"}:       {"zec", "zec"},
	{Ticker: "dash", Network: "dash"}:     {"dash", "dash"},
	{Ticker: "ada", Network: "ada"}:       {"ada", "ada"},
	{Ticker: "avax", Network: "avaxc"}:    {"avaxc", "avaxc"},
	{Ticker: "pol", Network: "matic"}:     {"pol", "matic"},
	{Ticker: "xlm", Network: "xlm"}:       {"xlm", "xlm"},
	{Ticker: "firo", Network: "firo"}:     {"firo", "firo"},
	{Ticker: "usdt", Network: "eth"}:      {"usdt", "eth"},
	{Ticker: "usdt", Network: "trx"}:      {"usdt", "trx"},
	{Ticker: "usdt", Network: "bsc"}:      {"usdt", "bsc"},
	{Ticker: "usdt", Network: "sol"}:      {"usdt", "sol"},
	{Ticker: "usdt", Network: "matic"}:    {"usdt", "matic"},
	{Ticker: "usdt", Network: "ton"}:      {"usdt", "ton"},
	{Ticker: "usdt", Network: "arbitrum"}: {"usdt", "arbitrum"},
	{Ticker: "usdt", Network: "avaxc"}:    {"usdt", "avaxc"},
	{Ticker: "usdc", Network: "eth"}:      {"usdc", "eth"},
	{Ticker: "usdc", Network: "sol"}:      {"usdc", "sol"},
	{Ticker: "usdc", Network: "bsc"}:      {"usdc", "bsc"},
	{Ticker: "usdc", Network: "matic"}:    {"usdc", "matic"},
	{Ticker: "usdc", Network: "base"}:     {"usdc", "base"},
	{Ticker: "usdc", Network: "arbitrum"}: {"usdc", "arbitrum"},
	{Ticker: "dai", Network: "eth"}:       {"dai", "eth"},
}
