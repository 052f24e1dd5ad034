// Package okx is OKX's simulated public API, beside the adapter venue/okx
// (whose tickers and wire types it uses), in its {"code","msg","data"}
// envelope: SPOT instruments (live ones, plus a suspended one as OKX lists
// them), books (sz 1-400, default 1, levels ["px","sz","0","n"] as strings),
// an unknown instId as code 51001 with HTTP 200, a missing or bad parameter
// as 50014 or 51000 with HTTP 400, and injected faults as 50011 with HTTP
// 429 or 50001 with HTTP 503.
package okx

import (
	"net/http"
	"strconv"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/okx"
)

// Sim is OKX's simulated public API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:   okx.Spec(),
		Symbol: func(m cexsim.Market) string { return m.Base + "-" + m.Quote },
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			data := []okx.Instrument{}
			switch c.Query("instType") {
			case "":
				writeError(c.W, 400, "50014", "Parameter instType can not be empty")
				return
			case "SPOT":
				live := func(m cexsim.Market) okx.Instrument { return newInstrument(m.Symbol, m.Base, m.Quote, "live") }
				data = cexsim.Listed(ms, live, newInstrument("XMR-USDT", "XMR", "USDT", "suspend"))
			}
			c.JSON(200, okx.Envelope[okx.Instrument]{Code: "0", Data: data})
		},
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			if c.Query("instId") == "" {
				writeError(c.W, 400, "50014", "Parameter instId can not be empty")
				return "", 0, false
			}
			sz, ok := c.Int("sz", 1)
			if !ok || sz < 1 || sz > 400 {
				writeError(c.W, 400, "51000", "Parameter sz error")
				return "", 0, false
			}
			return c.Query("instId"), sz, true
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			orders := func(dst []byte, i int) []byte {
				dst = append(dst, `,"0","`...)
				return append(strconv.AppendInt(dst, int64(1+i*3%17), 10), '"')
			}
			out := make([]byte, 0, 96+56*(len(b.Bids)+len(b.Asks)))
			out = cexsim.AppendLevels(append(out, `{"code":"0","msg":"","data":[{"asks":`...), b.Asks, true, 0, orders)
			out = cexsim.AppendLevels(append(out, `,"bids":`...), b.Bids, true, 0, orders)
			out = strconv.AppendInt(append(out, `,"ts":"`...), c.Now().UnixMilli(), 10)
			c.Write(200, append(out, `"}]}`...))
		},
		NoMarket:    func(c *cexsim.Call, _ string) { writeError(c.W, 200, "51001", "Instrument ID does not exist") },
		RateLimited: func(c *cexsim.Call) { writeError(c.W, 429, "50011", "Too Many Requests") },
		Failed: func(c *cexsim.Call) {
			writeError(c.W, 503, "50001", "Service temporarily unavailable. Please try again later.")
		},
	})
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	cexsim.JSON(w, status, okx.Envelope[struct{}]{Code: code, Msg: msg, Data: []struct{}{}})
}

// minSz is the least order of a simulated instrument, by base currency.
var minSz = map[string]string{"BTC": "0.00001", "ETH": "0.0001", "LTC": "0.001", "BCH": "0.001", "DOGE": "10",
	"XRP": "1", "TON": "0.1", "SOL": "0.001", "TRX": "1", "BNB": "0.001", "ADA": "1", "DOT": "0.1", "AVAX": "0.01",
	"POL": "1", "XLM": "1", "USDC": "1", "XMR": "0.001"}

func newInstrument(id, base, quote, state string) okx.Instrument {
	tick := "0.1"
	if quote == "BTC" {
		tick = "0.0000001"
	}
	return okx.Instrument{InstType: "SPOT", InstID: id, BaseCcy: base, QuoteCcy: quote, TickSz: tick, LotSz: "0.00000001",
		MinSz: minSz[base], MaxMktAmt: "1000000", MaxMktSz: "1000000", MaxLmtSz: "9999999999", State: state,
		ListTime: "1606468572000", Lever: "10"}
}
