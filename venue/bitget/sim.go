package bitget

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is Bitget's simulated spot API v2: symbols (every value a string, a
// gray and a halted symbol among them), orderbook (type step0-step5, limit
// 1-150, levels as ["price","size"] strings, data.ts a string beside a
// numeric requestTime), all in the {"code","msg","requestTime","data"}
// envelope; errors in it too: 40034 for an unknown symbol, 40017 for a bad
// parameter, an injected rate limit as HTTP 429 code "429", an injected error
// as HTTP 500 code "40015".
func Sim() sim.Venue {
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 140 * time.Millisecond, Spread: 0.0004, Fee: 0.001, Depth: 150,
			LevelUSD: 60000, Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + ticker(m.Quote) },
		MarketsPath: "GET /api/v2/spot/public/symbols",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			serveSymbols(w, ms, now())
		},
		BookPath: "GET /api/v2/spot/market/orderbook",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			return bookQuery(w, r, now())
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			t := now()
			out := make([]byte, 0, 128+48*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"code":"00000","msg":"success","requestTime":`...)
			out = strconv.AppendInt(out, t.UnixMilli(), 10)
			out = cex.AppendLevels(append(out, `,"data":{"asks":`...), b.Asks, true, 0, nil)
			out = cex.AppendLevels(append(out, `,"bids":`...), b.Bids, true, 0, nil)
			out = strconv.AppendInt(append(out, `,"ts":"`...), t.UnixMilli()+5, 10)
			cex.WriteJSON(w, 200, append(out, `"}}`...))
		},
		NetworksPath: "GET /api/v2/spot/public/coins",
		Networks: func(w http.ResponseWriter, r *http.Request) {
			b, _ := json.Marshal(envelope[[]coin]{Code: "00000", Msg: "success", RequestTime: now().UnixMilli(), Data: simCoins()})
			cex.WriteJSON(w, 200, b)
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, symbol string) {
			writeError(w, 400, "40034", "Parameter "+symbol+" does not exist", now())
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return h
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				writeError(w, 429, "429", "Too Many Requests", now())
				return
			}
			writeError(w, 500, "40015", "System is abnormal, please try again later", now())
		},
	})
}

// simCoins lists every mapped chain, open, at the static table's fee.
func simCoins() []coin {
	var out []coin
	for i, sc := range spec.SimCurrencies() {
		c := coin{CoinID: strconv.Itoa(i + 1), Coin: sc.Ticker, Transfer: "true"}
		for _, ch := range sc.Chains {
			c.Chains = append(c.Chains, coinChain{Chain: ch.Network, NeedTag: "false", Withdrawable: "true",
				Rechargeable: "true", WithdrawFee: ch.Fee.String(), MinDepositAmount: "0"})
		}
		out = append(out, c)
	}
	return out
}

// simMarkets are the simulated markets: every mapped coin against USDT, the
// majors against USDC and BTC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "XMR/USDT", "LTC/USDT", "LTC/BTC", "BCH/USDT", "DOGE/USDT", "XRP/USDT",
	"TON/USDT", "SOL/USDT", "SOL/USDC", "TRX/USDT", "BNB/USDT", "ZEC/USDT", "DASH/USDT", "ADA/USDT", "DOT/USDT",
	"AVAX/USDT", "POL/USDT", "XLM/USDT", "DAI/USDT", "BTC/USDC", "ETH/USDC", "USDC/USDT",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

func writeError(w http.ResponseWriter, status int, code, msg string, now time.Time) {
	b, _ := json.Marshal(envelope[any]{Code: code, Msg: msg, RequestTime: now.UnixMilli()})
	cex.WriteJSON(w, status, b)
}

// bookQuery reads symbol, type and limit as the orderbook endpoint does.
func bookQuery(w http.ResponseWriter, r *http.Request, now time.Time) (string, int, bool) {
	q := r.URL.Query()
	if q.Get("symbol") == "" {
		writeError(w, 400, "40019", "Parameter symbol cannot be empty", now)
		return "", 0, false
	}
	switch q.Get("type") {
	case "", "step0", "step1", "step2", "step3", "step4", "step5":
	default:
		writeError(w, 400, "40017", "Parameter verification failed type", now)
		return "", 0, false
	}
	limit := 150
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			writeError(w, 400, "40017", "Parameter verification failed limit", now)
			return "", 0, false
		}
		limit = min(n, 150)
	}
	return q.Get("symbol"), limit, true
}

// minTrade is minTradeAmount (in base) by base coin.
var minTrade = map[string]string{"BTC": "0.0001", "ETH": "0.001", "XMR": "0.01", "LTC": "0.01", "BCH": "0.001",
	"SOL": "0.01", "BNB": "0.001", "ZEC": "0.01", "DASH": "0.01", "AVAX": "0.01", "DOT": "0.1"}

// serveSymbols writes the symbols envelope, with a gray (not yet open) and
// a halted symbol beside the online ones.
func serveSymbols(w http.ResponseWriter, ms []cex.SimMarket, now time.Time) {
	out := envelope[[]symbol]{Code: "00000", Msg: "success", RequestTime: now.UnixMilli()}
	add := func(base, quote, status string) {
		min := minTrade[base]
		if min == "" {
			min = "1"
		}
		minUSDT := "1"
		if quote == "USDT" {
			minUSDT = "5"
		}
		out.Data = append(out.Data, symbol{Symbol: base + quote, BaseCoin: base, QuoteCoin: quote,
			MinTradeAmount: min, MaxTradeAmount: "10000000000", TakerFeeRate: "0.001", MakerFeeRate: "0.001",
			PricePrecision: "4", QuantityPrecision: "6", QuotePrecision: "6", MinTradeUSDT: minUSDT, Status: status,
			BuyLimitPriceRatio: "0.05", SellLimitPriceRatio: "0.05", AreaSymbol: "no", OrderQuantity: "200",
			OpenTime: "1532454360000"})
	}
	for _, m := range ms {
		add(ticker(m.Base), ticker(m.Quote), "online")
	}
	add("XMR", "BTC", "halt")
	add("TON", "BTC", "gray")
	b, err := json.Marshal(out)
	if err != nil {
		writeError(w, 500, "40015", "System is abnormal, please try again later", now)
		return
	}
	cex.WriteJSON(w, 200, b)
}
