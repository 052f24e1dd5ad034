package cexsim

import "strconv"

// The shapes of Binance's spot API v3 that the exchanges copying it (MEXC)
// write the same way: exchangeInfo's frame and the head of its symbols, the
// depth answer, and the {"code","msg"} error. Each venue keeps its own
// fields, words and limits.

// ExchangeInfo is GET /api/v3/exchangeInfo as Binance writes it and as the
// exchanges that copy Binance's spot API (MEXC) write it too: L is the type
// of a rate limit (MEXC leaves the list empty), S a venue's symbol, which
// begins with a SymbolHead.
type ExchangeInfo[L, S any] struct {
	Timezone        string `json:"timezone"`
	ServerTime      int64  `json:"serverTime"`
	RateLimits      []L    `json:"rateLimits"`
	ExchangeFilters []any  `json:"exchangeFilters"`
	Symbols         []S    `json:"symbols"`
}

// SymbolHead is the first fields of an ExchangeInfo symbol, in Binance's
// order, the same in every copy of the API; each venue's symbol type embeds
// it first and adds its own fields after it. Status is the venue's word
// (Binance's TRADING, MEXC's "1").
type SymbolHead struct {
	Symbol                   string   `json:"symbol"`
	Status                   string   `json:"status"`
	BaseAsset                string   `json:"baseAsset"`
	BaseAssetPrecision       int      `json:"baseAssetPrecision"`
	QuoteAsset               string   `json:"quoteAsset"`
	QuotePrecision           int      `json:"quotePrecision"`
	QuoteAssetPrecision      int      `json:"quoteAssetPrecision"`
	BaseCommissionPrecision  int      `json:"baseCommissionPrecision"`
	QuoteCommissionPrecision int      `json:"quoteCommissionPrecision"`
	OrderTypes               []string `json:"orderTypes"`
}

// NewSymbolHead is the head of market base/quote (named base+quote) with
// status: quote amounts to 8 decimals, base amounts and commissions to
// basePrecision, and the order types the venue takes.
func NewSymbolHead(base, quote, status string, basePrecision int, orderTypes ...string) SymbolHead {
	return SymbolHead{Symbol: base + quote, Status: status, BaseAsset: base, BaseAssetPrecision: basePrecision,
		QuoteAsset: quote, QuotePrecision: 8, QuoteAssetPrecision: 8, BaseCommissionPrecision: basePrecision,
		QuoteCommissionPrecision: 8, OrderTypes: orderTypes}
}

// WriteDepth answers GET /api/v3/depth: {"lastUpdateId":…,"bids":…,"asks":…}
// with prices and quantities as strings of at least decimals decimals.
func WriteDepth(c *Call, b *Book, decimals int) {
	out := make([]byte, 0, 64+64*(len(b.Bids)+len(b.Asks)))
	out = strconv.AppendInt(append(out, `{"lastUpdateId":`...), b.Seq, 10)
	out = AppendLevels(append(out, `,"bids":`...), b.Bids, true, decimals, nil)
	out = AppendLevels(append(out, `,"asks":`...), b.Asks, true, decimals, nil)
	c.Write(200, append(out, '}'))
}

// CodeMsg is an error: {"code":-1121,"msg":"Invalid symbol."}.
type CodeMsg struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
}
