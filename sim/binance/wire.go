package binance

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim/cexsim"
)

// Wire types of Binance's spot REST API as the simulator writes them,
// mirroring the recorded responses of ../shared/research/exchange-apis.md
// section B1 (gct's recording of exchangeInfo and depth, [REC]) and the
// official docs ([DOC] binance-spot-api-docs rest-api.md).

// exchangeInfo is GET /api/v3/exchangeInfo.
type exchangeInfo = cexsim.ExchangeInfo[rateLimit, symbol]

type rateLimit struct {
	RateLimitType string `json:"rateLimitType"` // REQUEST_WEIGHT, ORDERS, RAW_REQUESTS
	Interval      string `json:"interval"`      // SECOND, MINUTE, DAY
	IntervalNum   int    `json:"intervalNum"`
	Limit         int    `json:"limit"`
}

// symbol is an item of exchangeInfo's symbols. Precisions and flags are JSON
// numbers and booleans; filter values are strings.
type symbol struct {
	// status TRADING, HALT or BREAK
	cexsim.SymbolHead
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

// minNotional is the NOTIONAL filter's minimum by quote asset.
var minNotional = map[string]string{"USDT": "5", "USDC": "5", "BTC": "0.0001", "ETH": "0.001", "BNB": "0.01"}

// newSymbol is an item of exchangeInfo's symbols, with the filters of a
// real spot market.
func newSymbol(base, quote, status string, perms [][]string) symbol {
	a := func(s string) *swapscout.Amount { v := swapscout.MustAmount(s); return &v }
	yes, no, five := true, false, 5
	mn := minNotional[quote]
	if mn == "" {
		mn = "1"
	}
	return symbol{
		SymbolHead: cexsim.NewSymbolHead(base, quote, status, 8,
			"LIMIT", "LIMIT_MAKER", "MARKET", "STOP_LOSS", "STOP_LOSS_LIMIT", "TAKE_PROFIT", "TAKE_PROFIT_LIMIT"),
		IcebergAllowed: true, OcoAllowed: true, OtoAllowed: true, QuoteOrderQtyMarketAllowed: true,
		AllowTrailingStop: true, CancelReplaceAllowed: true, AmendAllowed: true,
		IsSpotTradingAllowed: true, IsMarginTradingAllowed: true,
		Filters: []filter{
			{FilterType: "PRICE_FILTER", MinPrice: a("0.00000001"), MaxPrice: a("1000000"), TickSize: a("0.00000001")},
			{FilterType: "LOT_SIZE", MinQty: a("0.00001"), MaxQty: a("9000"), StepSize: a("0.00001")},
			{FilterType: "MARKET_LOT_SIZE", MinQty: a("0"), MaxQty: a("100"), StepSize: a("0")},
			{FilterType: "NOTIONAL", MinNotional: a(mn), ApplyMinToMarket: &yes, MaxNotional: a("9000000"), ApplyMaxToMarket: &no, AvgPriceMins: &five},
		},
		Permissions: []string{}, PermissionSets: perms,
		DefaultSelfTradePreventionMode:  "EXPIRE_MAKER",
		AllowedSelfTradePreventionModes: []string{"EXPIRE_TAKER", "EXPIRE_MAKER", "EXPIRE_BOTH", "DECREMENT"},
	}
}
