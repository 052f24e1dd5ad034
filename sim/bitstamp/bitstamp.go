// Package bitstamp is Bitstamp's simulated public API, beside the adapter
// venue/bitstamp (whose tickers and pair type it uses): trading-pairs-info
// (enabled pairs with "20.0 USD"-style minimums, plus a disabled one as
// Bitstamp keeps listing them), the whole order book (thousands of levels a
// side, ["price","amount"] strings), 404 for an unknown pair, and injected
// faults as HTTP 400 with response_code 400.002 (rate limit) or a 500, in
// the {"status":"error","reason":…} shape.
package bitstamp

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/bitstamp"
)

// Sim is Bitstamp's simulated public API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:    bitstamp.Spec(),
		Symbol:  func(m cexsim.Market) string { return strings.ToLower(m.Base + m.Quote) },
		Markets: servePairs,
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			switch c.Query("group") {
			case "", "0", "1", "2":
				return c.R.PathValue("symbol"), 0, true // always the whole book
			}
			writeError(c.W, 400, "", "Invalid group parameter.")
			return "", 0, false
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			ts := c.Now()
			out := make([]byte, 0, 96+40*(len(b.Bids)+len(b.Asks)))
			out = strconv.AppendInt(append(out, `{"timestamp":"`...), ts.Unix(), 10)
			out = strconv.AppendInt(append(out, `","microtimestamp":"`...), ts.UnixMicro(), 10)
			out = cexsim.AppendLevels(append(out, `","bids":`...), b.Bids, true, 0, nil)
			out = cexsim.AppendLevels(append(out, `,"asks":`...), b.Asks, true, 0, nil)
			c.Write(200, append(out, '}'))
		},
		NoMarket:    func(c *cexsim.Call, _ string) { writeError(c.W, 404, "", "Not found") },
		RateLimited: func(c *cexsim.Call) { writeError(c.W, 400, "400.002", "Request rejected due to exceeded rate limit.") },
		Failed:      func(c *cexsim.Call) { writeError(c.W, 500, "", "Internal server error.") },
	})
}

// writeError answers Bitstamp's error shape: {"status":"error","reason":…}
// with a response_code for some.
func writeError(w http.ResponseWriter, status int, responseCode, reason string) {
	cexsim.JSON(w, status, struct {
		Status       string `json:"status"`
		Reason       string `json:"reason"`
		ResponseCode string `json:"response_code,omitempty"`
	}{"error", reason, responseCode})
}

var names = map[string]string{"BTC": "Bitcoin", "ETH": "Ether", "LTC": "Litecoin", "BCH": "Bitcoin Cash",
	"DOGE": "Dogecoin", "XRP": "XRP", "SOL": "Solana", "ADA": "Cardano", "DOT": "Polkadot", "AVAX": "Avalanche",
	"POL": "Polygon", "XLM": "Stellar Lumens", "USDT": "Tether", "USDC": "USD Coin", "DAI": "DAI",
	"USD": "U.S. dollar", "ETH2": "Ethereum 2.0"}

// servePairs writes trading-pairs-info for the simulated markets.
func servePairs(c *cexsim.Call, ms []cexsim.Market) {
	ps := make([]bitstamp.PairInfo, 0, len(ms)+1)
	add := func(base, quote, symbol, trading string) {
		min, counter := "20.0 "+quote, 2
		if quote == "BTC" {
			min, counter = "0.0002 BTC", 8
		} else if strings.HasPrefix(base, "USD") || base == "DAI" {
			counter = 5
		}
		ps = append(ps, bitstamp.PairInfo{BaseDecimals: 8, CounterDecimals: counter, Description: names[base] + " / " + names[quote],
			MinimumOrder: min, Name: base + "/" + quote, Trading: trading, URLSymbol: symbol, InstantAndMarketOrders: trading})
	}
	for _, m := range ms {
		add(m.Base, m.Quote, m.Symbol, "Enabled")
	}
	add("ETH2", "ETH", "eth2eth", "Disabled")
	c.JSON(200, ps)
}
