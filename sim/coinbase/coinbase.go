// Package coinbase is Coinbase Exchange's simulated public API, beside the
// adapter venue/coinbase (whose tickers and product type it uses):
// /products (online products, plus a delisted one as Coinbase keeps
// describing them), the book at level 1 (best bid and ask) or 2 (the whole
// book: levels ["price","size",num_orders]), level 3 refused, errors as
// {"message":…} with 404 for an unknown product and 400 for a bad level or a
// request without a User-Agent, and injected faults as 429 {"message":
// "Public rate limit exceeded"} (no Retry-After) or 500.
package coinbase

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/coinbase"
)

// Sim is Coinbase Exchange's simulated public API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:   coinbase.Spec(),
		Seq:    13051505638,
		Symbol: func(m cexsim.Market) string { return m.Base + "-" + m.Quote },
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			online := func(m cexsim.Market) coinbase.Product { return newProduct(m.Symbol, m.Base, m.Quote, "online") }
			c.JSON(200, cexsim.Listed(ms, online, newProduct("XRP-BTC", "XRP", "BTC", "delisted")))
		},
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			switch c.Query("level") {
			case "", "1":
				return c.R.PathValue("symbol"), 1, true
			case "2":
				return c.R.PathValue("symbol"), 0, true // the whole book
			}
			writeError(c.W, 400, "Invalid level")
			return "", 0, false
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			orders := func(dst []byte, i int) []byte { return strconv.AppendInt(append(dst, ','), int64(1+i*7%13), 10) }
			out := make([]byte, 0, 96+48*(len(b.Bids)+len(b.Asks)))
			out = cexsim.AppendLevels(append(out, `{"bids":`...), b.Bids, true, 0, orders)
			out = cexsim.AppendLevels(append(out, `,"asks":`...), b.Asks, true, 0, orders)
			out = strconv.AppendInt(append(out, `,"sequence":`...), b.Seq, 10)
			out = append(out, `,"auction_mode":false,"auction":null,"time":"`...)
			out = c.Now().UTC().AppendFormat(out, "2006-01-02T15:04:05.000000Z")
			c.Write(200, append(out, `"}`...))
		},
		NoMarket: func(c *cexsim.Call, _ string) { writeError(c.W, 404, "NotFound") },
		Wrap: func(_ *sim.Exchange, h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("User-Agent") == "" {
					writeError(w, 400, "User-Agent header is required.")
					return
				}
				h.ServeHTTP(w, r)
			})
		},
		RateLimited: func(c *cexsim.Call) { writeError(c.W, 429, "Public rate limit exceeded") },
		Failed:      func(c *cexsim.Call) { writeError(c.W, 500, "Internal server error") },
	})
}

// writeError answers {"message":…}, Coinbase's every error.
func writeError(w http.ResponseWriter, status int, msg string) {
	cexsim.JSON(w, status, map[string]string{"message": msg})
}

func newProduct(id, base, quote, status string) coinbase.Product {
	quoteInc, minFunds := "0.01", "1"
	if quote == "BTC" {
		quoteInc, minFunds = "0.00001", "0.000016"
	} else if strings.HasPrefix(base, "USD") || base == "DAI" {
		quoteInc = "0.0001"
	}
	empty := ""
	return coinbase.Product{
		ID: id, BaseCurrency: base, QuoteCurrency: quote, QuoteIncrement: quoteInc, BaseIncrement: "0.00000001",
		DisplayName: id, MinMarketFunds: swapscout.MustAmount(minFunds), Status: status, StatusMessage: &empty,
		TradingDisabled: status != "online", FxStablecoin: base == "USDT" && quote == "USD",
		MaxSlippagePercentage: "0.02000000",
	}
}
