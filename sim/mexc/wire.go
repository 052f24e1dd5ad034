package mexc

import "github.com/swapscout/swapscout/sim/cexsim"

// Wire types of MEXC's spot API v3 as the simulator writes them, mirroring
// ../shared/research/exchange-apis.md section B12: the docs' examples as
// JKorf's Mexc.Net fixtures carry them ([DOC] exchangeInfo, depth) and the
// official docs' field table ([DOC] MEXC spot v3 "Market Data Endpoints").
// The API copies Binance's, with differences: status is "1", minimums are
// strings in fields named …Precision, filters are empty or
// PERCENT_PRICE_BY_SIDE, each symbol carries its own commissions,
// tradeSideType is a string in the docs and a number in older examples, and
// some fields come back empty ("") or null.

// exchangeInfo is GET /api/v3/exchangeInfo; MEXC leaves rateLimits empty.
type exchangeInfo = cexsim.ExchangeInfo[any, symbol]

// symbol is an item of exchangeInfo's symbols. Nullable fields are pointers.
type symbol struct {
	// status "1" enabled, "2" paused, "3" offline; orderTypes LIMIT, MARKET, LIMIT_MAKER
	cexsim.SymbolHead
	IsSpotTradingAllowed       bool     `json:"isSpotTradingAllowed"`
	IsMarginTradingAllowed     bool     `json:"isMarginTradingAllowed"`
	QuoteAmountPrecision       string   `json:"quoteAmountPrecision"` // least order value, in quote
	BaseSizePrecision          string   `json:"baseSizePrecision"`    // least quantity, in base
	Permissions                []string `json:"permissions"`
	Filters                    []filter `json:"filters"` // empty, or PERCENT_PRICE_BY_SIDE
	MaxQuoteAmount             string   `json:"maxQuoteAmount"`
	MakerCommission            string   `json:"makerCommission"`
	TakerCommission            string   `json:"takerCommission"` // fraction, "0.0005"
	QuoteAmountPrecisionMarket *string  `json:"quoteAmountPrecisionMarket"`
	MaxQuoteAmountMarket       *string  `json:"maxQuoteAmountMarket"`
	FullName                   string   `json:"fullName"`
	TradeSideType              string   `json:"tradeSideType"` // "1" all, "2" buy only, "3" sell only, "4" closed (a number in older examples)
	ContractAddress            *string  `json:"contractAddress,omitempty"`
	St                         bool     `json:"st"`
}

// filter is the one filter MEXC documents: limit prices within multiples of
// the last price (market orders are not bound by it).
type filter struct {
	FilterType        string `json:"filterType"` // PERCENT_PRICE_BY_SIDE
	BidMultiplierUp   string `json:"bidMultiplierUp"`
	AskMultiplierDown string `json:"askMultiplierDown"`
}
