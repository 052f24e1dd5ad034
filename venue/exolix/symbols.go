package exolix

import (
	"github.com/swapscout/swapscout/venue"
)

// code is Exolix's name for an asset: an uppercase coin code and the code of
// the network it travels on (query parameters coinFrom/networkFrom).
//
// Network codes are Exolix's own, as listed by GET /api/v2/currencies/networks
// and mapped in Edge's src/mappings/exolix.ts ([CODE], research A3 and
// Appendix A): BTC, ETH, TRX, BSC, MATIC, SOL, XMR, ARBITRUM, BASE, AVAXC,
// OPTIMISM, TON, LTC, XRP, DOGE, BCH, DASH, ADA, XLM. Coin codes are the
// tickers Edge and Cake send (native Polygon is POL, as Edge names it).
//
// Left out on purpose: dot@dot and firo@firo (Edge maps Polkadot and Firo to
// null and Exolix's network list has neither), usdc@matic (Edge blocks USDC
// and USDC.e on Polygon for Exolix). zec@zec is kept: Cake swaps ZEC through
// Exolix as coin ZEC on network ZEC, although Edge's scrape of the network
// list lacked it; if Exolix refuses, the answer is unsupported_pair.
type code struct{ Coin, Network string }

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
	{Ticker: "avax", Network: "avaxc"}:    {"AVAX", "AVAXC"},
	{Ticker: "pol", Network: "matic"}:     {"POL", "MATIC"},
	{Ticker: "xlm", Network: "xlm"}:       {"XLM", "XLM"},
	{Ticker: "usdt", Network: "eth"}:      {"USDT", "ETH"},
	{Ticker: "usdt", Network: "trx"}:      {"USDT", "TRX"},
	{Ticker: "usdt", Network: "bsc"}:      {"USDT", "BSC"},
	{Ticker: "usdt", Network: "sol"}:      {"USDT", "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {"USDT", "MATIC"},
	{Ticker: "usdt", Network: "ton"}:      {"USDT", "TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {"USDT", "ARBITRUM"},
	{Ticker: "usdt", Network: "avaxc"}:    {"USDT", "AVAXC"},
	{Ticker: "usdc", Network: "eth"}:      {"USDC", "ETH"},
	{Ticker: "usdc", Network: "sol"}:      {"USDC", "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {"USDC", "BSC"},
	{Ticker: "usdc", Network: "base"}:     {"USDC", "BASE"},
	{Ticker: "usdc", Network: "arbitrum"}: {"USDC", "ARBITRUM"},
	{Ticker: "dai", Network: "eth"}:       {"DAI", "ETH"},
}
