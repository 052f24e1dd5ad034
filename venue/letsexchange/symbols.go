package letsexchange

import (
	"github.com/swapscout/swapscout/venue"
)

// code is LetsExchange's name for an asset: an uppercase coin code and a
// network code (body fields from/network_from, to/network_to).
//
// Network codes follow Edge's src/mappings/letsexchange.ts and its special
// cases for natives ([CODE], research A6 and Appendix A): tokens name their
// chain's standard (ERC20, TRC20, BEP20, POL, SOL, ARBITRUM, AVAXC, TON),
// while native ETH, BNB and TRX use their own code as the network (ETH, BNB,
// TRX), as LetsExchange's docs do for ETH ([DOC]). Other natives use the
// chain's code (ETH on Arbitrum is ETH/ARBITRUM, AVAX is AVAX/AVAXC).
//
// Left out: eth@base and usdc@base (Edge maps Base to null for LetsExchange).
type code struct{ Coin, Network string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"BTC", "BTC"},
	{Ticker: "eth", Network: "eth"}:       {"ETH", "ETH"},
	{Ticker: "eth", Network: "arbitrum"}:  {"ETH", "ARBITRUM"},
	{Ticker: "eth", Network: "op"}:        {"ETH", "OPTIMISM"},
	{Ticker: "xmr", Network: "xmr"}:       {"XMR", "XMR"},
	{Ticker: "ltc", Network: "ltc"}:       {"LTC", "LTC"},
	{Ticker: "bch", Network: "bch"}:       {"BCH", "BCH"},
	{Ticker: "doge", Network: "doge"}:     {"DOGE", "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:       {"XRP", "XRP"},
	{Ticker: "ton", Network: "ton"}:       {"TON", "TON"},
	{Ticker: "sol", Network: "sol"}:       {"SOL", "SOL"},
	{Ticker: "trx", Network: "trx"}:       {"TRX", "TRX"},
	{Ticker: "bnb", Network: "bsc"}:       {"BNB", "BNB"},
	{Ticker: "zec", Network: "zec"}:       {"ZEC", "ZEC"},
	{Ticker: "dash", Network: "dash"}:     {"DASH", "DASH"},
	{Ticker: "ada", Network: "ada"}:       {"ADA", "ADA"},
	{Ticker: "dot", Network: "dot"}:       {"DOT", "DOT"},
	{Ticker: "avax", Network: "avaxc"}:    {"AVAX", "AVAXC"},
	{Ticker: "pol", Network: "matic"}:     {"POL", "POL"},
	{Ticker: "xlm", Network: "xlm"}:       {"XLM", "XLM"},
	{Ticker: "firo", Network: "firo"}:     {"FIRO", "FIRO"},
	{Ticker: "usdt", Network: "eth"}:      {"USDT", "ERC20"},
	{Ticker: "usdt", Network: "trx"}:      {"USDT", "TRC20"},
	{Ticker: "usdt", Network: "bsc"}:      {"USDT", "BEP20"},
	{Ticker: "usdt", Network: "sol"}:      {"USDT", "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {"USDT", "POL"},
	{Ticker: "usdt", Network: "ton"}:      {"USDT", "TON"},
	{Ticker: "usdt", Network: "arbitrum"}: {"USDT", "ARBITRUM"},
	{Ticker: "usdt", Network: "avaxc"}:    {"USDT", "AVAXC"},
	{Ticker: "usdc", Network: "eth"}:      {"USDC", "ERC20"},
	{Ticker: "usdc", Network: "sol"}:      {"USDC", "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {"USDC", "BEP20"},
	{Ticker: "usdc", Network: "matic"}:    {"USDC", "POL"},
	{Ticker: "usdc", Network: "arbitrum"}: {"USDC", "ARBITRUM"},
	{Ticker: "dai", Network: "eth"}:       {"DAI", "ERC20"},
}
