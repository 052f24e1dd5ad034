package changehero

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is ChangeHero's name for an asset: a lowercase ticker (from/to) and a
// blockchain (chainFrom/chainTo). Chains are Edge's (changehero.ts
// MAINNET_CODE_TRANSCRIPTION and research A7 / Appendix A; [CODE]); tickers
// are the coins' own. Edge maps no chain for Firo, so firo is left out.
type Code struct{ Ticker, Chain string }

// Symbols are the assets ChangeHero swaps, by ticker and chain.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "firo@firo"), func(a swapscout.Asset) Code {
	return Code{a.Ticker, chains[a.Network]}
})

// chains are ChangeHero's names of our networks.
var chains = map[string]string{
	"btc": "bitcoin", "eth": "ethereum", "arbitrum": "arbitrum", "base": "base", "op": "optimism", "xmr": "monero",
	"ltc": "litecoin", "bch": "bitcoin_cash", "doge": "doge", "xrp": "ripple", "ton": "ton", "sol": "solana", "trx": "tron",
	"bsc": "binance_smart_chain", "zec": "zcash", "dash": "dash", "ada": "cardano", "dot": "polkadot",
	"avaxc": "avalanche_(c-chain)", "matic": "polygon", "xlm": "stellar",
}
