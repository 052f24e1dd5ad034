package changenow

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// The rest of ChangeNOW's currencies come from its own list through the
// catalogue: each asset the catalogue says ChangeNOW lists carries
// ChangeNOW's code ("ticker/network", as GET /v2/exchange/currencies gives
// ticker and network). Assets a refresh adds later are read from the live listings (venue.Follow). The hand entries stay: they name the codes the
// recorded quotes use.
func init() {
	for _, l := range swapscout.ListingsOf("changenow") {
		if _, ok := Symbols[l.Asset]; ok {
			continue
		}
		if c, ok := parseCode(l.Code); ok {
			Symbols[l.Asset] = c
		}
	}
	venue.Follow(Symbols, "changenow", parseCode)
}

// parseCode reads a listing's code, "ticker/network".
func parseCode(code string) (Code, bool) {
	ticker, network, ok := strings.Cut(code, "/")
	return Code{ticker, network}, ok && ticker != "" && network != ""
}
