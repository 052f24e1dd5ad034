package bitfinex

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// symbols maps swapscout assets to Bitfinex's currency codes as its pair
// names use them ([DOC] pub:info:pair and pub:map:currency:sym in JKorf's
// fixtures: UST is USDT, UDC is USDC, DSH is DASH, BCHN is Bitcoin Cash,
// Polygon still trades as MATIC there) and the deposit method it pays out by
// ([DOC] pub:map:tx:method: TETHERUSE is USDT on Ethereum, TETHERUSX on Tron;
// the Solana method [MEM]). Not listed: BNB and FIRO (no Bitfinex pair
// [DOC]); USDT and USDC on other chains, ETH on layer 2s (methods not
// confirmed [MEM]).
var symbols = venue.Symbols[cex.Code]{
	{Ticker: "btc", Network: "btc"}:    {Ticker: "BTC", Network: "BITCOIN"},
	{Ticker: "eth", Network: "eth"}:    {Ticker: "ETH", Network: "ETHEREUM"},
	{Ticker: "xmr", Network: "xmr"}:    {Ticker: "XMR", Network: "MONERO"},
	{Ticker: "ltc", Network: "ltc"}:    {Ticker: "LTC", Network: "LITECOIN"},
	{Ticker: "bch", Network: "bch"}:    {Ticker: "BCHN", Network: "BCHN"},
	{Ticker: "doge", Network: "doge"}:  {Ticker: "DOGE", Network: "DOGE"},
	{Ticker: "xrp", Network: "xrp"}:    {Ticker: "XRP", Network: "RIPPLE"},
	{Ticker: "ton", Network: "ton"}:    {Ticker: "TON", Network: "TON"},
	{Ticker: "sol", Network: "sol"}:    {Ticker: "SOL", Network: "SOL"},
	{Ticker: "trx", Network: "trx"}:    {Ticker: "TRX", Network: "TRX"},
	{Ticker: "zec", Network: "zec"}:    {Ticker: "ZEC", Network: "ZCASH"},
	{Ticker: "dash", Network: "dash"}:  {Ticker: "DSH", Network: "DASH"},
	{Ticker: "ada", Network: "ada"}:    {Ticker: "ADA", Network: "ADA"},
	{Ticker: "dot", Network: "dot"}:    {Ticker: "DOT", Network: "DOT"},
	{Ticker: "avax", Network: "avaxc"}: {Ticker: "AVAX", Network: "AVAX"},
	{Ticker: "pol", Network: "matic"}:  {Ticker: "MATIC", Network: "MATIC"},
	{Ticker: "xlm", Network: "xlm"}:    {Ticker: "XLM", Network: "XLM"},
	{Ticker: "usdt", Network: "eth"}:   {Ticker: "UST", Network: "TETHERUSE"},
	{Ticker: "usdt", Network: "trx"}:   {Ticker: "UST", Network: "TETHERUSX"},
	{Ticker: "usdt", Network: "sol"}:   {Ticker: "UST", Network: "TETHERUSDTSOL"},
	{Ticker: "usdc", Network: "eth"}:   {Ticker: "UDC", Network: "UDC"},
	{Ticker: "dai", Network: "eth"}:    {Ticker: "DAI", Network: "DAI"},
}

const withdrawFeeSource = "per entry: [DOC] GET /v2/conf/pub:map:currency:tx:fee as JKorf's fixture gives it " +
	"(an old snapshot; Bitfinex publishes the live table there, unsigned), [MEM] where that lists 0 or nothing"

var withdrawFees = map[swapscout.Asset]swapscout.Amount{
	{Ticker: "btc", Network: "btc"}:    swapscout.MustAmount("0.0004"),    // [DOC]
	{Ticker: "eth", Network: "eth"}:    swapscout.MustAmount("0.0026391"), // [DOC]
	{Ticker: "xmr", Network: "xmr"}:    swapscout.MustAmount("0.0001"),    // [DOC]
	{Ticker: "ltc", Network: "ltc"}:    swapscout.MustAmount("0.001"),     // [DOC]
	{Ticker: "bch", Network: "bch"}:    swapscout.MustAmount("0.0002"),    // [MEM]
	{Ticker: "doge", Network: "doge"}:  swapscout.MustAmount("3"),         // [MEM]
	{Ticker: "xrp", Network: "xrp"}:    swapscout.MustAmount("0.1"),       // [DOC]
	{Ticker: "ton", Network: "ton"}:    swapscout.MustAmount("0.05"),      // [MEM]
	{Ticker: "sol", Network: "sol"}:    swapscout.MustAmount("0.005"),     // [MEM]
	{Ticker: "trx", Network: "trx"}:    swapscout.MustAmount("1"),         // [DOC]
	{Ticker: "zec", Network: "zec"}:    swapscout.MustAmount("0.003"),     // [DOC]
	{Ticker: "dash", Network: "dash"}:  swapscout.MustAmount("0.002"),     // [DOC] DSH
	{Ticker: "ada", Network: "ada"}:    swapscout.MustAmount("0.3"),       // [DOC]
	{Ticker: "dot", Network: "dot"}:    swapscout.MustAmount("0.1"),       // [MEM]
	{Ticker: "avax", Network: "avaxc"}: swapscout.MustAmount("0.01"),      // [MEM]
	{Ticker: "pol", Network: "matic"}:  swapscout.MustAmount("0.1"),       // [MEM]
	{Ticker: "xlm", Network: "xlm"}:    swapscout.MustAmount("0.01"),      // [MEM]
	{Ticker: "usdt", Network: "eth"}:   swapscout.MustAmount("5"),         // [MEM]
	{Ticker: "usdt", Network: "trx"}:   swapscout.MustAmount("1"),         // [MEM]
	{Ticker: "usdt", Network: "sol"}:   swapscout.MustAmount("1"),         // [MEM]
	{Ticker: "usdc", Network: "eth"}:   swapscout.MustAmount("5.5038"),    // [DOC] UDC
	{Ticker: "dai", Network: "eth"}:    swapscout.MustAmount("4.8035"),    // [DOC]
}
