// Package binance is Binance's simulated spot API, beside the adapter
// venue/binance (whose tickers and fees it reads): exchangeInfo (honouring
// symbolStatus and showPermissionSets, with XMRBTC in BREAK as Binance still
// lists it), depth (limit 1-5000, prices and quantities as strings with 8
// decimals), the {"code","msg"} errors, and request weight: every answer
// carries X-MBX-USED-WEIGHT-1M; past 6000 a minute, or on an injected
// rate-limit fault, it answers 429 with Retry-After, and a client that keeps
// calling during a 429's Retry-After is banned with 418 for two minutes.
package binance

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/binance"
)

// Sim is Binance's simulated spot API.
func Sim() sim.Venue {
	lim := &limiter{window: cexsim.Window{Limit: weightLimit, Span: time.Minute, Align: true}}
	return cexsim.Venue(cexsim.API{
		Spec:        binance.Spec(),
		Seq:         8223158780,
		Markets:     serveExchangeInfo,
		BookQuery:   depthQuery,
		Book:        func(c *cexsim.Call, b *cexsim.Book) { cexsim.WriteDepth(c, b, 8) },
		NoMarket:    func(c *cexsim.Call, _ string) { writeError(c.W, 400, -1121, "Invalid symbol.") },
		Wrap:        lim.wrap,
		RateLimited: func(c *cexsim.Call) { lim.refuse(c.W, c.Now(), time.Second) },
		Failed:      func(c *cexsim.Call) { writeError(c.W, 500, -1001, internalError) },
	})
}

const internalError = "Internal error; unable to process your request. Please try again."

func writeError(w http.ResponseWriter, status, code int, msg string) {
	cexsim.JSON(w, status, cexsim.CodeMsg{Code: code, Msg: msg})
}

// depthQuery reads symbol and limit as /api/v3/depth does.
func depthQuery(c *cexsim.Call) (string, int, bool) {
	sym := c.Query("symbol")
	if sym == "" {
		writeError(c.W, 400, -1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.")
		return "", 0, false
	}
	limit, ok := c.Int("limit", 100)
	if !ok || limit < 0 {
		writeError(c.W, 400, -1100, "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.")
		return "", 0, false
	}
	if limit == 0 {
		limit = 100
	}
	return sym, min(limit, 5000), true
}

// weight is a request's weight [DOC]: depth by limit, exchangeInfo 20.
func weight(r *http.Request) int {
	if r.URL.Path != "/api/v3/depth" {
		return 20
	}
	n, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	switch {
	case n <= 100:
		return 5
	case n <= 500:
		return 25
	case n <= 1000:
		return 50
	}
	return 250
}

// limiter models Binance's per-IP request weight for the simulator's one
// client, and its bans.
type limiter struct {
	window       cexsim.Window // the weight of the calendar minute
	mu           sync.Mutex
	limitedUntil time.Time // Retry-After of the last 429
	strikes      int       // calls made while limited
	bannedUntil  time.Time
}

const (
	weightLimit = 6000
	banStrikes  = 3
	banFor      = 2 * time.Minute
)

func (l *limiter) wrap(x *sim.Exchange, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		l.mu.Lock()
		refused := l.refusing(w, now)
		l.mu.Unlock()
		if refused {
			return
		}
		used, reset, ok := l.window.Take(now, "", weight(r))
		if !ok {
			l.refuse(w, now, reset.Sub(now))
			return
		}
		w.Header().Set("X-MBX-USED-WEIGHT-1M", strconv.Itoa(used))
		h.ServeHTTP(w, r)
	})
}

// refusing answers 418 to a banned client, and 429 (counting a strike, and
// banning after banStrikes) to one that calls within a 429's Retry-After.
// The caller holds l.mu.
func (l *limiter) refusing(w http.ResponseWriter, now time.Time) bool {
	switch {
	case now.Before(l.bannedUntil):
	case now.Before(l.limitedUntil):
		if l.strikes++; l.strikes < banStrikes {
			l.answer429(w, now)
			return true
		}
		l.bannedUntil = now.Add(banFor)
	default:
		return false
	}
	w.Header().Set("Retry-After", seconds(l.bannedUntil.Sub(now)))
	writeError(w, 418, -1003, "Way too much request weight used; IP banned until "+
		strconv.FormatInt(l.bannedUntil.UnixMilli(), 10)+". Please use WebSocket Streams for live updates to avoid bans.")
	return true
}

// refuse answers 429 for d (or 418 if the client is banned or striking out).
func (l *limiter) refuse(w http.ResponseWriter, now time.Time, d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.refusing(w, now) {
		return
	}
	l.limitedUntil, l.strikes = now.Add(d), 0
	l.answer429(w, now)
}

func (l *limiter) answer429(w http.ResponseWriter, now time.Time) {
	used, _, _ := l.window.Take(now, "", 0)
	w.Header().Set("Retry-After", seconds(l.limitedUntil.Sub(now)))
	w.Header().Set("X-MBX-USED-WEIGHT-1M", strconv.Itoa(used))
	writeError(w, 429, -1003, "Too much request weight used; current limit is 6000 request weight per 1 MINUTE. "+
		"Please use WebSocket Streams for live updates to avoid polling the API.")
}

func seconds(d time.Duration) string {
	return strconv.Itoa(int((d + time.Second - 1) / time.Second))
}

// serveExchangeInfo writes exchangeInfo for the simulated markets.
func serveExchangeInfo(c *cexsim.Call, ms []cexsim.Market) {
	status := c.Query("symbolStatus")
	info := exchangeInfo{
		Timezone: "UTC", ServerTime: c.Now().UnixMilli(),
		RateLimits: []rateLimit{
			{"REQUEST_WEIGHT", "MINUTE", 1, weightLimit}, {"ORDERS", "SECOND", 10, 100},
			{"ORDERS", "DAY", 1, 200000}, {"RAW_REQUESTS", "MINUTE", 5, 61000},
		},
		ExchangeFilters: []any{},
		Symbols:         []symbol{},
	}
	perms := [][]string{{"SPOT", "MARGIN"}}
	if c.Query("showPermissionSets") == "false" {
		perms = [][]string{}
	}
	if status == "" || status == "TRADING" {
		for _, m := range ms {
			info.Symbols = append(info.Symbols, newSymbol(m.Base, m.Quote, "TRADING", perms))
		}
	}
	if status == "" || status == "BREAK" {
		info.Symbols = append(info.Symbols, newSymbol("XMR", "BTC", "BREAK", perms)) // delisted, still described
	}
	c.JSON(200, info)
}
