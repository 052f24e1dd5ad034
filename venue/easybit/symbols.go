package easybit

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is EasyBit's name for an asset: an uppercase currency and network
// (send/sendNetwork, receive/receiveNetwork). Network codes are Edge's
// (easybit.ts MAINNET_CODE_TRANSCRIPTION and research Appendix A; [CODE]);
// currency codes are the coins' tickers. Edge maps no network for Firo, so
// firo is left out.
type Code struct{ Currency, Network string }

// Symbols are the assets EasyBit swaps, by currency and network: our ticker
// and network id in upper case, but OPTIMISM and POLYGON.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "firo@firo"), func(a swapscout.Asset) Code {
	currency, network := venue.UpperCase(a, map[string]string{"op": "OPTIMISM", "matic": "POLYGON"})
	return Code{currency, network}
})
