package kucoin

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is KuCoin's simulated public spot API: /api/v2/symbols, and the
// level2_20 and level2_100 book snapshots (decimals as strings, sequence a
// string), errors in the {"code","msg"} envelope (400100 for a missing
// symbol, 900001 for an unknown one), and the public resource pool: 2000
// weight per 30 s, every answer carrying gw-ratelimit-limit, -remaining and
// -reset (ms), and past it HTTP 429 with code 429000. Injected faults answer
// that 429, or HTTP 500 with code 500000.
func Sim() sim.Venue {
	pool := &resourcePool{}
	var seq atomic.Int64
	seq.Store(3262786978)
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 180 * time.Millisecond, Spread: 0.0005, Fee: 0.001, Depth: 100,
			Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + "-" + ticker(m.Quote) },
		MarketsPath: "GET /api/v2/symbols",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			list := make([]symbol, 0, len(ms)+1)
			for _, m := range ms {
				list = append(list, simSymbol(m.Symbol, ticker(m.Base), ticker(m.Quote), true))
			}
			list = append(list, simSymbol("FIRO-USDT", "FIRO", "USDT", false)) // listed, not trading
			writeJSON(w, 200, response{Code: "200000", Data: list})
		},
		BookPath: "GET /api/v1/market/orderbook/{level}",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			depth, ok := map[string]int{"level2_20": 20, "level2_100": 100}[r.PathValue("level")]
			if !ok {
				writeJSON(w, 404, response{Code: "404000", Msg: "Url Not Found"})
				return "", 0, false
			}
			sym := r.URL.Query().Get("symbol")
			if sym == "" {
				writeJSON(w, 400, response{Code: "400100", Msg: "Parameter Error: symbol is required"})
				return "", 0, false
			}
			return sym, depth, true
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			out := make([]byte, 0, 96+48*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"code":"200000","data":{"sequence":"`...)
			out = strconv.AppendInt(out, seq.Add(1), 10)
			out = append(out, `","time":`...)
			out = strconv.AppendInt(out, now().UnixMilli(), 10)
			out = append(out, `,"bids":`...)
			out = cex.AppendLevels(out, b.Bids, true, 0, nil)
			out = append(out, `,"asks":`...)
			out = cex.AppendLevels(out, b.Asks, true, 0, nil)
			cex.WriteJSON(w, 200, append(out, "}}"...))
		},
		NetworksPath: "GET /api/v3/currencies",
		Networks: func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, 200, response{Code: "200000", Data: simCurrencies()})
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) {
			writeJSON(w, 200, response{Code: "900001", Msg: "symbol not exists"})
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return pool.wrap(x, h)
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				tooMany(w)
				return
			}
			writeJSON(w, 500, response{Code: "500000", Msg: "Internal Server Error"})
		},
	})
}

// simCurrencies lists every mapped chain, open, at the static table's fee.
func simCurrencies() []currency {
	var out []currency
	for _, sc := range spec.SimCurrencies() {
		cur := currency{Currency: sc.Ticker, Name: sc.Ticker, FullName: sc.Ticker}
		for _, ch := range sc.Chains {
			cur.Chains = append(cur.Chains, chain{ChainName: ch.Network, ChainID: strings.ToLower(ch.Network),
				WithdrawalMinFee: ch.Fee, IsWithdrawEnabled: true, IsDepositEnabled: true})
		}
		out = append(out, cur)
	}
	return out
}

// simMarkets are the simulated markets: every mapped coin against USDT,
// most against BTC, the majors against USDC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "XMR/USDT", "XMR/BTC", "LTC/USDT", "LTC/BTC", "BCH/USDT", "DOGE/USDT",
	"DOGE/BTC", "XRP/USDT", "XRP/BTC", "TON/USDT", "SOL/USDT", "SOL/BTC", "TRX/USDT", "BNB/USDT", "ZEC/USDT",
	"DASH/USDT", "ADA/USDT", "ADA/BTC", "DOT/USDT", "AVAX/USDT", "POL/USDT", "XLM/USDT", "DAI/USDT",
	"USDC/USDT", "BTC/USDC", "ETH/USDC",
}

func ticker(simTicker string) string {
	t, ok := spec.Ticker(simTicker)
	if !ok {
		return simTicker
	}
	return t
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json;charset=UTF-8"}.Write

func tooMany(w http.ResponseWriter) {
	writeJSON(w, 429, response{Code: "429000", Msg: "Too Many Requests"})
}

// baseMin is the simulated baseMinSize by currency.
var baseMin = map[string]string{"BTC": "0.00001", "ETH": "0.0001", "XMR": "0.001", "LTC": "0.001", "BCH": "0.0001",
	"DOGE": "1", "XRP": "0.1", "TON": "0.01", "SOL": "0.001", "TRX": "1", "BNB": "0.001", "ZEC": "0.001",
	"DASH": "0.001", "ADA": "0.1", "DOT": "0.01", "AVAX": "0.01", "POL": "1", "XLM": "1", "DAI": "0.1", "USDC": "0.1"}

func simSymbol(sym, base, quote string, trading bool) symbol {
	a := swapscout.MustAmount
	market, quoteMin, minFunds := "USDS", "0.1", "0.1"
	if quote == "BTC" {
		market, quoteMin, minFunds = "BTC", "0.000001", "0.000001"
	}
	bm := baseMin[base]
	if bm == "" {
		bm = "1"
	}
	return symbol{
		Symbol: sym, Name: sym, BaseCurrency: base, QuoteCurrency: quote, FeeCurrency: quote, Market: market,
		BaseMinSize: a(bm), QuoteMinSize: a(quoteMin), BaseMaxSize: a("10000000000"), QuoteMaxSize: a("99999999"),
		BaseIncrement: a("0.00000001"), QuoteIncrement: a("0.000001"), PriceIncrement: a("0.0000001"),
		PriceLimitRate: a("0.1"), MinFunds: a(minFunds), IsMarginEnabled: trading, EnableTrading: trading,
	}
}

// resourcePool models KuCoin's public pool for one client: 2000 weight per
// 30 s; level2_20 weighs 2, level2_100 and the symbol list 4 [DOC levels].
type resourcePool struct {
	mu     sync.Mutex
	window time.Time
	used   int
}

const (
	poolLimit  = 2000
	poolWindow = 30 * time.Second
)

func (p *resourcePool) wrap(x *sim.Exchange, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		weight := 4
		if r.URL.Path == "/api/v1/market/orderbook/level2_20" {
			weight = 2
		}
		p.mu.Lock()
		if now.Sub(p.window) >= poolWindow {
			p.window, p.used = now, 0
		}
		ok := p.used+weight <= poolLimit
		if ok {
			p.used += weight
		}
		left, reset := poolLimit-p.used, p.window.Add(poolWindow).Sub(now)
		p.mu.Unlock()
		w.Header().Set("gw-ratelimit-limit", strconv.Itoa(poolLimit))
		w.Header().Set("gw-ratelimit-remaining", strconv.Itoa(left))
		w.Header().Set("gw-ratelimit-reset", strconv.FormatInt(reset.Milliseconds(), 10))
		if !ok {
			tooMany(w)
			return
		}
		h.ServeHTTP(w, r)
	})
}
