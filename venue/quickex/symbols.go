package quickex

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is Quickex's name for an asset: an instrument's currency title and
// network title, both uppercase (research A10 and Appendix A: tokens carry the
// standard as network title, e.g. USDT/TRC20, [CODE]/[DOC]; native coins use
// their own ticker, e.g. BTC/BTC, XMR/XMR, ADA/ADA, [CODE]/[DOC]). The native
// titles of the other coins follow that convention and are [MEM]: a wrong one
// is answered with 422 "pair not supported", which maps to unsupported_pair.
type Code struct{ Currency, Network string }

// Symbols are the assets Quickex swaps, by currency and network title.
var Symbols = venue.MapAssets(venue.AssetList("btc@btc eth@eth xmr@xmr ltc@ltc bch@bch doge@doge xrp@xrp ton@ton sol@sol trx@trx zec@zec dash@dash ada@ada xlm@xlm usdt@eth usdt@trx usdc@eth"),
	func(a swapscout.Asset) Code {
		currency := strings.ToUpper(a.Ticker)
		if venue.IsToken(a) {
			return Code{currency, map[string]string{"eth": "ERC20", "trx": "TRC20"}[a.Network]}
		}
		return Code{currency, currency}
	})
