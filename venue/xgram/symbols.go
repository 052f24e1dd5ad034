package xgram

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Symbols maps swapscout assets to Xgram's currency codes: the keys of
// GET /list-currency-options, which retrieve-rate-value takes as fromCcy and
// toCcy. BTC, ETH, XMR and USDTTRC20 appear in requests in Xgram's docs and in
// two clients ([DOC]/[CODE]); ADA, USDT (ERC-20), USDC (ERC-20), USDTSOLANA,
// USDCSOLANA and ZEC are keys Edge's reporting plugin lists with their
// networks ([CODE]). The other native coins use their ticker as code ([MEM]:
// an unknown code is refused as CURRENCY_UNSUPPORTED, i.e. unsupported_pair).
var Symbols = venue.MapAssets(venue.AssetList("btc@btc eth@eth xmr@xmr ltc@ltc bch@bch doge@doge xrp@xrp sol@sol trx@trx zec@zec dash@dash ada@ada usdt@eth usdt@trx usdt@sol usdc@eth usdc@sol"),
	func(a swapscout.Asset) string {
		code := strings.ToUpper(a.Ticker)
		if venue.IsToken(a) {
			code += map[string]string{"trx": "TRC20", "sol": "SOLANA"}[a.Network] // tokens on Ethereum go by the ticker alone
		}
		return code
	})
