// Package gate is Gate's simulated v4 spot API, beside the adapter
// venue/gate (whose tickers it reads): currency_pairs (fee in percent,
// recorded field set, one untradable pair), order_book (currency_pair
// required, limit 1-1000 defaulting to 10, id only with with_id=true,
// decimals as strings with trailing zeros trimmed; interval is not
// simulated: every book is unaggregated), errors as {"label","message"}
// with HTTP 400, and the public limit of 200 requests per 10 s per
// endpoint: past it HTTP 429 TOO_MANY_REQUESTS. Every answer carries the
// X-Gate-RateLimit-* headers. Injected faults answer that 429 or HTTP 500
// SERVER_ERROR.
package gate

import (
	"net/http"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/gate"
)

// Sim is Gate's simulated v4 spot API.
func Sim() sim.Venue {
	lim := &cexsim.Window{Limit: endpointLimit, Span: 10 * time.Second}
	return cexsim.Venue(cexsim.API{
		Spec:   gate.Spec(),
		Seq:    27596272445,
		Symbol: func(m cexsim.Market) string { return m.Base + "_" + m.Quote },
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			tradable := func(m cexsim.Market) currencyPair { return newPair(m.Base, m.Quote, "tradable") }
			c.JSON(200, cexsim.Listed(ms, tradable, newPair("XEM", "USDT", "untradable")))
		},
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			pair := c.Query("currency_pair")
			if pair == "" {
				c.JSON(400, gate.ErrorResponse{Label: "MISSING_REQUIRED_PARAM", Message: "Missing required parameter: currency_pair"})
				return "", 0, false
			}
			limit, ok := c.Int("limit", 10)
			if !ok || limit < 1 || limit > 1000 {
				c.JSON(400, gate.ErrorResponse{Label: "INVALID_PARAM_VALUE", Detail: "Invalid request parameter `limit` value: " + c.Query("limit")})
				return "", 0, false
			}
			return pair, limit, true
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			ms := c.Now().UnixMilli()
			out := make([]byte, 0, 96+40*(len(b.Bids)+len(b.Asks)))
			out = append(out, '{')
			if c.Query("with_id") == "true" {
				out = append(strconv.AppendInt(append(out, `"id":`...), b.Seq, 10), ',')
			}
			out = strconv.AppendInt(append(out, `"current":`...), ms, 10)
			out = strconv.AppendInt(append(out, `,"update":`...), ms-1, 10)
			out = cexsim.AppendLevels(append(out, `,"asks":`...), b.Asks, true, 0, nil)
			out = cexsim.AppendLevels(append(out, `,"bids":`...), b.Bids, true, 0, nil)
			c.Write(200, append(out, '}'))
		},
		NoMarket: func(c *cexsim.Call, pair string) {
			c.JSON(400, gate.ErrorResponse{Label: "INVALID_CURRENCY_PAIR", Message: "Invalid currency pair " + venue.Clip(pair)})
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				now := x.Now()
				used, reset, ok := lim.Take(now, r.URL.Path, 1)
				w.Header().Set("X-Gate-RateLimit-Limit", strconv.Itoa(endpointLimit))
				w.Header().Set("X-Gate-RateLimit-Requests-Remain", strconv.Itoa(endpointLimit-used))
				w.Header().Set("X-Gate-RateLimit-Reset-Timestamp", strconv.FormatInt(reset.Unix(), 10))
				if !ok {
					tooMany(w)
					return
				}
				h.ServeHTTP(w, r)
			})
		},
		RateLimited: func(c *cexsim.Call) { tooMany(c.W) },
		Failed: func(c *cexsim.Call) {
			c.JSON(500, gate.ErrorResponse{Label: "SERVER_ERROR", Message: "Internal server error"})
		},
	})
}

// endpointLimit is Gate's public limit for one client: 200 requests per
// 10 s per endpoint [DOC].
const endpointLimit = 200

func tooMany(w http.ResponseWriter) {
	cexsim.JSON(w, 429, gate.ErrorResponse{Label: "TOO_MANY_REQUESTS", Message: "Request Rate limit Exceeded"})
}

// minBase is the simulated min_base_amount by currency.
var minBase = map[string]string{"BTC": "0.000001", "ETH": "0.0001", "XMR": "0.001", "FIRO": "0.1", "LTC": "0.001",
	"BCH": "0.001", "DOGE": "1", "XRP": "0.1", "TON": "0.01", "SOL": "0.001", "TRX": "1", "BNB": "0.001",
	"ZEC": "0.001", "DASH": "0.001", "ADA": "0.1", "DOT": "0.01", "AVAX": "0.01", "POL": "1", "XLM": "1",
	"DAI": "0.1", "USDC": "0.1"}

func newPair(base, quote, status string) currencyPair {
	a := swapscout.MustAmount
	minQuote := "3"
	if quote == "BTC" {
		minQuote = "0.00001"
	}
	mb := minBase[base]
	if mb == "" {
		mb = "1"
	}
	id := base + "_" + quote
	return currencyPair{
		AmountPrecision: 6, Base: base, BaseName: base, DownRate: a("0.1"), Fee: a("0.2"), ID: id,
		MarketOrderMaxMoney: a("200000"), MarketOrderMaxStock: a("1000000"), MaxQuoteAmount: a("5000000"),
		MinBaseAmount: a(mb), MinQuoteAmount: a(minQuote), Precision: 6, Quote: quote, QuoteName: quote,
		BuyStart: 1608350400, SellStart: 1608264000, Slippage: a("0.1"), TradeStatus: status,
		TradeURL: "https://www.gate.com/trade/" + id, Type: "normal", UpRate: a("0.1"),
	}
}
