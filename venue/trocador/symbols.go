package trocador

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is Trocador's name for a coin: a lowercase ticker and a network as the
// coins list writes it ("Mainnet" for a chain's own coin). Mainnet, BEP20 and
// SOL appear in the recorded coin list (cake fixture coin.json, [REC]); ERC20
// for Ethereum and its tokens, TRC20, MATIC and Arbitrum for tokens are what
// Cake Wallet sends (_networkFor/_normalizeTag, [CODE]). Native coins of other
// chains use Mainnet as Cake does by default ([CODE]).
type Code struct{ Ticker, Network string }

// Symbols are the assets Trocador swaps, by ticker and network.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "eth@arbitrum", "eth@base", "eth@op", "avax@avaxc", "pol@matic",
	"usdt@ton", "usdt@avaxc", "usdc@base"), func(a swapscout.Asset) Code {
	network := "Mainnet"
	if venue.IsToken(a) || a.Network == "eth" || a.Network == "bsc" {
		network = standards[a.Network]
	}
	return Code{a.Ticker, network}
})

// standards are the networks of tokens (and of ETH and BNB themselves) as
// Trocador writes them.
var standards = map[string]string{"eth": "ERC20", "trx": "TRC20", "bsc": "BEP20", "sol": "SOL", "matic": "MATIC", "arbitrum": "Arbitrum"}
