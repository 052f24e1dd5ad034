package changenow

import "github.com/swapscout/swapscout/venue"

// The rest of ChangeNOW's currencies come from its own list through the
// catalogue: each asset the catalogue says ChangeNOW lists carries
// ChangeNOW's code ("ticker/network", as GET /v2/exchange/currencies gives
// ticker and network). Assets a refresh adds later are read from the live listings (venue.Listed). The hand entries stay: they name the codes the
// recorded quotes use.
func init() { venue.Listed(Symbols, "changenow", parseCode) }

// parseCode reads a listing's code, "ticker/network".
func parseCode(code string) (Code, bool) {
	ticker, network, ok := venue.SlashCode(code)
	return Code{ticker, network}, ok
}
