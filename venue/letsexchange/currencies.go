package letsexchange

import "github.com/swapscout/swapscout/venue"

// The rest of LetsExchange's coins come from its own list through the
// catalogue: each asset the catalogue says LetsExchange lists carries
// LetsExchange's code ("COIN/NETWORK", as GET /api/v2/coins gives a coin's
// code and each network's code). Assets a refresh adds later are read from the live listings (venue.Listed). The hand entries stay.
func init() { venue.Listed(Symbols, "letsexchange", parseCode) }

// parseCode reads a listing's code, "coin/network".
func parseCode(code string) (Code, bool) {
	coin, network, ok := venue.SlashCode(code)
	return Code{coin, network}, ok
}
