package binance

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

// Sim is Binance's simulated spot API: exchangeInfo (honouring symbolStatus
// and showPermissionSets, with XMRBTC in BREAK as Binance still lists it),
// depth (limit 1-5000, prices and quantities as strings with 8 decimals),
// the {"code","msg"} errors, and request weight: every answer carries
// X-MBX-USED-WEIGHT-1M; past 6000 a minute, or on an injected rate-limit
// fault, it answers 429 with Retry-After, and a client that keeps calling
// during a 429's Retry-After is banned with 418 for two minutes.
func Sim() sim.Venue {
	lim := &limiter{now: time.Now}
	var updateID atomic.Int64
	updateID.Store(8223158780)
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 80 * time.Millisecond, Spread: 0.0003, Fee: 0.001, Depth: 5000,
			Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + ticker(m.Quote) },
		MarketsPath: "GET /api/v3/exchangeInfo",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			serveExchangeInfo(w, r, ms, lim.now())
		},
		BookPath:  "GET /api/v3/depth",
		BookQuery: depthQuery,
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			out := make([]byte, 0, 64+64*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"lastUpdateId":`...)
			out = strconv.AppendInt(out, updateID.Add(1), 10)
			out = append(out, `,"bids":`...)
			out = cex.AppendLevels(out, b.Bids, true, 8, nil)
			out = append(out, `,"asks":`...)
			out = cex.AppendLevels(out, b.Asks, true, 8, nil)
			cex.WriteJSON(w, 200, append(out, '}'))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) {
			writeError(w, 400, -1121, "Invalid symbol.")
		},
		Wrap: lim.wrap,
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				lim.refuse(w, lim.now(), time.Second)
				return
			}
			writeError(w, 500, -1001, "Internal error; unable to process your request. Please try again.")
		},
	})
}

// simMarkets are the simulated spot markets: every mapped coin against USDT,
// most against BTC, the majors against USDC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "LTC/USDT", "LTC/BTC", "BCH/USDT", "BCH/BTC", "DOGE/USDT", "DOGE/BTC",
	"XRP/USDT", "XRP/BTC", "TON/USDT", "SOL/USDT", "SOL/BTC", "TRX/USDT", "TRX/BTC", "BNB/USDT", "BNB/BTC",
	"ZEC/USDT", "ZEC/BTC", "DASH/USDT", "DASH/BTC", "ADA/USDT", "ADA/BTC", "DOT/USDT", "DOT/BTC",
	"AVAX/USDT", "AVAX/BTC", "POL/USDT", "XLM/USDT", "XLM/BTC", "NEAR/USDT", "NEAR/BTC", "BTC/USDC", "ETH/USDC", "SOL/USDC", "USDC/USDT",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	b, _ := json.Marshal(errorResponse{Code: code, Msg: msg})
	cex.WriteJSON(w, status, b)
}

// depthQuery reads symbol and limit as /api/v3/depth does.
func depthQuery(w http.ResponseWriter, r *http.Request) (string, int, bool) {
	q := r.URL.Query()
	sym := q.Get("symbol")
	if sym == "" {
		writeError(w, 400, -1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.")
		return "", 0, false
	}
	limit := 100
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			writeError(w, 400, -1100, "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.")
			return "", 0, false
		}
		if n > 0 {
			limit = min(n, 5000)
		}
	}
	return sym, limit, true
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

// limiter models Binance's per-IP request weight (one client per simulator).
type limiter struct {
	now          func() time.Time // the simulator's clock, once wrap has run
	mu           sync.Mutex
	minute       time.Time // the window being counted
	used         int
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
	l.now = x.Now
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		l.mu.Lock()
		if l.refusing(w, now) {
			l.mu.Unlock()
			return
		}
		if m := now.Truncate(time.Minute); !m.Equal(l.minute) {
			l.minute, l.used = m, 0
		}
		if l.used+weight(r) > weightLimit {
			l.mu.Unlock()
			l.refuse(w, now, l.minute.Add(time.Minute).Sub(now))
			return
		}
		l.used += weight(r)
		w.Header().Set("X-MBX-USED-WEIGHT-1M", strconv.Itoa(l.used))
		l.mu.Unlock()
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
	w.Header().Set("Retry-After", seconds(l.limitedUntil.Sub(now)))
	w.Header().Set("X-MBX-USED-WEIGHT-1M", strconv.Itoa(l.used))
	writeError(w, 429, -1003, "Too much request weight used; current limit is 6000 request weight per 1 MINUTE. "+
		"Please use WebSocket Streams for live updates to avoid polling the API.")
}

func seconds(d time.Duration) string {
	return strconv.Itoa(int((d + time.Second - 1) / time.Second))
}

// serveExchangeInfo writes exchangeInfo for the simulated markets.
func serveExchangeInfo(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket, now time.Time) {
	q := r.URL.Query()
	status := q.Get("symbolStatus")
	info := exchangeInfo{
		Timezone: "UTC", ServerTime: now.UnixMilli(),
		RateLimits: []rateLimit{
			{"REQUEST_WEIGHT", "MINUTE", 1, weightLimit}, {"ORDERS", "SECOND", 10, 100},
			{"ORDERS", "DAY", 1, 200000}, {"RAW_REQUESTS", "MINUTE", 5, 61000},
		},
		ExchangeFilters: []any{},
		Symbols:         []symbol{},
	}
	perms := [][]string{{"SPOT", "MARGIN"}}
	if q.Get("showPermissionSets") == "false" {
		perms = [][]string{}
	}
	add := func(base, quote, st string) {
		info.Symbols = append(info.Symbols, simSymbol(base, quote, st, perms))
	}
	if status == "" || status == "TRADING" {
		for _, m := range ms {
			add(ticker(m.Base), ticker(m.Quote), "TRADING")
		}
	}
	if status == "" || status == "BREAK" {
		add("XMR", "BTC", "BREAK") // delisted, still described
	}
	b, err := json.Marshal(info)
	if err != nil {
		writeError(w, 500, -1001, "Internal error; unable to process your request. Please try again.")
		return
	}
	cex.WriteJSON(w, 200, b)
}

// minNotional is the NOTIONAL filter's minimum by quote asset.
var minNotional = map[string]string{"USDT": "5", "USDC": "5", "BTC": "0.0001", "ETH": "0.001", "BNB": "0.01"}

func simSymbol(base, quote, status string, perms [][]string) symbol {
	a := func(s string) *swapscout.Amount { v := swapscout.MustAmount(s); return &v }
	yes, no, five := true, false, 5
	mn := minNotional[quote]
	if mn == "" {
		mn = "1"
	}
	return symbol{
		Symbol: base + quote, Status: status, BaseAsset: base, BaseAssetPrecision: 8, QuoteAsset: quote,
		QuotePrecision: 8, QuoteAssetPrecision: 8, BaseCommissionPrecision: 8, QuoteCommissionPrecision: 8,
		OrderTypes:     []string{"LIMIT", "LIMIT_MAKER", "MARKET", "STOP_LOSS", "STOP_LOSS_LIMIT", "TAKE_PROFIT", "TAKE_PROFIT_LIMIT"},
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
