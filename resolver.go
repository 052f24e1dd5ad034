package swapscout

import "sort"

// resolverIndex is what ResolveAsset reads: the assets of one published
// catalogue view by code, by "ticker@network" and by bare ticker (its
// default network). It is rebuilt with each view, so what a refresh adds
// resolves at once and what it retires stops resolving.
type resolverIndex struct {
	index         map[Asset]int // into the view's entries
	tickerDefault map[string]Asset
	// ambiguous holds the tickers listed on several networks that have no
	// default network: a request naming only the ticker must name one.
	ambiguous map[string][]string
	// byName indexes "ticker@network" and "ticker" (its default network),
	// so ResolveAssetBytes can look input up without allocating.
	byName map[string]int
}

func buildResolver(entries []CatalogueEntry) *resolverIndex {
	r := &resolverIndex{index: make(map[Asset]int, len(entries)), tickerDefault: map[string]Asset{},
		ambiguous: map[string][]string{}, byName: make(map[string]int, 2*len(entries))}
	// A ticker the hand-written assets do not cover and that is listed on
	// several networks has no default: asking for it without a network asks
	// which one.
	baseTicker := make(map[string]bool, len(baseAssets))
	for _, a := range baseAssets {
		baseTicker[a.Ticker] = true
	}
	nets := map[string][]string{}
	for _, e := range entries {
		if !baseTicker[e.Ticker] {
			nets[e.Ticker] = append(nets[e.Ticker], e.Network)
		}
	}
	for t, ns := range nets {
		if len(ns) > 1 {
			sort.Strings(ns)
			r.ambiguous[t] = ns
		}
	}
	for i, e := range entries {
		a := e.Asset
		r.index[a] = i
		if _, amb := r.ambiguous[a.Ticker]; amb {
			r.byName[a.Ticker+"@"+a.Network] = i
			continue
		}
		if _, ok := r.tickerDefault[a.Ticker]; !ok {
			r.tickerDefault[a.Ticker] = a
			r.byName[a.Ticker] = i
		}
		r.byName[a.Ticker+"@"+a.Network] = i
	}
	// A bare ticker that is also a coin's name ("bitcoin") takes the slow
	// path, where ResolveAsset asks which was meant.
	for name, t := range coinNames {
		if _, ok := r.tickerDefault[name]; ok && name != t {
			delete(r.byName, name)
		}
	}
	return r
}
