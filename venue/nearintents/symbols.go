package nearintents

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Token is 1Click's name for one of our assets: its asset id (the NEAR
// Intents token that stands for it: nep141:… or nep245:…), the decimals the
// tokens list gives it (amounts on the wire are integers in these units)
// and the list's blockchain code.
//
// Every row is taken from the recorded GET /v0/tokens answer
// (testdata/tokens.json, see testdata/README.md). At run time the adapter
// reads the decimals from the live list, and a token the list no longer
// carries is unsupported. USDT on Arbitrum is the contract 1Click lists as
// USDT0 (0xfd086bc7…): the same contract, renamed by its issuer. USDT and
// USDC on BSC have 18 decimals in the list, as on that chain.
//
// NEAR is wrap.near (wNEAR, 24 decimals, chain "near"), the only NEAR token
// the list has and what Cake's recordings swap to for a NEAR account:
// NEAR Intents holds NEAR only as wNEAR, and 1Click wraps a plain NEAR
// transfer to its deposit address and unwraps the payout itself (its docs:
// "If you're using the 1Click Swap API … wrapping is handled for you").
//
// Left out on purpose: XRP, TON and tokens on TON, whose deposits need a
// memo at 1Click (the deposit address is then shared and the memo tells
// deposits apart; swap.go keeps the memo with the address and asks status
// with both), until their placeholders are vouched for; Stellar's tokens
// join through the list (listChains) with the zero account as placeholder;
// and chains without a placeholder address we can vouch for (see
// placeholder).
type Token struct {
	ID         string
	Decimals   int
	Blockchain string
}

// Symbols maps our assets to their Token.
var Symbols = withCatalogue(venue.Symbols[Token]{
	{Ticker: "btc", Network: "btc"}:       {"nep141:btc.omft.near", 8, "btc"},
	{Ticker: "eth", Network: "eth"}:       {"nep141:eth.omft.near", 18, "eth"},
	{Ticker: "eth", Network: "arbitrum"}:  {"nep141:arb.omft.near", 18, "arb"},
	{Ticker: "eth", Network: "base"}:      {"nep141:base.omft.near", 18, "base"},
	{Ticker: "eth", Network: "op"}:        {"nep245:v2_1.omni.hot.tg:10_11111111111111111111", 18, "op"},
	{Ticker: "ltc", Network: "ltc"}:       {"nep141:ltc.omft.near", 8, "ltc"},
	{Ticker: "doge", Network: "doge"}:     {"nep141:doge.omft.near", 8, "doge"},
	{Ticker: "sol", Network: "sol"}:       {"nep141:sol.omft.near", 9, "sol"},
	{Ticker: "trx", Network: "trx"}:       {"nep141:tron.omft.near", 6, "tron"},
	{Ticker: "bnb", Network: "bsc"}:       {"nep245:v2_1.omni.hot.tg:56_11111111111111111111", 18, "bsc"},
	{Ticker: "zec", Network: "zec"}:       {"nep141:zec.omft.near", 8, "zec"},
	{Ticker: "dash", Network: "dash"}:     {"nep141:dash.omft.near", 8, "dash"},
	{Ticker: "avax", Network: "avaxc"}:    {"nep245:v2_1.omni.hot.tg:43114_11111111111111111111", 18, "avax"},
	{Ticker: "pol", Network: "matic"}:     {"nep245:v2_1.omni.hot.tg:137_11111111111111111111", 18, "pol"},
	{Ticker: "near", Network: "near"}:     {"nep141:wrap.near", 24, "near"},
	{Ticker: "usdt", Network: "eth"}:      {"nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near", 6, "eth"},
	{Ticker: "usdt", Network: "trx"}:      {"nep141:tron-d28a265909efecdcee7c5028585214ea0b96f015.omft.near", 6, "tron"},
	{Ticker: "usdt", Network: "bsc"}:      {"nep245:v2_1.omni.hot.tg:56_2CMMyVTGZkeyNZTSvS5sarzfir6g", 18, "bsc"},
	{Ticker: "usdt", Network: "sol"}:      {"nep141:sol-c800a4bd850783ccb82c2b2c7e84175443606352.omft.near", 6, "sol"},
	{Ticker: "usdt", Network: "matic"}:    {"nep245:v2_1.omni.hot.tg:137_3hpYoaLtt8MP1Z2GH1U473DMRKgr", 6, "pol"},
	{Ticker: "usdt", Network: "arbitrum"}: {"nep141:arb-0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9.omft.near", 6, "arb"},
	{Ticker: "usdt", Network: "avaxc"}:    {"nep245:v2_1.omni.hot.tg:43114_372BeH7ENZieCaabwkbWkBiTTgXp", 6, "avax"},
	{Ticker: "usdc", Network: "eth"}:      {"nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near", 6, "eth"},
	{Ticker: "usdc", Network: "sol"}:      {"nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near", 6, "sol"},
	{Ticker: "usdc", Network: "bsc"}:      {"nep245:v2_1.omni.hot.tg:56_2w93GqMcEmQFDru84j3HZZWt557r", 18, "bsc"},
	{Ticker: "usdc", Network: "matic"}:    {"nep245:v2_1.omni.hot.tg:137_qiStmoQJDQPTebaPjgx5VBxZv6L", 6, "pol"},
	{Ticker: "usdc", Network: "base"}:     {"nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near", 6, "base"},
	{Ticker: "usdc", Network: "arbitrum"}: {"nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near", 6, "arb"},
	{Ticker: "dai", Network: "eth"}:       {"nep141:eth-0x6b175474e89094c44da98b954eedeac495271d0f.omft.near", 18, "eth"},
})

