package trocador

import (
	"github.com/swapscout/swapscout/venue"
)

// code is Trocador's name for a coin: a lowercase ticker and a network as the
// coins list writes it ("Mainnet" for a chain's own coin). Mainnet, BEP20 and
// SOL appear in the recorded coin list (cake fixture coin.json, [REC]); ERC20
// for Ethereum and its tokens, TRC20, MATIC and Arbitrum for tokens are what
// Cake Wallet sends (_networkFor/_normalizeTag, [CODE]). Native coins of other
// chains use Mainnet as Cake does by default ([CODE]).
type code struct{ Ticker, Network string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:       {"btc", "Mainnet"},
	{Ticker: "eth", Network: "eth"}:       {"eth", "ERC20"},
	{Ticker: "xmr", Network: "xmr"}:       {"xmr", "Mainnet"},
	{Ticker: "ltc", Network: "ltc"}:       {"ltc", "Mainnet"},
	{Ticker: "bch", Network: "bch"}:       {"bch", "Mainnet"},
	{Ticker: "doge", Network: "doge"}:     {"doge", "Mainnet"},
	{Ticker: "xrp", Network: "xrp"}:       {"xrp", "Mainnet"},
	{Ticker: "ton", Network: "ton"}:       {"ton", "Mainnet"},
	{Ticker: "sol", Network: "sol"}:       {"sol", "Mainnet"},
	{Ticker: "trx", Network: "trx"}:       {"trx", "Mainnet"},
	{Ticker: "bnb", Network: "bsc"}:       {"bnb", "BEP20"},
	{Ticker: "zec", Network: "zec"}:       {"zec", "Mainnet"},
	{Ticker: "dash", Network: "dash"}:     {"dash", "Mainnet"},
	{Ticker: "ada", Network: "ada"}:       {"ada", "Mainnet"},
	{Ticker: "dot", Network: "dot"}:       {"dot", "Mainnet"},
	{Ticker: "xlm", Network: "xlm"}:       {"xlm", "Mainnet"},
	{Ticker: "firo", Network: "firo"}:     {"firo", "Mainnet"},
	{Ticker: "usdt", Network: "eth"}:      {"usdt", "ERC20"},
	{Ticker: "usdt", Network: "trx"}:      {"usdt", "TRC20"},
	{Ticker: "usdt", Network: "bsc"}:      {"usdt", "BEP20"},
	{Ticker: "usdt", Network: "sol"}:      {"usdt", "SOL"},
	{Ticker: "usdt", Network: "matic"}:    {"usdt", "MATIC"},
	{Ticker: "usdt", Network: "arbitrum"}: {"usdt", "Arbitrum"},
	{Ticker: "usdc", Network: "eth"}:      {"usdc", "ERC20"},
	{Ticker: "usdc", Network: "sol"}:      {"usdc", "SOL"},
	{Ticker: "usdc", Network: "bsc"}:      {"usdc", "BEP20"},
	{Ticker: "usdc", Network: "matic"}:    {"usdc", "MATIC"},
	{Ticker: "usdc", Network: "arbitrum"}: {"usdc", "Arbitrum"},
	{Ticker: "dai", Network: "eth"}:       {"dai", "ERC20"},
}
