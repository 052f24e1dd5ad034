package changenow

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is ChangeNOW's name for an asset: a lowercase ticker and network
// (Edge's mapping, src/mappings/changenow.ts; [CODE]).
type Code struct{ Ticker, Network string }

// Symbols are the assets ChangeNOW swaps, by its codes: every asset of
// venue.SwapAssets but Firo, named by our ticker and network id, except
// AVAX on its own C-Chain, "cchain" (tokens on it are "avaxc").
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "firo@firo"), func(a swapscout.Asset) Code {
	if a == (swapscout.Asset{Ticker: "avax", Network: "avaxc"}) {
		return Code{"avax", "cchain"}
	}
	return Code{a.Ticker, a.Network}
})
