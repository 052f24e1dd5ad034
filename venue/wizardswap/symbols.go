package wizardswap

import "github.com/swapscout/swapscout/venue"

// symbols maps assets to WizardSwap's lowercase tickers. It lists mainnet
// coins only: WizardSwap swaps no tokens (Edge's mapping
// src/mappings/wizardswap.ts; [CODE]). Its pivx and zano have no catalogue
// entry.
var symbols = venue.Symbols[string]{
	{Ticker: "btc", Network: "btc"}:   "btc",
	{Ticker: "eth", Network: "eth"}:   "eth",
	{Ticker: "xmr", Network: "xmr"}:   "xmr",
	{Ticker: "ltc", Network: "ltc"}:   "ltc",
	{Ticker: "bch", Network: "bch"}:   "bch",
	{Ticker: "doge", Network: "doge"}: "doge",
	{Ticker: "zec", Network: "zec"}:   "zec",
	{Ticker: "dash", Network: "dash"}: "dash",
	{Ticker: "firo", Network: "firo"}: "firo",
}
