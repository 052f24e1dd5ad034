package godex

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is Godex's name for an asset: an uppercase coin, which is all a quote
// names, and the network the answer must list for it (networks_from /
// networks_to). Network codes are Edge's (godex.ts MAINNET_CODE_TRANSCRIPTION
// and research Appendix A, [CODE]); coins are Edge's currency codes. USDC on
// Polygon is left out: Edge marks it invalid at Godex in both directions.
type Code struct{ Coin, Network string }

// Symbols are the assets Godex swaps, by coin and network: our ticker and
// network id in upper case, but OPTIMISM for OP Mainnet.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "usdc@matic"), func(a swapscout.Asset) Code {
	coin, network := venue.UpperCase(a, map[string]string{"op": "OPTIMISM"})
	return Code{coin, network}
})
