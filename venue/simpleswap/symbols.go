package simpleswap

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is SimpleSwap v3's name for an asset: a lowercase ticker plus a
// network. Networks come from Edge's mapping (src/mappings/simpleswap.ts,
// [CODE]); native tickers that differ from the coin (bnb-bsc, avaxc) are from
// Edge's CURRENCY_CODE_TRANSCRIPTION, verified there against /v3/currencies.
// Polkadot is absent: Edge marks it unsupported at SimpleSwap.
type Code struct{ Ticker, Network string }

// Symbols are the assets SimpleSwap swaps, by its codes: our ticker and
// network id, but for optimism and the two native tickers above.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "dot@dot"), func(a swapscout.Asset) Code {
	c := Code{a.Ticker, a.Network}
	switch a {
	case swapscout.Asset{Ticker: "bnb", Network: "bsc"}:
		c.Ticker = "bnb-bsc"
	case swapscout.Asset{Ticker: "avax", Network: "avaxc"}:
		c.Ticker = "avaxc"
	}
	if a.Network == "op" {
		c.Network = "optimism"
	}
	return c
})
