package changehero

import "github.com/swapscout/swapscout/venue"

// code is ChangeHero's name for an asset: a lowercase ticker (from/to) and a
// blockchain (chainFrom/chainTo). Chains are Edge's (changehero.ts
// MAINNET_CODE_TRANSCRIPTION and research A7 / Appendix A; [CODE]); tickers
// are the coins' own. Edge maps no chain for Firo, so firo is left out.
type code struct{ Ticker, Chain string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"btc", "bitcoin"},
	{Ticker: "eth", Network: "eth"}:       {"eth", "ethereum"},
	{Ticker: "eth", Network: "arbitrum"}:  {"eth", "arbitrum"},
	{Ticker: "eth", Network: "base"}:      {"eth", "base"},
	{Ticker: "eth", Network: "op"}:        {"eth", "optimism"},
	{Ticker: "xmr", Network: "xmr"}:       {"xmr", "monero"},
	{Ticker: "ltc", Network: "ltc"}:       {"ltc", "litecoin"},
	{Ticker: "bch", Network: "bch"}:       {"bch", "bitcoin_cash"},
	{Ticker: "doge", Network: "doge"}:     {"doge", "doge"},
	{Ticker: "xrp", Network: "xrp"}:       {"xrp", "ripple"},
	{Ticker: "ton", Network: "ton"}:       {"ton", "ton"},
	{Ticker: "sol", Network: "sol"}:       {"sol", "solana"},
	{Ticker: "trx", Network: "trx"}:       {"trx", "tron"},
	{Ticker: "bnb", Network: "bsc"}:       {"bnb", "binance_smart_chain"},
	{Ticker: "zec", Network: "zec"}:       {"zec", "zcash"},
	{Ticker: "dash", Network: "dash"}:     {"dash", "dash"},
	{Ticker: "ada", Network: "ada"}:       {"ada", "cardano"},
	{Ticker: "dot", Network: "dot"}:       {"dot", "polkadot"},
	{Ticker: "avax", Network: "avaxc"}:    {"avax", "avalanche_(c-chain)"},
	{Ticker: "pol", Network: "matic"}:     {"pol", "polygon"},
	{Ticker: "xlm", Network: "xlm"}:       {"xlm", "stellar"},
	{Ticker: "usdt", Network: "eth"}:      {"usdt", "ethereum"},
	{Ticker: "usdt", Network: "trx"}:      {"usdt", "tron"},
	{Ticker: "usdt", Network: "bsc"}:      {"usdt", "binance_smart_chain"},
	{Ticker: "usdt", Network: "sol"}:      {"usdt", "solana"},
	{Ticker: "usdt", Network: "matic"}:    {"usdt", "polygon"},
	{Ticker: "usdt", Network: "ton"}:      {"usdt", "ton"},
	{Ticker: "usdt", Network: "arbitrum"}: {"usdt", "arbitrum"},
	{Ticker: "usdt", Network: "avaxc"}:    {"usdt", "avalanche_(c-chain)"},
	{Ticker: "usdc", Network: "eth"}:      {"usdc", "ethereum"},
	{Ticker: "usdc", Network: "sol"}:      {"usdc", "solana"},
	{Ticker: "usdc", Network: "bsc"}:      {"usdc", "binance_smart_chain"},
	{Ticker: "usdc", Network: "matic"}:    {"usdc", "polygon"},
	{Ticker: "usdc", Network: "base"}:     {"usdc", "base"},
	{Ticker: "usdc", Network: "arbitrum"}: {"usdc", "arbitrum"},
	{Ticker: "dai", Network: "eth"}:       {"dai", "ethereum"},
}
