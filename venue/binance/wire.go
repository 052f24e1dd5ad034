package binance

import "github.com/swapscout/swapscout"

// Wire types of Binance's spot REST API, mirroring the recorded responses of
// ../shared/research/exchange-apis.md section B1 (gct's recording of
// exchangeInfo and depth, [REC]) and the official docs ([DOC]
// binance-spot-api-docs rest-api.md). The adapter reads exchangeInfo with
// encoding/json into lenient structs (parseMarkets) and depth with
// book.Scanner (parseBook); these structs are what the simulator writes,
// and document the shapes.

// exchangeInfo is GET /api/v3/exchangeInfo.
type exchangeInfo struct {
	Timezone        string      `json:"timezone"`
	ServerTime      int64       `json:"serverTime"`
	RateLimits      []rateLimit `json:"rateLimits"`
	ExchangeFilters []any       `json:"exchangeFilters"`
	Symbols         []symbol    `json:"symbols"`
}

type rateLimit struct {
	RateLimitType string `json:"rateLimitType"` // REQUEST_WEIGHT, ORDERS, RAW_REQUESTS
	Interval      string `json:"interval"`      // SECOND, MINUTE, DAY
	IntervalNum   int    `json:"intervalNum"`
	Limit         int    `json:"limit"`
}

// symbol is an item of exchangeInfo's symbols. Precisions and flags are JSON
// numbers and booleans; filter values are strings.
type symbol struct {
	Symbol                          string     `json:"symbol"`
	Status                          string     `json:"status"` // TRADING, HALT, BREAK
	BaseAsset                       string     `json:"baseAsset"`
	BaseAssetPrecision              int        `json:"baseAssetPrecision"`
	QuoteAsset                      string     `json:"quoteAsset"`
	QuotePrecision                  int        `json:"quotePrecision"`
	QuoteAssetPrecision             int        `json:"quoteAssetPrecision"`
	BaseCommissionPrecision         int        `json:"baseCommissionPrecision"`
	QuoteCommissionPrecision        int        `json:"quoteCommissionPrecision"`
	OrderTypes                      []string   `json:"orderTypes"`
	IcebergAllowed                  bool       `json:"icebergAllowed"`
	OcoAllowed                      bool       `json:"ocoAllowed"`
	OtoAllowed                      bool       `json:"otoAllowed"`
	QuoteOrderQtyMarketAllowed      bool       `json:"quoteOrderQtyMarketAllowed"`
	AllowTrailingStop               bool       `json:"allowTrailingStop"`
	CancelReplaceAllowed            bool       `json:"cancelReplaceAllowed"`
	AmendAllowed                    bool       `json:"amendAllowed"`
	IsSpotTradingAllowed            bool       `json:"isSpotTradingAllowed"`
	IsMarginTradingAllowed          bool       `json:"isMarginTradingAllowed"`
	Filters                         []filter   `json:"filters"`
	Permissions                     []string   `json:"permissions"`
	PermissionSets                  [][]string `json:"permissionSets"`
	DefaultSelfTradePreventionMode  string     `json:"defaultSelfTradePreventionMode"`
	AllowedSelfTradePreventionModes []string   `json:"allowedSelfTradePreventionModes"`
}

// filter is one of a symbol's filters; which fields it has depends on
// filterType (PRICE_FILTER, LOT_SIZE, MARKET_LOT_SIZE, NOTIONAL, …).
type filter struct {
	FilterType       string            `json:"filterType"`
	MinPrice         *swapscout.Amount `json:"minPrice,omitempty"`
	MaxPrice         *swapscout.Amount `json:"maxPrice,omitempty"`
	TickSize         *swapscout.Amount `json:"tickSize,omitempty"`
	MinQty           *swapscout.Amount `json:"minQty,omitempty"`
	MaxQty           *swapscout.Amount `json:"maxQty,omitempty"`
	StepSize         *swapscout.Amount `json:"stepSize,omitempty"`
	MinNotional      *swapscout.Amount `json:"minNotional,omitempty"`
	ApplyMinToMarket *bool             `json:"applyMinToMarket,omitempty"`
	MaxNotional      *swapscout.Amount `json:"maxNotional,omitempty"`
	ApplyMaxToMarket *bool             `json:"applyMaxToMarket,omitempty"`
	AvgPriceMins     *int              `json:"avgPriceMins,omitempty"`
}

// depth is GET /api/v3/depth: levels are ["price","qty"], strings with 8
// decimals, best first.
type depth struct {
	LastUpdateID int64       `json:"lastUpdateId"`
	Bids         [][2]string `json:"bids"`
	Asks         [][2]string `json:"asks"`
}

// errorResponse is the body of an error: {"code":-1121,"msg":"Invalid symbol."}.
type errorResponse struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
}
