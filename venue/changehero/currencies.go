package changehero

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// The rest of ChangeHero's currencies come from its own list through the
// catalogue: each asset the catalogue says ChangeHero lists carries
// ChangeHero's code ("name/blockchain", as getCurrenciesFull gives a
// currency's name and blockchain). Assets a refresh adds later are read from the live listings (venue.Follow). The hand entries stay.
func init() {
	for _, l := range swapscout.ListingsOf("changehero") {
		if _, ok := Symbols[l.Asset]; ok {
			continue
		}
		if c, ok := parseCode(l.Code); ok {
			Symbols[l.Asset] = c
		}
	}
	venue.Follow(Symbols, "changehero", parseCode)
}

// parseCode reads a listing's code, "name/chain".
func parseCode(code string) (Code, bool) {
	name, chain, ok := strings.Cut(code, "/")
	return Code{name, chain}, ok && name != "" && chain != ""
}
