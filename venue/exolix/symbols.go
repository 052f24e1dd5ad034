package exolix

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is Exolix's name for an asset: an uppercase coin code and the code of
// the network it travels on (query parameters coinFrom/networkFrom).
//
// Network codes are Exolix's own, as listed by GET /api/v2/currencies/networks
// and mapped in Edge's src/mappings/exolix.ts ([CODE], research A3 and
// Appendix A): BTC, ETH, TRX, BSC, MATIC, SOL, XMR, ARBITRUM, BASE, AVAXC,
// OPTIMISM, TON, LTC, XRP, DOGE, BCH, DASH, ADA, XLM. Coin codes are the
// tickers Edge and Cake send (native Polygon is POL, as Edge names it).
//
// Left out on purpose: dot@dot and firo@firo (Edge maps Polkadot and Firo to
// null and Exolix's network list has neither), usdc@matic (Edge blocks USDC
// and USDC.e on Polygon for Exolix). zec@zec is kept: Cake swaps ZEC through
// Exolix as coin ZEC on network ZEC, although Edge's scrape of the network
// list lacked it; if Exolix refuses, the answer is unsupported_pair.
type Code struct{ Coin, Network string }

// Symbols are the assets Exolix swaps, by its codes: the ticker and our
// network id in upper case, but OPTIMISM for OP Mainnet.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "dot@dot", "firo@firo", "usdc@matic"), func(a swapscout.Asset) Code {
	if a.Network == "op" {
		return Code{strings.ToUpper(a.Ticker), "OPTIMISM"}
	}
	return Code{strings.ToUpper(a.Ticker), strings.ToUpper(a.Network)}
})
