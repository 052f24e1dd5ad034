// Package mexc is MEXC's simulated spot API, beside the adapter venue/mexc
// (whose tickers it reads): exchangeInfo the MEXC way (status "1", string
// minimums, commissions and tradeSideType, the PERCENT_PRICE_BY_SIDE
// filter, a paused symbol, fields left null or empty as MEXC leaves them),
// depth (limit 1-5000, levels as ["price","qty"] strings) and errors
// {"code","msg"}: -1121 for an unknown symbol, 700008 for a bad limit, an
// injected rate limit as 429 with Retry-After, an injected error as 500.
package mexc

import (
	"net/http"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/mexc"
)

// Sim is MEXC's simulated spot API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:    mexc.Spec(),
		Seq:     4_118_330_915,
		Markets: serveExchangeInfo,
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			limit, ok := c.Int("limit", 100)
			if !ok || limit < 1 {
				writeError(c.W, 400, 700008, "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.")
				return "", 0, false
			}
			return c.Query("symbol"), min(limit, 5000), true
		},
		Book:     func(c *cexsim.Call, b *cexsim.Book) { cexsim.WriteDepth(c, b, 2) },
		NoMarket: func(c *cexsim.Call, _ string) { writeError(c.W, 400, -1121, "Invalid symbol.") },
		RateLimited: func(c *cexsim.Call) {
			c.W.Header().Set("Retry-After", "2")
			writeError(c.W, 429, 429, "Too Many Requests")
		},
		Failed: func(c *cexsim.Call) { writeError(c.W, 500, 500, "Internal system error") },
	})
}

// writeError answers {"code":…,"msg":…}, the code a JSON number.
func writeError(w http.ResponseWriter, status, code int, msg string) {
	cexsim.JSON(w, status, cexsim.CodeMsg{Code: code, Msg: msg})
}

// minOrder is baseSizePrecision (the least quantity) by base asset.
var minOrder = map[string]string{"BTC": "0.000001", "ETH": "0.0001", "XMR": "0.001", "LTC": "0.001", "BNB": "0.001",
	"SOL": "0.001", "ZEC": "0.001", "DASH": "0.001", "BCH": "0.001", "AVAX": "0.01", "DOT": "0.01"}

// serveExchangeInfo writes exchangeInfo for the simulated markets, plus a
// paused symbol, with a few fields null or empty as MEXC sends them.
func serveExchangeInfo(c *cexsim.Call, ms []cexsim.Market) {
	info := exchangeInfo{Timezone: "CST", ServerTime: c.Now().UnixMilli(), RateLimits: []any{}, ExchangeFilters: []any{}}
	add := func(base, quote, status string, i int) {
		minQty := minOrder[base]
		if minQty == "" {
			minQty = "0.01"
		}
		minValue, maxMarket := "1", "100000"
		if quote == "BTC" {
			minValue, maxMarket = "0.00001", "2"
		}
		s := symbol{SymbolHead: cexsim.NewSymbolHead(base, quote, status, 6, "LIMIT", "MARKET", "LIMIT_MAKER"), IsSpotTradingAllowed: true,
			QuoteAmountPrecision: minValue, BaseSizePrecision: minQty, Permissions: []string{"SPOT"},
			Filters:        []filter{{FilterType: "PERCENT_PRICE_BY_SIDE", BidMultiplierUp: "5", AskMultiplierDown: "0.2"}},
			MaxQuoteAmount: "2000000", MakerCommission: "0", TakerCommission: "0.0005",
			QuoteAmountPrecisionMarket: &minValue, MaxQuoteAmountMarket: &maxMarket, FullName: base, TradeSideType: "1"}
		if i%5 == 4 { // MEXC leaves some fields empty or null
			s.TakerCommission, s.QuoteAmountPrecisionMarket, s.MaxQuoteAmountMarket = "", nil, nil
			empty := ""
			s.ContractAddress = &empty
		}
		info.Symbols = append(info.Symbols, s)
	}
	for i, m := range ms {
		add(m.Base, m.Quote, "1", i)
	}
	add("FIRO", "BTC", "2", 0) // paused
	c.JSON(200, info)
}