// evmPlaceholder is the well-known 0x…dEaD address, valid on every EVM chain.
const evmPlaceholder = "0x000000000000000000000000000000000000dEaD"

// placeholder is the address a dry quote names as recipient and refund
// address, by our network code: 1Click requires both even when it creates
// nothing, and a comparison happens before the user gives theirs. Each is
// a valid address nobody holds the key of: the hash-160 of twenty zero
// bytes under the chain's own version byte (base58check), the 0x…dEaD
// address on EVM chains, Solana's system program, and on NEAR the implicit
// account of the all-zero ed25519 key: a point of small order, which no
// private key maps to. They are never used
// for an order: CreateSwap sends the user's addresses.
var placeholder = map[string]string{
	"btc":      "1111111111111111111114oLvT2",
	"ltc":      "LKDxGDJq5fF4FohAB8zJH24mDDNHDNtqsE",
	"doge":     "D596YFweJQuHY1BbjazZYmAbt8jJPbKehC",
	"dash":     "XagqqFetxiDb9wbartKDrXgnqLah6SqX2S",
	"zec":      "t1Hsc1LR8yKnbbe3twRp88p6vFfC5t7DLbs",
	"trx":      "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
	"sol":      "11111111111111111111111111111111",
	"eth":      evmPlaceholder,
	"arbitrum": evmPlaceholder,
	"base":     evmPlaceholder,
	"op":       evmPlaceholder,
	"bsc":      evmPlaceholder,
	"avaxc":    evmPlaceholder,
	"matic":    evmPlaceholder,
	"near":     "0000000000000000000000000000000000000000000000000000000000000000",
	// Chains only the catalogue brings (1-Click's list, withCatalogue): the
	// EVM ones take 0x…dEaD; Bitcoin Cash the hash-160 of twenty zero bytes
	// (cashaddr), Cardano the enterprise address of the all-zero key hash,
	// Aptos and Sui the zero account, which no key derives.
	"gnosis": evmPlaceholder,
	"monad":  evmPlaceholder,
	"xlayer": evmPlaceholder,
	"plasma": evmPlaceholder,
	"bera":   evmPlaceholder,
	"scroll": evmPlaceholder,
	"bch":    "bitcoincash:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqfnhks603",
	"ada":    "addr1vyqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkdl5mw",
	"aptos":  "0x0000000000000000000000000000000000000000000000000000000000000000",
	"sui":    "0x0000000000000000000000000000000000000000000000000000000000000000",

	// Stellar: the account of the all-zero key, which no one holds. Its
	// deposits carry a memo, which swap.go keeps with the address.
	"xlm": "GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF",
}

// listChains are 1-Click's blockchain names of the networks the hand table
// has no row on, as its token list writes them (the catalogue's NEAR
// Intents mapping): a listed token there joins through withCatalogue.
var listChains = map[string]string{
	"gnosis": "gnosis", "monad": "monad", "xlayer": "xlayer", "plasma": "plasma", "bera": "bera",
	"scroll": "scroll", "bch": "bch", "ada": "cardano", "aptos": "aptos", "sui": "sui",
	"xlm": "stellar",
}

// The rest of 1-Click's tokens come from its own list through the
// catalogue: each asset the catalogue says NEAR Intents lists carries
// 1-Click's asset id and the decimals its list gives. A row joins only on
// a network whose blockchain name (the hand table's or listChains) and a
// placeholder address for dry quotes are known, so the memo networks left
// out above stay out. (A function, not init: byID and the live
// list's check are built from the whole table.)
func withCatalogue(Symbols venue.Symbols[Token]) venue.Symbols[Token] {
	chains := map[string]string{} // our network → 1-Click's blockchain name
	for n, b := range listChains {
		chains[n] = b
	}
	for a, s := range Symbols {
		chains[a.Network] = s.Blockchain
	}
	held := map[string]bool{}
	for _, s := range Symbols {
		held[s.ID] = true
	}
	for _, l := range swapscout.ListingsOf("nearintents") {
		chain := chains[l.Asset.Network]
		if _, ok := Symbols[l.Asset]; ok || chain == "" || placeholder[l.Asset.Network] == "" || held[l.Code] || l.Decimals <= 0 {
			continue
		}
		held[l.Code] = true
		Symbols[l.Asset] = Token{ID: l.Code, Decimals: l.Decimals, Blockchain: chain}
	}
	return Symbols
}
