package bitstamp

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is Bitstamp's simulated public API: trading-pairs-info (enabled pairs
// with "20.0 USD"-style minimums, plus a disabled one as Bitstamp keeps
// listing them), the whole order book (thousands of levels a side,
// ["price","amount"] strings, prices to the pair's counter decimals), 404
// for an unknown pair, and injected faults as HTTP 400 with response_code
// 400.002 (rate limit) or a 500, in the {"status":"error","reason":…} shape.
func Sim() sim.Venue {
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 150 * time.Millisecond, Spread: 0.0006, Fee: 0.004, Depth: 2500,
			LevelUSD: 10000, Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return strings.ToLower(ticker(m.Base) + ticker(m.Quote)) },
		MarketsPath: "GET /api/v2/trading-pairs-info/",
		Markets:     servePairs,
		BookPath:    "GET /api/v2/order_book/{pair}/",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			switch r.URL.Query().Get("group") {
			case "", "0", "1", "2":
				return r.PathValue("pair"), 0, true // always the whole book
			}
			writeError(w, 400, "", "Invalid group parameter.")
			return "", 0, false
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			ts := now()
			out := make([]byte, 0, 96+40*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"timestamp":"`...)
			out = strconv.AppendInt(out, ts.Unix(), 10)
			out = append(out, `","microtimestamp":"`...)
			out = strconv.AppendInt(out, ts.UnixMicro(), 10)
			out = append(out, `","bids":`...)
			out = cex.AppendLevels(out, b.Bids, true, 0, nil)
			out = append(out, `,"asks":`...)
			out = cex.AppendLevels(out, b.Asks, true, 0, nil)
			cex.WriteJSON(w, 200, append(out, '}'))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) { writeError(w, 404, "", "Not found") },
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return h
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				writeError(w, 400, "400.002", "Request rejected due to exceeded rate limit.")
				return
			}
			writeError(w, 500, "", "Internal server error.")
		},
	})
}

// simMarkets are the simulated pairs: the coins against USD, most against
// BTC, the majors against USDT and USDC, the stablecoins against USD.
var simMarkets = []string{
	"BTC/USD", "ETH/USD", "ETH/BTC", "LTC/USD", "LTC/BTC", "BCH/USD", "BCH/BTC", "DOGE/USD", "XRP/USD",
	"XRP/BTC", "SOL/USD", "ADA/USD", "DOT/USD", "AVAX/USD", "POL/USD", "XLM/USD", "XLM/BTC",
	"USDT/USD", "USDC/USD", "USDC/USDT", "DAI/USD", "BTC/USDT", "ETH/USDT", "BTC/USDC", "ETH/USDC",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

func writeError(w http.ResponseWriter, status int, responseCode, reason string) {
	b, _ := json.Marshal(errorResponse{Status: "error", Reason: reason, ResponseCode: responseCode})
	cex.WriteJSON(w, status, b)
}

var names = map[string]string{"BTC": "Bitcoin", "ETH": "Ether", "LTC": "Litecoin", "BCH": "Bitcoin Cash",
	"DOGE": "Dogecoin", "XRP": "XRP", "SOL": "Solana", "ADA": "Cardano", "DOT": "Polkadot", "AVAX": "Avalanche",
	"POL": "Polygon", "XLM": "Stellar Lumens", "USDT": "Tether", "USDC": "USD Coin", "DAI": "DAI",
	"USD": "U.S. dollar", "ETH2": "Ethereum 2.0"}

// servePairs writes trading-pairs-info for the simulated markets.
func servePairs(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
	ps := make([]pairInfo, 0, len(ms)+1)
	add := func(base, quote, symbol, trading string) {
		min, counter := "20.0 "+quote, 2
		if quote == "BTC" {
			min, counter = "0.0002 BTC", 8
		} else if strings.HasPrefix(base, "USD") || base == "DAI" {
			counter = 5
		}
		ps = append(ps, pairInfo{BaseDecimals: 8, CounterDecimals: counter, Description: names[base] + " / " + names[quote],
			MinimumOrder: min, Name: base + "/" + quote, Trading: trading, URLSymbol: symbol, InstantAndMarketOrders: trading})
	}
	for _, m := range ms {
		add(ticker(m.Base), ticker(m.Quote), m.Symbol, "Enabled")
	}
	add("ETH2", "ETH", "eth2eth", "Disabled")
	b, err := json.Marshal(ps)
	if err != nil {
		writeError(w, 500, "", "Internal server error.")
		return
	}
	cex.WriteJSON(w, 200, b)
}
