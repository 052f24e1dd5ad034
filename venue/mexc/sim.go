package mexc

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is MEXC's simulated spot API: exchangeInfo the MEXC way (status "1",
// string minimums, commissions and tradeSideType, the PERCENT_PRICE_BY_SIDE
// filter, a paused symbol, fields left null or empty as MEXC leaves them), depth (limit 1-5000, levels as
// ["price","qty"] strings) and errors {"code","msg"}: -1121 for an unknown
// symbol, 700008 for a bad limit, an injected rate limit as 429 with
// Retry-After, an injected error as 500.
func Sim() sim.Venue {
	var updateID atomic.Int64
	updateID.Store(4_118_330_915)
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 120 * time.Millisecond, Spread: 0.0004, Fee: 0.0005, Depth: 5000,
			Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + ticker(m.Quote) },
		MarketsPath: "GET /api/v3/exchangeInfo",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			serveExchangeInfo(w, ms, now())
		},
		BookPath:  "GET /api/v3/depth",
		BookQuery: depthQuery,
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			out := make([]byte, 0, 64+48*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"lastUpdateId":`...)
			out = strconv.AppendInt(out, updateID.Add(1), 10)
			out = cex.AppendLevels(append(out, `,"bids":`...), b.Bids, true, 2, nil)
			out = cex.AppendLevels(append(out, `,"asks":`...), b.Asks, true, 2, nil)
			cex.WriteJSON(w, 200, append(out, '}'))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) { writeError(w, 400, -1121, "Invalid symbol.") },
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return h
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "2")
				writeError(w, 429, 429, "Too Many Requests")
				return
			}
			writeError(w, 500, 500, "Internal system error")
		},
	})
}

// simMarkets are the simulated markets: every mapped coin against USDT, the
// majors against USDC and BTC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "XMR/USDT", "XMR/BTC", "LTC/USDT", "LTC/BTC", "BCH/USDT", "DOGE/USDT",
	"XRP/USDT", "TON/USDT", "SOL/USDT", "SOL/USDC", "TRX/USDT", "BNB/USDT", "ZEC/USDT", "DASH/USDT",
	"ADA/USDT", "DOT/USDT", "AVAX/USDT", "POL/USDT", "XLM/USDT", "FIRO/USDT", "DAI/USDT", "BTC/USDC",
	"ETH/USDC", "USDC/USDT",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	b, _ := json.Marshal(errorResponse{Code: json.Number(strconv.Itoa(code)), Msg: msg})
	cex.WriteJSON(w, status, b)
}

// depthQuery reads symbol and limit as /api/v3/depth does.
func depthQuery(w http.ResponseWriter, r *http.Request) (string, int, bool) {
	q := r.URL.Query()
	limit := 100
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			writeError(w, 400, 700008, "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.")
			return "", 0, false
		}
		limit = min(n, 5000)
	}
	return q.Get("symbol"), limit, true
}

// minOrder is baseSizePrecision (the least quantity) by base asset.
var minOrder = map[string]string{"BTC": "0.000001", "ETH": "0.0001", "XMR": "0.001", "LTC": "0.001", "BNB": "0.001",
	"SOL": "0.001", "ZEC": "0.001", "DASH": "0.001", "BCH": "0.001", "AVAX": "0.01", "DOT": "0.01"}

// serveExchangeInfo writes exchangeInfo for the simulated markets, plus a
// paused symbol, with a few fields null or empty as MEXC sends them.
func serveExchangeInfo(w http.ResponseWriter, ms []cex.SimMarket, now time.Time) {
	info := exchangeInfo{Timezone: "CST", ServerTime: now.UnixMilli(), RateLimits: []any{}, ExchangeFilters: []any{}}
	add := func(base, quote, status string, i int) {
		minQty := minOrder[base]
		if minQty == "" {
			minQty = "0.01"
		}
		minValue, maxMarket := "1", "100000"
		if quote == "BTC" {
			minValue, maxMarket = "0.00001", "2"
		}
		s := symbol{Symbol: base + quote, Status: status, BaseAsset: base, BaseAssetPrecision: 6, QuoteAsset: quote,
			QuotePrecision: 8, QuoteAssetPrecision: 8, BaseCommissionPrecision: 6, QuoteCommissionPrecision: 8,
			OrderTypes: []string{"LIMIT", "MARKET", "LIMIT_MAKER"}, IsSpotTradingAllowed: true,
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
		add(ticker(m.Base), ticker(m.Quote), "1", i)
	}
	add("FIRO", "BTC", "2", 0) // paused
	b, err := json.Marshal(info)
	if err != nil {
		writeError(w, 500, 500, "Internal system error")
		return
	}
	cex.WriteJSON(w, 200, b)
}
