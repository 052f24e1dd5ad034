package venue

import (
	"fmt"

	"github.com/swapscout/swapscout"
)

// Symbols maps swapscout assets to a venue's own codes (a ticker, a
// ticker+network pair, a combined code…). Unmapped assets are unsupported
// without a network call.
type Symbols[C comparable] map[swapscout.Asset]C

// Reverse returns the code → asset map (the simulator's view).
func (s Symbols[C]) Reverse() map[C]swapscout.Asset {
	r := make(map[C]swapscout.Asset, len(s))
	for a, c := range s {
		r[c] = a
	}
	return r
}

// Check reports a mapping that names an asset the catalogue lacks, or two
// assets mapped to one code.
func (s Symbols[C]) Check() error {
	seen := make(map[C]swapscout.Asset, len(s))
	for a, c := range s {
		if _, ok := swapscout.LookupAsset(a); !ok {
			return fmt.Errorf("%s is not in the asset catalogue", a)
		}
		if other, dup := seen[c]; dup {
			return fmt.Errorf("%s and %s both map to %v", a, other, c)
		}
		seen[c] = a
	}
	return nil
}

// Assets lists the mapped assets (for the simulator's profile).
func (s Symbols[C]) Assets() []swapscout.Asset {
	out := make([]swapscout.Asset, 0, len(s))
	for _, a := range swapscout.Assets {
		if _, ok := s[a.Asset]; ok {
			out = append(out, a.Asset)
		}
	}
	return out
}

// Networks lists the distinct networks of the mapped assets, in catalogue order.
func (s Symbols[C]) Networks() []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range s.Assets() {
		if !seen[a.Network] {
			seen[a.Network] = true
			out = append(out, a.Network)
		}
	}
	return out
}
