// Package all is the one list of the venues' simulated APIs, beside
// venue/all's list of adapters: each venue's simulator lives in a package
// of its own under sim/ that imports its adapter (for its symbols and
// constants), never the reverse, so the product links no simulator code
// it does not serve.
//
// While the simulators move out of the adapter packages, a venue not listed
// here yet is served by its descriptor's Sim.
package all

import (
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/chainflip"
	"github.com/swapscout/swapscout/sim/nearintents"
	"github.com/swapscout/swapscout/sim/thornode"
	venues "github.com/swapscout/swapscout/venue/all"
)

// simulators are the venues' simulated APIs by venue id, in venue/all's
// order of sections: instant-swap services, protocols and liquidity
// networks, order books.
var simulators = map[string]func() sim.Venue{
	// Protocols and liquidity networks.
	"thorchain":   thornode.THORChain,
	"maya":        thornode.Maya,
	"chainflip":   chainflip.Venue,
	"nearintents": nearintents.Venue,
}

// Venues returns a fresh simulated API for every venue of venue/all, by
// venue id.
func Venues() map[string]sim.Venue {
	out := make(map[string]sim.Venue, len(venues.Descriptors))
	for _, d := range venues.Descriptors {
		if f, ok := simulators[d.ID]; ok {
			out[d.ID] = f()
		} else if d.Sim != nil {
			out[d.ID] = d.Sim()
		}
	}
	return out
}

// Limits returns the rate limit every venue of venue/all states (its
// descriptor's Limit.Stated), by venue id, for sim.Config.Limits: the
// simulator answers 429 beyond them, as the venue would.
func Limits() map[string]sim.Limit {
	out := make(map[string]sim.Limit, len(venues.Descriptors))
	for _, d := range venues.Descriptors {
		if l := d.Limit; l.Stated > 0 {
			out[d.ID] = sim.Limit{Rate: float64(l.Stated), Burst: max(l.StatedBurst, 1)}
		}
	}
	return out
}
