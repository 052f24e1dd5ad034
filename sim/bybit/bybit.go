// Package bybit is Bybit's simulated v5 market API, beside the adapter
// venue/bybit (whose tickers and constants it reads): instruments-info and
// orderbook for category=spot (limit 1-200, default 1; decimals as
// strings), errors the Bybit way (HTTP 200, retCode 10001 "params error…"
// for a bad parameter or an unknown symbol), and its IP limit: past 600
// requests in 5 s the IP gets HTTP 403 "access too frequent" for ten
// minutes. Injected faults answer retCode 10006 "Too many visits!" (with
// the X-Bapi-Limit headers) or 10016.
package bybit

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/bybit"
)

// Sim is Bybit's simulated v5 market API.
func Sim() sim.Venue {
	lim := &ipLimit{window: cexsim.Window{Limit: 600, Span: 5 * time.Second}}
	return cexsim.Venue(cexsim.API{
		Spec: bybit.Spec(),
		Seq:  3887177875,
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			if c.Query("category") != "spot" { // linear, inverse, option: not simulated
				writeError(c, 10001, "params error: category is invalid")
				return
			}
			res := instrumentsResult{Category: "spot", List: make([]instrument, 0, len(ms))}
			for _, m := range ms {
				res.List = append(res.List, newInstrument(m))
			}
			c.JSON(200, response{RetCode: 0, RetMsg: "OK", Result: res, RetExtInfo: map[string]any{}, Time: c.Now().UnixMilli()})
		},
		BookQuery: bookQuery,
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			ts := c.Now().UnixMilli()
			out := make([]byte, 0, 160+48*(len(b.Bids)+len(b.Asks)))
			out = append(append(out, `{"retCode":0,"retMsg":"OK","result":{"s":"`...), b.Symbol...)
			out = cexsim.AppendLevels(append(out, `","a":`...), b.Asks, true, 0, nil)
			out = cexsim.AppendLevels(append(out, `,"b":`...), b.Bids, true, 0, nil)
			out = strconv.AppendInt(append(out, `,"ts":`...), ts, 10)
			out = strconv.AppendInt(append(out, `,"u":`...), b.Seq%1000000, 10)
			out = strconv.AppendInt(append(out, `,"seq":`...), b.Seq, 10)
			out = strconv.AppendInt(append(out, `,"cts":`...), ts-120, 10)
			out = strconv.AppendInt(append(out, `},"retExtInfo":{},"time":`...), ts+40, 10)
			c.Write(200, append(out, '}'))
		},
		NoMarket: func(c *cexsim.Call, _ string) { writeError(c, 10001, "params error: Not supported symbols") },
		Wrap:     lim.wrap,
		RateLimited: func(c *cexsim.Call) {
			c.W.Header().Set("X-Bapi-Limit", "10")
			c.W.Header().Set("X-Bapi-Limit-Status", "0")
			c.W.Header().Set("X-Bapi-Limit-Reset-Timestamp", strconv.FormatInt(c.Now().Add(time.Second).UnixMilli(), 10))
			writeError(c, 10006, "Too many visits!")
		},
		Failed: func(c *cexsim.Call) { writeError(c, 10016, "Internal server error.") },
	})
}

// bookQuery reads category, symbol and limit as /v5/market/orderbook does.
func bookQuery(c *cexsim.Call) (string, int, bool) {
	if c.Query("category") != "spot" {
		writeError(c, 10001, "params error: category is invalid")
		return "", 0, false
	}
	sym := c.Query("symbol")
	if sym == "" {
		writeError(c, 10001, "params error: symbol is required")
		return "", 0, false
	}
	limit, ok := c.Int("limit", 1) // 1 is the spot default [DOC]
	if !ok || limit < 1 || limit > 200 {
		writeError(c, 10001, "params error: limit must be between 1 and 200")
		return "", 0, false
	}
	return sym, limit, true
}

// writeError answers retCode with HTTP 200, as Bybit does.
func writeError(c *cexsim.Call, code int, msg string) {
	c.JSON(200, response{RetCode: code, RetMsg: msg, Result: map[string]any{}, RetExtInfo: map[string]any{}, Time: c.Now().UnixMilli()})
}

// minQty is the simulated minOrderQty by base coin; minOrderAmt is 1 in a
// stablecoin, 0.00001 BTC.
var minQty = map[string]string{"BTC": "0.000048", "ETH": "0.00062", "LTC": "0.011", "BCH": "0.0025",
	"DOGE": "6.5", "XRP": "1.7", "TON": "0.17", "SOL": "0.0067", "TRX": "8.5", "BNB": "0.0017",
	"ADA": "2.2", "DOT": "0.15", "AVAX": "0.029", "POL": "2", "XLM": "9", "DAI": "1", "USDC": "1"}

func newInstrument(m cexsim.Market) instrument {
	a := swapscout.MustAmount
	minAmt := "1"
	if m.Quote == "BTC" {
		minAmt = "0.00001"
	}
	mq := minQty[m.Sim.Base]
	if mq == "" {
		mq = "1"
	}
	return instrument{
		Symbol: m.Symbol, BaseCoin: m.Base, QuoteCoin: m.Quote, Status: "Trading",
		MarginTrading: "utaOnly", StTag: "0",
		LotSizeFilter: lotSizeFilter{BasePrecision: a("0.000001"), QuotePrecision: a("0.00000001"),
			MinOrderQty: a(mq), MaxOrderQty: a("1000000"), MinOrderAmt: a(minAmt), MaxOrderAmt: a("2000000")},
		PriceFilter:    priceFilter{TickSize: a("0.01")},
		RiskParameters: riskParameters{PriceLimitRatioX: a("0.01"), PriceLimitRatioY: a("0.02")},
	}
}

// ipLimit models Bybit's HTTP IP limit for the simulator's one client: 600
// requests in any 5 s window, then HTTP 403 for bybit.IPBan [DOC].
type ipLimit struct {
	window      cexsim.Window
	mu          sync.Mutex
	bannedUntil time.Time
}

func (l *ipLimit) wrap(x *sim.Exchange, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		l.mu.Lock()
		banned := now.Before(l.bannedUntil)
		if _, _, ok := l.window.Take(now, "", 1); !ok && !banned {
			l.bannedUntil, banned = now.Add(bybit.IPBan), true
		}
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
