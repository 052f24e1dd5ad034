package venue

import (
	"reflect"
	"strings"
	"sync"

	"github.com/swapscout/swapscout"
)

// A venue whose currency list feeds the catalogue follows it: an asset a
// refresh adds to the venue's listings quotes at once, with the code the
// venue's list gave it, without a restart. The table built at start (hand
// entries and the start's listings) is read first and never written after
// init; what came later is read from the catalogue's live view.

type follower struct {
	venue string
	parse func(code string) (any, bool)
}

// followers maps a Symbols table (by its map's identity) to the venue
// whose listings extend it.
var followers sync.Map // unsafe.Pointer → follower

// Follow makes s, venue's table, also map the assets the catalogue's live
// listings give venue, each through parse (the venue's listing code, e.g.
// "usdt/bsc", to its Code). Call it from an adapter's init.
func Follow[C comparable](s Symbols[C], venueID string, parse func(code string) (C, bool)) {
	followers.Store(reflect.ValueOf(s).UnsafePointer(), follower{venueID, func(code string) (any, bool) { return parse(code) }})
}

// Listed adds to s, venue's hand table, every asset the catalogue says
// venue lists and s does not hold yet, with the code parse reads from its
// listing (one that does not read is left out), then Follows the live
// listings the same way. The hand entries stay: they name the codes the
// recorded answers use. Call it from an adapter's init.
func Listed[C comparable](s Symbols[C], venueID string, parse func(code string) (C, bool)) {
	for _, l := range swapscout.ListingsOf(venueID) {
		if _, ok := s[l.Asset]; ok {
			continue
		}
		if c, ok := parse(l.Code); ok {
			s[l.Asset] = c
		}
	}
	Follow(s, venueID, parse)
}

// SlashCode splits a listing's code "first/second" (a ticker and its
// network, as most venues' lists name a currency), both non-empty.
func SlashCode(code string) (first, second string, ok bool) {
	first, second, ok = strings.Cut(code, "/")
	return first, second, ok && first != "" && second != ""
}

// Code returns a's code at the venue: the table's, or for a table that
// follows the catalogue, the one the venue's live listing gives.
func (s Symbols[C]) Code(a swapscout.Asset) (C, bool) {
	if c, ok := s[a]; ok {
		return c, true
	}
	var zero C
	f, ok := followers.Load(reflect.ValueOf(s).UnsafePointer())
	if !ok {
		return zero, false
	}
	fl := f.(follower)
	code, ok := swapscout.ListingCode(fl.venue, a)
	if !ok {
		return zero, false
	}
	c, ok := fl.parse(code)
	if !ok {
		return zero, false
	}
	cc, ok := c.(C)
	return cc, ok
}
