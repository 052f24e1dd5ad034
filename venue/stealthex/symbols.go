package stealthex

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is StealthEX's name for an asset: a lowercase symbol on a network
// ({"symbol":"usdt","network":"eth"}).
//
// A chain's native coin sits on the network "mainnet" ([REC]: btc, xmr and
// eth in Cake's recordings), except where StealthEX lists it under the
// chain's own network: BNB on "bsc", AVAX on "avax-c", and ETH on each L2
// ("arbitrum", "base", "optimism"). Tokens use the token network of their
// chain: "eth" ([REC] usdt), "trx", "bsc", "sol", "matic", "ton", "arbitrum",
// "base", "avax-c". All from Edge's src/mappings/stealthex.ts ([CODE]).
type Code struct {
	Symbol  string `json:"symbol"`
	Network string `json:"network"`
}

// Symbols are the assets StealthEX swaps, by its codes.
var Symbols = venue.MapAssets(venue.SwapAssets, func(a swapscout.Asset) Code {
	network, listed := networks[a.Network]
	if !listed {
		network = a.Network
	}
	if !venue.IsToken(a) && !ownNetwork[a.Network] {
		network = "mainnet"
	}
	return Code{a.Ticker, network}
})

var (
	// networks are the networks StealthEX names otherwise than we do.
	networks = map[string]string{"op": "optimism", "avaxc": "avax-c"}
	// ownNetwork are the chains whose own coin StealthEX lists under the
	// chain's network rather than "mainnet".
	ownNetwork = map[string]bool{"bsc": true, "avaxc": true, "arbitrum": true, "base": true, "op": true}
)
