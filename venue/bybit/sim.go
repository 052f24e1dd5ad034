package bybit

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is Bybit's simulated v5 market API: instruments-info and orderbook for
// category=spot (limit 1-200, default 1; decimals as strings), errors the
// Bybit way (HTTP 200, retCode 10001 "params error…" for a bad parameter or
// an unknown symbol), and its IP limit: past 600 requests in 5 s the IP gets
// HTTP 403 "access too frequent" for ten minutes. Injected faults answer
// retCode 10006 "Too many visits!" (with the X-Bapi-Limit headers) or 10016.
func Sim() sim.Venue {
	lim := &ipLimit{}
	var seq atomic.Int64
	seq.Store(3887177875)
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 120 * time.Millisecond, Spread: 0.0004, Fee: 0.001, Depth: 200,
			Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + ticker(m.Quote) },
		MarketsPath: "GET /v5/market/instruments-info",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			if r.URL.Query().Get("category") != "spot" { // linear, inverse, option: not simulated
				writeError(w, now(), 10001, "params error: category is invalid")
				return
			}
			res := instrumentsResult{Category: "spot", List: make([]instrument, 0, len(ms))}
			for _, m := range ms {
				res.List = append(res.List, simInstrument(m))
			}
			writeResult(w, now(), res)
		},
		BookPath:  "GET /v5/market/orderbook",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) { return bookQuery(w, r, now()) },
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			ts := now().UnixMilli()
			out := make([]byte, 0, 160+48*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"retCode":0,"retMsg":"OK","result":{"s":"`...)
			out = append(out, b.Symbol...)
			out = append(out, `","a":`...)
			out = cex.AppendLevels(out, b.Asks, true, 0, nil)
			out = append(out, `,"b":`...)
			out = cex.AppendLevels(out, b.Bids, true, 0, nil)
			out = append(out, `,"ts":`...)
			out = strconv.AppendInt(out, ts, 10)
			out = append(out, `,"u":`...)
			out = strconv.AppendInt(out, seq.Add(1)%1000000, 10)
			out = append(out, `,"seq":`...)
			out = strconv.AppendInt(out, seq.Load(), 10)
			out = append(out, `,"cts":`...)
			out = strconv.AppendInt(out, ts-120, 10)
			out = append(out, `},"retExtInfo":{},"time":`...)
			out = strconv.AppendInt(out, ts+40, 10)
			cex.WriteJSON(w, 200, append(out, '}'))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) {
			writeError(w, now(), 10001, "params error: Not supported symbols")
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return lim.wrap(x, h)
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("X-Bapi-Limit", "10")
				w.Header().Set("X-Bapi-Limit-Status", "0")
				w.Header().Set("X-Bapi-Limit-Reset-Timestamp", strconv.FormatInt(now().Add(time.Second).UnixMilli(), 10))
				writeError(w, now(), 10006, "Too many visits!")
				return
			}
			writeError(w, now(), 10016, "Internal server error.")
		},
	})
}

// simMarkets are the simulated spot markets: every mapped coin against USDT,
// the majors against USDC and BTC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "LTC/USDT", "BCH/USDT", "DOGE/USDT", "XRP/USDT", "TON/USDT",
	"SOL/USDT", "SOL/BTC", "TRX/USDT", "BNB/USDT", "ADA/USDT", "DOT/USDT", "AVAX/USDT", "POL/USDT",
	"XLM/USDT", "DAI/USDT", "USDC/USDT", "BTC/USDC", "ETH/USDC", "SOL/USDC",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

// bookQuery reads category, symbol and limit as /v5/market/orderbook does.
func bookQuery(w http.ResponseWriter, r *http.Request, now time.Time) (string, int, bool) {
	q := r.URL.Query()
	if q.Get("category") != "spot" {
		writeError(w, now, 10001, "params error: category is invalid")
		return "", 0, false
	}
	sym := q.Get("symbol")
	if sym == "" {
		writeError(w, now, 10001, "params error: symbol is required")
		return "", 0, false
	}
	limit := 1 // the spot default [DOC]
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 200 {
			writeError(w, now, 10001, "params error: limit must be between 1 and 200")
			return "", 0, false
		}
		limit = n
	}
	return sym, limit, true
}

func writeResult(w http.ResponseWriter, now time.Time, result any) {
	b, err := json.Marshal(response{RetCode: 0, RetMsg: "OK", Result: result, RetExtInfo: map[string]any{}, Time: now.UnixMilli()})
	if err != nil {
		writeError(w, now, 10016, "Internal server error.")
		return
	}
	cex.WriteJSON(w, 200, b)
}

func writeError(w http.ResponseWriter, now time.Time, code int, msg string) {
	b, _ := json.Marshal(response{RetCode: code, RetMsg: msg, Result: map[string]any{}, RetExtInfo: map[string]any{}, Time: now.UnixMilli()})
	cex.WriteJSON(w, 200, b)
}

// minQty is the simulated minOrderQty by base coin; minOrderAmt is 1 in a
// stablecoin, 0.00001 BTC.
var minQty = map[string]string{"BTC": "0.000048", "ETH": "0.00062", "LTC": "0.011", "BCH": "0.0025",
	"DOGE": "6.5", "XRP": "1.7", "TON": "0.17", "SOL": "0.0067", "TRX": "8.5", "BNB": "0.0017",
	"ADA": "2.2", "DOT": "0.15", "AVAX": "0.029", "POL": "2", "XLM": "9", "DAI": "1", "USDC": "1"}

func simInstrument(m cex.SimMarket) instrument {
	a := swapscout.MustAmount
	minAmt := "1"
	if m.Quote == "BTC" {
		minAmt = "0.00001"
	}
	mq := minQty[m.Base]
	if mq == "" {
		mq = "1"
	}
	return instrument{
		Symbol: m.Symbol, BaseCoin: ticker(m.Base), QuoteCoin: ticker(m.Quote), Status: "Trading",
		MarginTrading: "utaOnly", StTag: "0",
		LotSizeFilter: lotSizeFilter{BasePrecision: a("0.000001"), QuotePrecision: a("0.00000001"),
			MinOrderQty: a(mq), MaxOrderQty: a("1000000"), MinOrderAmt: a(minAmt), MaxOrderAmt: a("2000000")},
		PriceFilter:    priceFilter{TickSize: a("0.01")},
		RiskParameters: riskParameters{PriceLimitRatioX: a("0.01"), PriceLimitRatioY: a("0.02")},
	}
}

// ipLimit models Bybit's HTTP IP limit (one client per simulator): 600
// requests in any 5 s window, then HTTP 403 for ten minutes [DOC].
type ipLimit struct {
	mu          sync.Mutex
	window      time.Time // start of the 5 s window being counted
	count       int
	bannedUntil time.Time
}

const (
	ipLimitCount  = 600
	ipLimitWindow = 5 * time.Second
)

func (l *ipLimit) wrap(x *sim.Exchange, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		l.mu.Lock()
		if now.Sub(l.window) >= ipLimitWindow {
			l.window, l.count = now, 0
		}
		l.count++
		if l.count > ipLimitCount && !now.Before(l.bannedUntil) {
			l.bannedUntil = now.Add(ipBan)
		}
		banned := now.Before(l.bannedUntil)
		l.mu.Unlock()
		if banned {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte("access too frequent"))
			return
		}
		h.ServeHTTP(w, r)
	})
}
