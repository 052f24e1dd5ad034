// Package all is the one list of the venues' simulated APIs, beside
// venue/all's list of adapters: each venue's simulator lives in a package
// of its own under sim/ that imports its adapter (for its symbols and
// constants), never the reverse, so the product links no simulator code
// it does not serve.
package all

import (
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/chainflip"
	simchangehero "github.com/swapscout/swapscout/sim/changehero"
	simchangenow "github.com/swapscout/swapscout/sim/changenow"
	simeasybit "github.com/swapscout/swapscout/sim/easybit"
	simexolix "github.com/swapscout/swapscout/sim/exolix"
	simfixedfloat "github.com/swapscout/swapscout/sim/fixedfloat"
	simgodex "github.com/swapscout/swapscout/sim/godex"
	simletsexchange "github.com/swapscout/swapscout/sim/letsexchange"
	simmajesticbank "github.com/swapscout/swapscout/sim/majesticbank"
	"github.com/swapscout/swapscout/sim/nearintents"
	simquickex "github.com/swapscout/swapscout/sim/quickex"
	simsideshift "github.com/swapscout/swapscout/sim/sideshift"
	simsimpleswap "github.com/swapscout/swapscout/sim/simpleswap"
	simstealthex "github.com/swapscout/swapscout/sim/stealthex"
	"github.com/swapscout/swapscout/sim/thornode"
	simtrocador "github.com/swapscout/swapscout/sim/trocador"
	simwizardswap "github.com/swapscout/swapscout/sim/wizardswap"
	simxgram "github.com/swapscout/swapscout/sim/xgram"
	venues "github.com/swapscout/swapscout/venue/all"

	// Order books.
	"github.com/swapscout/swapscout/sim/binance"
	"github.com/swapscout/swapscout/sim/bitfinex"
	"github.com/swapscout/swapscout/sim/bitget"
	"github.com/swapscout/swapscout/sim/bitstamp"
	"github.com/swapscout/swapscout/sim/bybit"
	"github.com/swapscout/swapscout/sim/coinbase"
	"github.com/swapscout/swapscout/sim/gate"
	"github.com/swapscout/swapscout/sim/gemini"
	"github.com/swapscout/swapscout/sim/htx"
	"github.com/swapscout/swapscout/sim/kraken"
	"github.com/swapscout/swapscout/sim/kucoin"
	"github.com/swapscout/swapscout/sim/mexc"
	"github.com/swapscout/swapscout/sim/okx"
)

// simulators are the venues' simulated APIs by venue id, in venue/all's
// order of sections: instant-swap services, protocols and liquidity
// networks, order books.
var simulators = map[string]func() sim.Venue{
	// Instant-swap services.
	"changenow":    simchangenow.Sim,
	"exolix":       simexolix.Sim,
	"letsexchange": simletsexchange.Sim,
	"stealthex":    simstealthex.Sim,
	"simpleswap":   simsimpleswap.Sim,
	"fixedfloat":   simfixedfloat.Sim,
	"godex":        simgodex.Sim,
	"easybit":      simeasybit.Sim,
	"wizardswap":   simwizardswap.Sim,
	"changehero":   simchangehero.Sim,
	"quickex":      simquickex.Sim,
	"majesticbank": simmajesticbank.Sim,
	"xgram":        simxgram.Sim,
	"trocador":     simtrocador.Sim,
	"sideshift":    simsideshift.Sim,
	// Protocols and liquidity networks.
	"thorchain":   thornode.THORChain,
	"maya":        thornode.Maya,
	"chainflip":   chainflip.Venue,
	"nearintents": nearintents.Venue,
	// Order books.
	"binance":  binance.Sim,
	"kraken":   kraken.Sim,
	"coinbase": coinbase.Sim,
	"bitstamp": bitstamp.Sim,
	"bitfinex": bitfinex.Sim,
	"okx":      okx.Sim,
	"bybit":    bybit.Sim,
	"kucoin":   kucoin.Sim,
	"gate":     gate.Sim,
	"htx":      htx.Sim,
	"gemini":   gemini.Sim,
	"mexc":     mexc.Sim,
	"bitget":   bitget.Sim,
}

// Venues returns a fresh simulated API for every venue of venue/all, by
// venue id.
func Venues() map[string]sim.Venue {
	out := make(map[string]sim.Venue, len(venues.Descriptors))
	for _, d := range venues.Descriptors {
		if f, ok := simulators[d.ID]; ok {
			out[d.ID] = f()
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
