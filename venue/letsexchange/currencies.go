package letsexchange

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// The rest of LetsExchange's coins come from its own list through the
// catalogue: each asset the catalogue says LetsExchange lists carries
// LetsExchange's code ("COIN/NETWORK", as GET /api/v2/coins gives a coin's
// code and each network's code). Assets a refresh adds later are read from the live listings (venue.Follow). The hand entries stay.
func init() {
	for _, l := range swapscout.ListingsOf("letsexchange") {
		if _, ok := Symbols[l.Asset]; ok {
			continue
		}
		if c, ok := parseCode(l.Code); ok {
			Symbols[l.Asset] = c
		}
	}
	venue.Follow(Symbols, "letsexchange", parseCode)
}

// parseCode reads a listing's code, "coin/network".
func parseCode(code string) (Code, bool) {
	coin, network, ok := strings.Cut(code, "/")
	return Code{coin, network}, ok && coin != "" && network != ""
}
