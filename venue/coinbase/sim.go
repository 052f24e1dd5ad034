package coinbase

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is Coinbase Exchange's simulated public API: /products (online
// products, plus a delisted one as Coinbase keeps describing them), the
// book at level 1 (best bid and ask) or 2 (the whole book: levels
// ["price","size",num_orders]), level 3 refused, errors as {"message":…}
// with 404 for an unknown product and 400 for a bad level or a request
// without a User-Agent, and injected faults as 429 {"message":"Public rate
// limit exceeded"} (no Retry-After) or 500.
func Sim() sim.Venue {
	var seq atomic.Int64
	seq.Store(13051505638)
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 120 * time.Millisecond, Spread: 0.0004, Fee: 0.006, Depth: 1500,
			LevelUSD: 15000, Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + "-" + ticker(m.Quote) },
		MarketsPath: "GET /products",
		Markets:     serveProducts,
		BookPath:    "GET /products/{id}/book",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			switch r.URL.Query().Get("level") {
			case "", "1":
				return r.PathValue("id"), 1, true
			case "2":
				return r.PathValue("id"), 0, true // the whole book
			}
			writeError(w, 400, "Invalid level")
			return "", 0, false
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			orders := func(dst []byte, i int) []byte { return strconv.AppendInt(append(dst, ','), int64(1+i*7%13), 10) }
			out := make([]byte, 0, 96+48*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"bids":`...)
			out = cex.AppendLevels(out, b.Bids, true, 0, orders)
			out = append(out, `,"asks":`...)
			out = cex.AppendLevels(out, b.Asks, true, 0, orders)
			out = append(out, `,"sequence":`...)
			out = strconv.AppendInt(out, seq.Add(1), 10)
			out = append(out, `,"auction_mode":false,"auction":null,"time":"`...)
			out = now().UTC().AppendFormat(out, "2006-01-02T15:04:05.000000Z")
			cex.WriteJSON(w, 200, append(out, `"}`...))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) { writeError(w, 404, "NotFound") },
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("User-Agent") == "" {
					writeError(w, 400, "User-Agent header is required.")
					return
				}
				h.ServeHTTP(w, r)
			})
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				writeError(w, 429, "Public rate limit exceeded")
				return
			}
			writeError(w, 500, "Internal server error")
		},
	})
}

// simMarkets are the simulated products: the coins against USD, the majors
// against BTC and USDT, Tether against USD and USDC.
var simMarkets = []string{
	"BTC/USD", "ETH/USD", "ETH/BTC", "LTC/USD", "LTC/BTC", "BCH/USD", "BCH/BTC", "DOGE/USD", "XRP/USD",
	"SOL/USD", "SOL/BTC", "ZEC/USD", "DASH/USD", "ADA/USD", "DOT/USD", "AVAX/USD", "POL/USD", "XLM/USD",
	"USDT/USD", "USDT/USDC", "BTC/USDT", "ETH/USDT", "SOL/USDT", "DAI/USD",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

func writeError(w http.ResponseWriter, status int, msg string) {
	b, _ := json.Marshal(errorResponse{Message: msg})
	cex.WriteJSON(w, status, b)
}

// serveProducts writes /products for the simulated markets.
func serveProducts(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
	ps := make([]product, 0, len(ms)+1)
	for _, m := range ms {
		ps = append(ps, simProduct(m.Symbol, ticker(m.Base), ticker(m.Quote), "online"))
	}
	ps = append(ps, simProduct("XRP-BTC", "XRP", "BTC", "delisted"))
	b, err := json.Marshal(ps)
	if err != nil {
		writeError(w, 500, "Internal server error")
		return
	}
	cex.WriteJSON(w, 200, b)
}

func simProduct(id, base, quote, status string) product {
	quoteInc, minFunds := "0.01", "1"
	if quote == "BTC" {
		quoteInc, minFunds = "0.00001", "0.000016"
	} else if strings.HasPrefix(base, "USD") || base == "DAI" {
		quoteInc = "0.0001"
	}
	empty := ""
	return product{
		ID: id, BaseCurrency: base, QuoteCurrency: quote, QuoteIncrement: quoteInc, BaseIncrement: "0.00000001",
		DisplayName: id, MinMarketFunds: swapscout.MustAmount(minFunds), Status: status, StatusMessage: &empty,
		TradingDisabled: status != "online", FxStablecoin: base == "USDT" && quote == "USD",
		MaxSlippagePercentage: "0.02000000",
	}
}
