package xgram

import (
	"github.com/swapscout/swapscout/venue"
)

// symbols maps swapscout assets to Xgram's currency codes: the keys of
// GET /list-currency-options, which retrieve-rate-value takes as fromCcy and
// toCcy. BTC, ETH, XMR and USDTTRC20 appear in requests in Xgram's docs and in
// two clients ([DOC]/[CODE]); ADA, USDT (ERC-20), USDC (ERC-20), USDTSOLANA,
// USDCSOLANA and ZEC are keys Edge's reporting plugin lists with their
// networks ([CODE]). The other native coins use their ticker as code ([MEM]:
// an unknown code is refused as CURRENCY_UNSUPPORTED, i.e. unsupported_pair).
var symbols = venue.Symbols[string]{
	{Ticker: "btc", Network: "btc"}:   "BTC",
	{Ticker: "eth", Network: "eth"}:   "ETH",
	{Ticker: "xmr", Network: "xmr"}:   "XMR",
	{Ticker: "ltc", Network: "ltc"}:   "LTC",
	{Ticker: "bch", Network: "bch"}:   "BCH",
	{Ticker: "doge", Network: "doge"}: "DOGE",
	{Ticker: "xrp", Network: "xrp"}:   "XRP",
	{Ticker: "sol", Network: "sol"}:   "SOL",
	{Ticker: "trx", Network: "trx"}:   "TRX",
	{Ticker: "zec", Network: "zec"}:   "ZEC",
	{Ticker: "dash", Network: "dash"}: "DASH",
	{Ticker: "ada", Network: "ada"}:   "ADA",
	{Ticker: "usdt", Network: "eth"}:  "USDT",
	{Ticker: "usdt", Network: "trx"}:  "USDTTRC20",
	{Ticker: "usdt", Network: "sol"}:  "USDTSOLANA",
	{Ticker: "usdc", Network: "eth"}:  "USDC",
	{Ticker: "usdc", Network: "sol"}:  "USDCSOLANA",
}
