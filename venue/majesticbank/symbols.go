package majesticbank

import (
	"github.com/swapscout/swapscout/venue"
)

// symbols maps the mainnet coins Majestic Bank swaps to its uppercase codes
// (research A12: BTC, XMR, LTC, BCH, WOW, FIRO; no tokens; [CODE]). WOW is not
// in the swapscout catalogue, and DOGE, which one client lists, is not in the
// research's list, so neither is mapped.
var symbols = venue.Symbols[string]{
	{Ticker: "btc", Network: "btc"}:   "BTC",
	{Ticker: "xmr", Network: "xmr"}:   "XMR",
	{Ticker: "ltc", Network: "ltc"}:   "LTC",
	{Ticker: "bch", Network: "bch"}:   "BCH",
	{Ticker: "firo", Network: "firo"}: "FIRO",
}
