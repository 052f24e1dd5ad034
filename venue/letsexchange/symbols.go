package letsexchange

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is LetsExchange's name for an asset: an uppercase coin code and a
// network code (body fields from/network_from, to/network_to).
//
// Network codes follow Edge's src/mappings/letsexchange.ts and its special
// cases for natives ([CODE], research A6 and Appendix A): tokens name their
// chain's standard (ERC20, TRC20, BEP20, POL, SOL, ARBITRUM, AVAXC, TON),
// while native ETH, BNB and TRX use their own code as the network (ETH, BNB,
// TRX), as LetsExchange's docs do for ETH ([DOC]). Other natives use the
// chain's code (ETH on Arbitrum is ETH/ARBITRUM, AVAX is AVAX/AVAXC).
//
// Left out: eth@base and usdc@base (Edge maps Base to null for LetsExchange).
type Code struct{ Coin, Network string }

// Symbols are the assets LetsExchange swaps, by its codes: the ticker in
// upper case, on the network named as above.
var Symbols = venue.MapAssets(venue.Except(venue.SwapAssets, "eth@base", "usdc@base"), func(a swapscout.Asset) Code {
	coin, network := strings.ToUpper(a.Ticker), strings.ToUpper(a.Network)
	if n, ok := tokenNetworks[a.Network]; ok && venue.IsToken(a) {
		network = n
	} else if n, ok := coinNetworks[a.Network]; ok && !venue.IsToken(a) {
		network = n
	}
	return Code{coin, network}
})

// Networks whose name differs from our id in upper case: the token
// standards, and the codes native coins go by.
var (
	tokenNetworks = map[string]string{"eth": "ERC20", "trx": "TRC20", "bsc": "BEP20", "matic": "POL"}
	coinNetworks  = map[string]string{"bsc": "BNB", "matic": "POL", "op": "OPTIMISM"}
)
