package gate

import (
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is Gate's simulated v4 spot API: currency_pairs (fee in percent,
// recorded field set, one untradable pair), order_book (currency_pair
// required, limit 1-1000 defaulting to 10, id only with with_id=true,
// decimals as strings with trailing zeros trimmed; interval is not
// simulated: every book is unaggregated), errors as {"label","message"}
// with HTTP 400, and the public limit of 200 requests per 10 s per endpoint:
// past it HTTP 429 TOO_MANY_REQUESTS. Every answer carries the
// X-Gate-RateLimit-* headers. Injected faults answer that 429 or HTTP 500
// SERVER_ERROR.
func Sim() sim.Venue {
	lim := &endpointLimit{used: map[string]int{}}
	var bookID atomic.Int64
	bookID.Store(27596272445)
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 200 * time.Millisecond, Spread: 0.0006, Fee: 0.002, Depth: 1000,
			Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + "_" + ticker(m.Quote) },
		MarketsPath: "GET /api/v4/spot/currency_pairs",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			list := make([]currencyPair, 0, len(ms)+1)
			for _, m := range ms {
				list = append(list, simPair(ticker(m.Base), ticker(m.Quote), "tradable"))
			}
			list = append(list, simPair("XEM", "USDT", "untradable"))
			writeJSON(w, 200, list)
		},
		BookPath: "GET /api/v4/spot/order_book",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			q := r.URL.Query()
			pair := q.Get("currency_pair")
			if pair == "" {
				writeJSON(w, 400, errorResponse{Label: "MISSING_REQUIRED_PARAM", Message: "Missing required parameter: currency_pair"})
				return "", 0, false
			}
			limit := 10
			if s := q.Get("limit"); s != "" {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 || n > 1000 {
					writeJSON(w, 400, errorResponse{Label: "INVALID_PARAM_VALUE", Detail: "Invalid request parameter `limit` value: " + s})
					return "", 0, false
				}
				limit = n
			}
			return pair, limit, true
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			ms := now().UnixMilli()
			out := make([]byte, 0, 96+40*(len(b.Bids)+len(b.Asks)))
			out = append(out, '{')
			if r.URL.Query().Get("with_id") == "true" {
				out = append(out, `"id":`...)
				out = strconv.AppendInt(out, bookID.Add(1), 10)
				out = append(out, ',')
			}
			out = append(out, `"current":`...)
			out = strconv.AppendInt(out, ms, 10)
			out = append(out, `,"update":`...)
			out = strconv.AppendInt(out, ms-1, 10)
			out = append(out, `,"asks":`...)
			out = cex.AppendLevels(out, b.Asks, true, 0, nil)
			out = append(out, `,"bids":`...)
			out = cex.AppendLevels(out, b.Bids, true, 0, nil)
			cex.WriteJSON(w, 200, append(out, '}'))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, pair string) {
			writeJSON(w, 400, errorResponse{Label: "INVALID_CURRENCY_PAIR", Message: "Invalid currency pair " + venue.Clip(pair)})
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return lim.wrap(x, h)
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				tooMany(w)
				return
			}
			writeJSON(w, 500, errorResponse{Label: "SERVER_ERROR", Message: "Internal server error"})
		},
	})
}

// simMarkets are the simulated pairs: every mapped coin against USDT, most
// against BTC, the majors against USDC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "XMR/USDT", "XMR/BTC", "FIRO/USDT", "LTC/USDT", "LTC/BTC", "BCH/USDT",
	"DOGE/USDT", "XRP/USDT", "TON/USDT", "SOL/USDT", "SOL/BTC", "TRX/USDT", "BNB/USDT", "ZEC/USDT", "ZEC/BTC",
	"DASH/USDT", "ADA/USDT", "DOT/USDT", "AVAX/USDT", "POL/USDT", "XLM/USDT", "DAI/USDT", "USDC/USDT",
	"BTC/USDC", "ETH/USDC",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json;charset=UTF-8"}.Write

func tooMany(w http.ResponseWriter) {
	writeJSON(w, 429, errorResponse{Label: "TOO_MANY_REQUESTS", Message: "Request Rate limit Exceeded"})
}

// minBase is the simulated min_base_amount by currency.
var minBase = map[string]string{"BTC": "0.000001", "ETH": "0.0001", "XMR": "0.001", "FIRO": "0.1", "LTC": "0.001",
	"BCH": "0.001", "DOGE": "1", "XRP": "0.1", "TON": "0.01", "SOL": "0.001", "TRX": "1", "BNB": "0.001",
	"ZEC": "0.001", "DASH": "0.001", "ADA": "0.1", "DOT": "0.01", "AVAX": "0.01", "POL": "1", "XLM": "1",
	"DAI": "0.1", "USDC": "0.1"}

func simPair(base, quote, status string) currencyPair {
	a := swapscout.MustAmount
	minQuote := "3"
	if quote == "BTC" {
		minQuote = "0.00001"
	}
	mb := minBase[base]
	if mb == "" {
		mb = "1"
	}
	id := base + "_" + quote
	return currencyPair{
		AmountPrecision: 6, Base: base, BaseName: base, DownRate: a("0.1"), Fee: a("0.2"), ID: id,
		MarketOrderMaxMoney: a("200000"), MarketOrderMaxStock: a("1000000"), MaxQuoteAmount: a("5000000"),
		MinBaseAmount: a(mb), MinQuoteAmount: a(minQuote), Precision: 6, Quote: quote, QuoteName: quote,
		BuyStart: 1608350400, SellStart: 1608264000, Slippage: a("0.1"), TradeStatus: status,
		TradeURL: "https://www.gate.com/trade/" + id, Type: "normal", UpRate: a("0.1"),
	}
}

// endpointLimit models Gate's public limit for one client: 200 requests per
// 10 s per endpoint [DOC].
type endpointLimit struct {
	mu     sync.Mutex
	window time.Time
	used   map[string]int
}

const (
	endpointLimitCount  = 200
	endpointLimitWindow = 10 * time.Second
)

func (l *endpointLimit) wrap(x *sim.Exchange, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		l.mu.Lock()
		if now.Sub(l.window) >= endpointLimitWindow {
			l.window, l.used = now, map[string]int{}
		}
		l.used[r.URL.Path]++
		left := endpointLimitCount - l.used[r.URL.Path]
		reset := l.window.Add(endpointLimitWindow)
		l.mu.Unlock()
		w.Header().Set("X-Gate-RateLimit-Limit", strconv.Itoa(endpointLimitCount))
		w.Header().Set("X-Gate-RateLimit-Requests-Remain", strconv.Itoa(max(left, 0)))
		w.Header().Set("X-Gate-RateLimit-Reset-Timestamp", strconv.FormatInt(reset.Unix(), 10))
		if left < 0 {
			tooMany(w)
			return
		}
		h.ServeHTTP(w, r)
	})
}
