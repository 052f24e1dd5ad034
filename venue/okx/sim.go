package okx

import (
	"net/http"
	"strconv"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is OKX's simulated public API in its {"code","msg","data"} envelope:
// SPOT instruments (live ones, plus a suspended one as OKX lists them),
// books (sz 1-400, default 1, levels ["px","sz","0","n"] as strings), an
// unknown instId as code 51001 with HTTP 200, a missing or bad parameter as
// 50014 or 51000 with HTTP 400, and injected faults as 50011 with HTTP 429
// or 50001 with HTTP 503.
func Sim() sim.Venue {
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 110 * time.Millisecond, Spread: 0.0003, Fee: 0.001, Depth: 400,
			LevelUSD: 25000, Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + "-" + ticker(m.Quote) },
		MarketsPath: "GET /api/v5/public/instruments",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			switch r.URL.Query().Get("instType") {
			case "":
				writeError(w, 400, "50014", "Parameter instType can not be empty")
				return
			case "SPOT":
			default:
				writeJSON(w, 200, envelope[instrument]{Code: "0", Data: []instrument{}})
				return
			}
			data := make([]instrument, 0, len(ms)+1)
			for _, m := range ms {
				data = append(data, simInstrument(m.Symbol, ticker(m.Base), ticker(m.Quote), "live"))
			}
			data = append(data, simInstrument("XMR-USDT", "XMR", "USDT", "suspend"))
			writeJSON(w, 200, envelope[instrument]{Code: "0", Data: data})
		},
		BookPath: "GET /api/v5/market/books",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			q := r.URL.Query()
			if q.Get("instId") == "" {
				writeError(w, 400, "50014", "Parameter instId can not be empty")
				return "", 0, false
			}
			sz := 1
			if s := q.Get("sz"); s != "" {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 || n > 400 {
					writeError(w, 400, "51000", "Parameter sz error")
					return "", 0, false
				}
				sz = n
			}
			return q.Get("instId"), sz, true
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			orders := func(dst []byte, i int) []byte {
				dst = append(dst, `,"0","`...)
				return append(strconv.AppendInt(dst, int64(1+i*3%17), 10), '"')
			}
			out := make([]byte, 0, 96+56*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"code":"0","msg":"","data":[{"asks":`...)
			out = cex.AppendLevels(out, b.Asks, true, 0, orders)
			out = append(out, `,"bids":`...)
			out = cex.AppendLevels(out, b.Bids, true, 0, orders)
			out = append(out, `,"ts":"`...)
			out = strconv.AppendInt(out, now().UnixMilli(), 10)
			cex.WriteJSON(w, 200, append(out, `"}]}`...))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) {
			writeError(w, 200, "51001", "Instrument ID does not exist")
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return h
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				writeError(w, 429, "50011", "Too Many Requests")
				return
			}
			writeError(w, 503, "50001", "Service temporarily unavailable. Please try again later.")
		},
	})
}

// simMarkets are the simulated instruments: every mapped coin against USDT,
// the majors against USDC and BTC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "LTC/USDT", "LTC/BTC", "BCH/USDT", "DOGE/USDT", "XRP/USDT", "XRP/BTC",
	"TON/USDT", "SOL/USDT", "SOL/BTC", "TRX/USDT", "BNB/USDT", "ADA/USDT", "DOT/USDT", "AVAX/USDT", "POL/USDT",
	"XLM/USDT", "BTC/USDC", "ETH/USDC", "SOL/USDC", "USDC/USDT",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json;charset=UTF-8", EncodeError: []byte(`{"code":"50026","msg":"System error","data":[]}`)}.Write

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, envelope[struct{}]{Code: code, Msg: msg, Data: []struct{}{}})
}

// minSz is the least order of a simulated instrument, by base currency.
var minSz = map[string]string{"BTC": "0.00001", "ETH": "0.0001", "LTC": "0.001", "BCH": "0.001", "DOGE": "10",
	"XRP": "1", "TON": "0.1", "SOL": "0.001", "TRX": "1", "BNB": "0.001", "ADA": "1", "DOT": "0.1", "AVAX": "0.01",
	"POL": "1", "XLM": "1", "USDC": "1", "XMR": "0.001"}

func simInstrument(id, base, quote, state string) instrument {
	tick := "0.1"
	if quote == "BTC" {
		tick = "0.0000001"
	}
	return instrument{InstType: "SPOT", InstID: id, BaseCcy: base, QuoteCcy: quote, TickSz: tick, LotSz: "0.00000001",
		MinSz: minSz[base], MaxMktAmt: "1000000", MaxMktSz: "1000000", MaxLmtSz: "9999999999", State: state,
		ListTime: "1606468572000", Lever: "10"}
}
