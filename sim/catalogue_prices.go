package sim

import (
	"math"
	"strings"
	"sync"

	"github.com/swapscout/swapscout"
)

// The price model of the catalogue's other assets. The hand-tuned table
// (refPrices) covers the original tickers; every other catalogue ticker gets
// a model too, so that the simulator can quote the whole catalogue:
//
//   - a price a venue's list carried (NEAR Intents' token list has one) is
//     the reference;
//   - a dollar-pegged ticker (usdX, Xusd, a "USD" in its name) is a
//     stablecoin at 1;
//   - any other ticker gets a reference drawn once, log-uniformly from
//     $0.0001 to $1,000, from a hash of the ticker, so it is the same in
//     every run, and moves like a thin coin.
//
// A ticker's ceiling per swap (maxUnits) is $2,000,000 worth at its
// reference price.
var (
	catalogueRefOnce sync.Once
	catalogueRef     map[string]refPrice
	catalogueMax     map[string]float64
)

func loadCatalogueRefs() {
	catalogueRef = map[string]refPrice{}
	catalogueMax = map[string]float64{}
	for _, e := range swapscout.Catalogue() {
		t := e.Ticker
		if _, ok := refPrices[t]; ok {
			continue
		}
		if _, ok := catalogueRef[t]; ok {
			continue
		}
		var r refPrice
		switch {
		case e.RefUSD > 0:
			r = refPrice{e.RefUSD, volCoin, offCoin}
		case isStableTicker(t, e.Name):
			r = refPrice{1, volStable, offStable}
		default:
			u := unit(hashString(0, "catalogue-price", t))
			r = refPrice{math.Pow(10, -4+7*u), volCoin, offCoin}
		}
		catalogueRef[t] = r
		catalogueMax[t] = 2e6 / r.usd
	}
}

func isStableTicker(t, name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(t, "usd") || strings.HasSuffix(t, "usd") || strings.Contains(n, "usd") ||
		strings.Contains(n, "dollar") || strings.Contains(n, "stablecoin")
}

// lookupRef returns ticker's price model: the hand-tuned table first, then
// the catalogue's.
func lookupRef(ticker string) (refPrice, bool) {
	if r, ok := refPrices[ticker]; ok {
		return r, true
	}
	catalogueRefOnce.Do(loadCatalogueRefs)
	r, ok := catalogueRef[ticker]
	return r, ok
}

// lookupMaxUnits returns ticker's ceiling per swap (0: none).
func lookupMaxUnits(ticker string) float64 {
	if m, ok := maxUnits[ticker]; ok {
		return m
	}
	catalogueRefOnce.Do(loadCatalogueRefs)
	return catalogueMax[ticker]
}
