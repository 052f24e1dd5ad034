package swapscout

// Rough prices: one order-of-magnitude US dollar figure per catalogue
// ticker, for the checks that tell a number read in the wrong unit from a
// real one: an offer's rate against the rate the figures imply (package
// aggregate), a venue's minimum against what anyone would ask for (package
// venue). They are not prices: a factor of 100 either way leaves room for
// years of market moves (a figure within 3× of the market still catches
// every ×1000 unit error), and no money is ever computed from them. An
// asset whose market price drifts more than about 30× from its figure needs
// its line updated here (aggregate's TestAnchorsCoverCatalogue keeps the
// table complete).
var roughUSD = map[string]float64{
	"btc": 80000, "eth": 3000, "xmr": 250, "ltc": 90, "bch": 400,
	"doge": 0.2, "xrp": 2, "ton": 3, "sol": 150, "trx": 0.25,
	"bnb": 700, "zec": 100, "dash": 30, "ada": 0.6, "dot": 5,
	"avax": 25, "pol": 0.3, "xlm": 0.3, "firo": 1.5, "near": 2,
	"usdt": 1, "usdc": 1, "dai": 1,
}

// RoughUSD returns the rough US dollar figure of one unit of the catalogue
// ticker (lower case), and false when it has none.
func RoughUSD(ticker string) (float64, bool) {
	v, ok := roughUSD[ticker]
	return v, ok
}
