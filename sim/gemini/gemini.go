// Package gemini is Gemini's simulated public API, beside the adapter
// venue/gemini (whose tickers it reads): /v1/symbols (lowercase names),
// /v1/symbols/details/{symbol} (one market, or "all", with tick_size and
// quote_increment as JSON numbers and min_order_size as a string, a
// limit_only market and a perpetual among them), /v1/book/{symbol}
// (case-insensitive, limit_bids and limit_asks each, 0 for the whole side,
// 50 by default; levels as {"price","amount","timestamp"} strings), and
// errors as {"result":"error","reason","message"}: an unknown symbol is 400
// "Bad Request" listing the supported symbols, an injected rate limit 429
// "RateLimit", an injected error 500 "System".
package gemini

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/gemini"
)

// Sim is Gemini's simulated public API.
func Sim() sim.Venue {
	spec := gemini.Spec()
	var names []string // lowercase symbols, for /v1/symbols and the unknown-symbol message
	return cexsim.Venue(cexsim.API{
		Spec:        spec,
		Symbol:      func(m cexsim.Market) string { return strings.ToLower(m.Base + m.Quote) },
		MarketsPath: "GET /v1/symbols/details/{symbol}",
		Lists:       []string{"GET /v1/symbols"},
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			serveDetails(c, ms, names)
		},
		BookPath:  "GET /v1/book/{symbol}",
		BookQuery: bookQuery,
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			ts := strconv.FormatInt(c.Now().Unix(), 10)
			out := make([]byte, 0, 32+80*(len(b.Bids)+len(b.Asks)))
			out = appendLevels(append(out, `{"bids":`...), b.Bids, limit(c.Query("limit_bids")), ts)
			out = appendLevels(append(out, `,"asks":`...), b.Asks, limit(c.Query("limit_asks")), ts)
			c.Write(200, append(out, '}'))
		},
		NoMarket: func(c *cexsim.Call, _ string) {
			writeError(c.W, 400, "Bad Request", invalidSymbol(c.R.PathValue("symbol"), names))
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			for _, m := range x.Markets() {
				b, _ := spec.Ticker(m.Base)
				q, _ := spec.Ticker(m.Quote)
				names = append(names, strings.ToLower(b+q))
			}
			mux := http.NewServeMux()
			mux.HandleFunc("GET /v1/symbols", func(w http.ResponseWriter, r *http.Request) { cexsim.JSON(w, 200, names) })
			mux.Handle("/", h)
			return mux
		},
		RateLimited: func(c *cexsim.Call) {
			writeError(c.W, 429, "RateLimit", "Requests were made too frequently. See Rate Limits below.")
		},
		Failed: func(c *cexsim.Call) {
			writeError(c.W, 500, "System", "We are experiencing technical issues. Please try again later.")
		},
	})
}

// writeError answers Gemini's error shape, the adapter's ErrorResponse.
func writeError(w http.ResponseWriter, status int, reason, msg string) {
	cexsim.JSON(w, status, gemini.ErrorResponse{Result: "error", Reason: reason, Message: msg})
}

func invalidSymbol(sym string, names []string) string {
	return "Supplied value '" + sym + "' is not a valid symbol.  Please correct your API request to use one of the supported symbols: [" +
		strings.Join(names, ", ") + "]"
}

// limit reads limit_bids or limit_asks: 50 when absent, 0 for the whole
// side, -1 when malformed.
func limit(s string) int {
	if s == "" {
		return 50
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// bookQuery reads the symbol (any case) and the deeper of the two limits.
func bookQuery(c *cexsim.Call) (string, int, bool) {
	bids, asks := limit(c.Query("limit_bids")), limit(c.Query("limit_asks"))
	if bids < 0 || asks < 0 {
		writeError(c.W, 400, "Bad Request", "limit_bids and limit_asks must be non-negative integers")
		return "", 0, false
	}
	depth := max(bids, asks)
	if bids == 0 || asks == 0 {
		depth = 0 // the whole side: the profile's depth
	}
	return strings.ToLower(c.R.PathValue("symbol")), depth, true
}

// appendLevels writes up to n levels (all when n is 0) as Gemini's objects.
func appendLevels(dst []byte, ls []sim.Level, n int, ts string) []byte {
	if n > 0 && n < len(ls) {
		ls = ls[:n]
	}
	dst = append(dst, '[')
	for i, l := range ls {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"price":"`...)
		dst = cexsim.AppendDecimal(dst, l.Price, 2)
		dst = append(dst, `","amount":"`...)
		dst = l.Qty.Append(dst)
		dst = append(dst, `","timestamp":"`...)
		dst = append(append(dst, ts...), `"}`...)
	}
	return append(dst, ']')
}

// minOrder is min_order_size by base currency.
var minOrder = map[string]string{"BTC": "0.00001", "ETH": "0.001", "LTC": "0.01", "BCH": "0.001", "DOGE": "0.1",
	"XRP": "0.1", "SOL": "0.001", "DOT": "0.01", "AVAX": "0.00499999", "ZEC": "0.001", "USDT": "0.1", "USDC": "0.1", "DAI": "0.1"}

// serveDetails writes /v1/symbols/details/{symbol}: one market, or every
// market for "all", with a limit_only market and a perpetual as Gemini lists.
func serveDetails(c *cexsim.Call, ms []cexsim.Market, names []string) {
	sym := strings.ToLower(c.R.PathValue("symbol"))
	details := func(base, quote, status, product string) symbolDetails {
		tick := swapscout.NewAmount(1, 6)
		if base == "BTC" {
			tick = swapscout.NewAmount(1, 8)
		}
		min := minOrder[base]
		if min == "" {
			min = "0.0001"
		}
		return symbolDetails{Symbol: base + quote, BaseCurrency: base, QuoteCurrency: quote, TickSize: sim.Num(tick),
			QuoteIncrement: sim.Num(swapscout.NewAmount(1, 2)), MinOrderSize: swapscout.MustAmount(min), Status: status,
			ProductType: product, ContractType: "vanilla", ContractPriceCurrency: quote}
	}
	var all []symbolDetails
	for _, m := range ms {
		d := details(m.Base, m.Quote, "open", "spot")
		if sym == m.Symbol {
			c.JSON(200, d)
			return
		}
		all = append(all, d)
	}
	if sym != "all" {
		writeError(c.W, 400, "Bad Request", invalidSymbol(c.R.PathValue("symbol"), names))
		return
	}
	perp := details("BTC", "GUSD", "open", "swap")
	perp.Symbol = "BTCGUSDPERP"
	c.JSON(200, append(all, details("ZEC", "BTC", "limit_only", "spot"), perp))
}
