package changehero

import "github.com/swapscout/swapscout/venue"

// The rest of ChangeHero's currencies come from its own list through the
// catalogue: each asset the catalogue says ChangeHero lists carries
// ChangeHero's code ("name/blockchain", as getCurrenciesFull gives a
// currency's name and blockchain). Assets a refresh adds later are read from the live listings (venue.Listed). The hand entries stay.
func init() { venue.Listed(Symbols, "changehero", parseCode) }

// parseCode reads a listing's code, "name/chain".
func parseCode(code string) (Code, bool) {
	name, chain, ok := venue.SlashCode(code)
	return Code{name, chain}, ok
}
