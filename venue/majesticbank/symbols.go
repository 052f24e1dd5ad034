package majesticbank

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Symbols maps the mainnet coins Majestic Bank swaps to its uppercase codes
// (research A12: BTC, XMR, LTC, BCH, WOW, FIRO; no tokens; [CODE]). WOW is not
// in the swapscout catalogue, and DOGE, which one client lists, is not in the
// research's list, so neither is mapped.
var Symbols = venue.MapAssets(venue.AssetList("btc@btc xmr@xmr ltc@ltc bch@bch firo@firo"),
	func(a swapscout.Asset) string { return strings.ToUpper(a.Ticker) })
