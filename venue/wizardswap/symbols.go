package wizardswap

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Symbols maps assets to WizardSwap's lowercase tickers, our own. It lists
// mainnet coins only: WizardSwap swaps no tokens (Edge's mapping
// src/mappings/wizardswap.ts; [CODE]). Its pivx and zano have no catalogue
// entry.
var Symbols = venue.MapAssets(venue.AssetList("btc@btc eth@eth xmr@xmr ltc@ltc bch@bch doge@doge zec@zec dash@dash firo@firo"),
	func(a swapscout.Asset) string { return a.Ticker })
