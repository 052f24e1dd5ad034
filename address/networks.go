package address

// The codecs and memo rules of every network in swapscout's catalogue.
func init() {
	b58 := func(c *b58chain) func(string) (string, error) { return c.check }
	// The EVM networks the catalogue carries share one address format.
	for _, net := range []string{"eth", "bsc", "matic", "avaxc", "arbitrum", "base", "op", "scroll", "zksync", "blast",
		"linea", "sonic", "bera", "hyperevm", "ronin", "mantle", "sei", "core", "cronos", "rsk", "kcc", "celo", "glmr",
		"etc", "tlosevm", "gnosis", "monad", "xlayer", "plasma"} {
		networks[net] = network{checkEVM, forbidden}
	}
	networks["btc"] = network{b58(&btcChain), forbidden}
	networks["ltc"] = network{checkLTC, forbidden}
	networks["doge"] = network{b58(&dogeChain), forbidden}
	networks["dash"] = network{b58(&dashChain), forbidden}
	networks["bch"] = network{checkBCH, forbidden}
	networks["zec"] = network{checkZEC, forbidden}
	networks["firo"] = network{checkFiro, forbidden}
	networks["xmr"] = network{checkXMR, Rule{Need: Forbidden, Kind: NoMemo, Name: "payment ID"}}
	networks["trx"] = network{checkTron, forbidden}
	networks["sol"] = network{checkSolana, forbidden}
	networks["dot"] = network{checkPolkadot, forbidden}
	networks["ada"] = network{checkCardano, forbidden}
	networks["near"] = network{checkNEAR, forbidden}
	networks["xrp"] = network{checkXRP, Rule{Need: Optional, Kind: Numeric, Name: "destination tag", Max: 1<<32 - 1}}
	// MEMO_TEXT holds up to 28 bytes; a numeric MEMO_ID fits in it too.
	networks["xlm"] = network{checkStellar, Rule{Need: Optional, Kind: Text, Name: "memo", MaxLen: 28}}
	// A TON comment is a text message; longer ones are valid on chain, but a
	// payout memo is short: capped like an unknown network's memo.
	networks["ton"] = network{checkTON, Rule{Need: Optional, Kind: Text, Name: "comment", MaxLen: maxGeneric}}
}
