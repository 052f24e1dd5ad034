// Package bitfinex is Bitfinex's simulated public API, beside the adapter
// venue/bitfinex (whose tickers it reads): pub:list:pair:exchange (names as
// Bitfinex writes them: BTCUST, DOGE:USD, DSHUSD), the book at precision P0
// with len 1, 25 (the default) or 100 as one flat array of [PRICE, COUNT,
// AMOUNT] JSON numbers, bids then asks with negative amounts, other
// precisions and lens refused with ["error",10020,"…: invalid"] and HTTP
// 500 as an unknown symbol is, and injected faults as
// {"error":"ERR_RATE_LIMIT"} (HTTP 429) or ["error",20060,"maintenance"]
// (HTTP 500).
package bitfinex

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/bitfinex"
)

// Sim is Bitfinex's simulated public API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:   bitfinex.Spec(),
		Symbol: func(m cexsim.Market) string { return "t" + pairName(m.Base, m.Quote) },
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			names := make([]string, 0, len(ms)+1)
			for _, m := range ms {
				names = append(names, strings.TrimPrefix(m.Symbol, "t"))
			}
			c.JSON(200, [][]string{append(names, "TESTBTC:TESTUSD")})
		},
		BookPath: "GET /v2/book/{symbol}/{precision}",
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			if c.R.PathValue("precision") != "P0" {
				writeError(c.W, 10020, "prec: invalid")
				return "", 0, false
			}
			switch l := c.Query("len"); l {
			case "":
				return c.R.PathValue("symbol"), 25, true
			case "1", "25", "100":
				n, _ := strconv.Atoi(l)
				return c.R.PathValue("symbol"), n, true
			}
			writeError(c.W, 10020, "len: invalid")
			return "", 0, false
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			out := make([]byte, 0, 8+40*(len(b.Bids)+len(b.Asks)))
			out = append(out, '[')
			for i, l := range b.Bids {
				out = appendEntry(out, i > 0, l, 1+i*5%11, l.Qty)
			}
			for i, l := range b.Asks {
				out = appendEntry(out, i > 0 || len(b.Bids) > 0, l, 1+i*3%7, l.Qty.Neg())
			}
			c.Write(200, append(out, ']'))
		},
		NoMarket:    func(c *cexsim.Call, _ string) { writeError(c.W, 10020, "symbol: invalid") },
		RateLimited: func(c *cexsim.Call) { c.Write(429, []byte(`{"error":"ERR_RATE_LIMIT"}`)) },
		Failed:      func(c *cexsim.Call) { writeError(c.W, 20060, "maintenance") },
	})
}

// pairName joins base and quote as Bitfinex does: BTCUSD, but DOGE:USD.
func pairName(base, quote string) string {
	if len(base) > 3 || len(quote) > 3 {
		return base + ":" + quote
	}
	return base + quote
}

func appendEntry(dst []byte, comma bool, l sim.Level, count int, amount swapscout.Amount) []byte {
	if comma {
		dst = append(dst, ',')
	}
	dst = cexsim.AppendDecimal(append(dst, '['), l.Price, 0)
	dst = strconv.AppendInt(append(dst, ','), int64(count), 10)
	dst = cexsim.AppendDecimal(append(dst, ','), amount, 0)
	return append(dst, ']')
}

// writeError answers ["error",code,"message"] with HTTP 500, as Bitfinex does.
func writeError(w http.ResponseWriter, code int, msg string) {
	cexsim.JSON(w, 500, []any{"error", code, msg})
}
