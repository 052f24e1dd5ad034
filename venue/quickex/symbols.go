package quickex

import (
	"github.com/swapscout/swapscout/venue"
)

// code is Quickex's name for an asset: an instrument's currency title and
// network title, both uppercase (research A10 and Appendix A: tokens carry the
// standard as network title, e.g. USDT/TRC20, [CODE]/[DOC]; native coins use
// their own ticker, e.g. BTC/BTC, XMR/XMR, ADA/ADA, [CODE]/[DOC]). The native
// titles of the other coins follow that convention and are [MEM]: a wrong one
// is answered with 422 "pair not supported", which maps to unsupported_pair.
type code struct{ Currency, Network string }

var symbols = venue.Symbols[code]{
	{Ticker: "btc", Network: "btc"}:   {"BTC", "BTC"},
	{Ticker: "eth", Network: "eth"}:   {"ETH", "ETH"},
	{Ticker: "xmr", Network: "xmr"}:   {"XMR", "XMR"},
	{Ticker: "ltc", Network: "ltc"}:   {"LTC", "LTC"},
	{Ticker: "bch", Network: "bch"}:   {"BCH", "BCH"},
	{Ticker: "doge", Network: "doge"}: {"DOGE", "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:   {"XRP", "XRP"},
	{Ticker: "ton", Network: "ton"}:   {"TON", "TON"},
	{Ticker: "sol", Network: "sol"}:   {"SOL", "SOL"},
	{Ticker: "trx", Network: "trx"}:   {"TRX", "TRX"},
	{Ticker: "zec", Network: "zec"}:   {"ZEC", "ZEC"},
	{Ticker: "dash", Network: "dash"}: {"DASH", "DASH"},
	{Ticker: "ada", Network: "ada"}:   {"ADA", "ADA"},
	{Ticker: "xlm", Network: "xlm"}:   {"XLM", "XLM"},
	{Ticker: "usdt", Network: "eth"}:  {"USDT", "ERC20"},
	{Ticker: "usdt", Network: "trx"}:  {"USDT", "TRC20"},
	{Ticker: "usdc", Network: "eth"}:  {"USDC", "ERC20"},
}
