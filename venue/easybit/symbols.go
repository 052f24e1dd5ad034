package easybit

import "github.com/swapscout/swapscout/venue"

// code is EasyBit's name for an asset: an uppercase currency and network
// (send/sendNetwork, receive/receiveNetwork). Network codes are Edge's
// (easybit.ts MAINNET_CODE_TRANSCRIPTION and research Appendix A; [CODE]);
// currency codes are the coins' tickers. Edge maps no network for Firo, so
// firo is left out.
type code struct{ Currency, Network string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"BTC", "BTC"},
	{Ticker: "eth", Network: "eth"}:       {"ETH", "ETH"},
	{Ticker: "eth", Network: "arbitrum"}:  {"ETH", "ARBITRUM"},
	{Ticker: "eth", Network: "base"}:      {"ETH", "BASE"},
	{Ticker: "eth", Network: "op"}:        {"ETH", "OPTIMISM"},
	{Ticker: "xmr", Network: "xmr"}:       {"XMR", "XMR"},
	{Ticker: "ltc", Network: "ltc"}:       {"LTC", "LTC"},
	{Ticker: "bch", Network: "bch"}:       {"BCH", "BCH"},
	{Ticker: "doge", Network: "doge"}:     {"DOGE", "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:       {"XRP", "XRP"},
	{Ticker: "ton", Network: "ton"}:       {"TON", "TON"},
	{Ticker: "sol", Network: "sol"}:       {"SOL", "SOL"},
	{Ticker: "trx", Network: "trx"}:       {"TRX", "TRX"},
	{Ticker: "bnb", Network: "bsc"}:       {"BNB", "BSC"},
	{Ticker: "zec", Network: "zec"}:       {"ZEC", "ZEC"},
	{Ticker: "dash", Network: "dash"}:     {"DASH", "DASH"},
	{Ticker: "ada", Network: "ada"}:       {"ADA", "ADA"},
	{Ticker: "dot", Network: "dot"}:       {"DOT", "DOT"},
	{Ticker: "avax", Network: "avaxc"}:    {"AVAX", "AVAXC"},
	{Ticker: "pol", Network: "matic"}:     {"POL", "POLYGON"},
	{Ticker: "xlm", Network: "xlm"}:       {"XLM", "XLM"},
	{Ticker: "usdt", Network: "eth"}:      {"USDT", "ETH"},
	{Ticker: "usdt", Network: "trx"}:      {"USDT", "TRX"},
	{Ticker: "usdt", Network: "bsc"}:      {"USDT", "BSC"},
	{Ticker: "usdt", Network: "sol"}:      {"USDT", "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {"USDT", "POLYGON"},
	{Ticker: "usdt", Network: "ton"}:      {"USDT", "TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {"USDT", "ARBITRUM"},
	{Ticker: "usdt", Network: "avaxc"}:    {"USDT", "AVAXC"},
	{Ticker: "usdc", Network: "eth"}:      {"USDC", "ETH"},
	{Ticker: "usdc", Network: "sol"}:      {"USDC", "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {"USDC", "BSC"},
	{Ticker: "usdc", Network: "matic"}:    {"USDC", "POLYGON"},
	{Ticker: "usdc", Network: "base"}:     {"USDC", "BASE"},
	{Ticker: "usdc", Network: "arbitrum"}: {"USDC", "ARBITRUM"},
	{Ticker: "dai", Network: "eth"}:       {"DAI", "ETH"},
}
