package fixedfloat

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Ccy is FixedFloat's coin and network as `ccies` lists them; the adapter
// looks the combined code (BTC, USDTTRC, …) up in the refreshed `ccies` list
// by this pair, as the research advises (exchange-apis.md A2: "build a lookup
// from (coin, network) to code"). BTC/BTC and USDT/TRX are [CODE]; the other
// network names are [MEM]: a pair that `ccies` does not list is simply
// unsupported, never mispriced. Firo is left out (not known to be listed).
type Ccy struct{ Coin, Network string }

// Symbols are the assets FixedFloat swaps, by coin and network: our ticker
// and network id in upper case, but OPTIMISM for OP Mainnet.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "firo@firo"), func(a swapscout.Asset) Ccy {
	coin, network := venue.UpperCase(a, map[string]string{"op": "OPTIMISM"})
	return Ccy{coin, network}
})
