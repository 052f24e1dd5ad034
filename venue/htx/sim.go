package htx

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// Sim is HTX's simulated public spot API: /v2/settings/common/symbols (the
// abbreviated keys, ts as a string, one offline symbol) and /market/depth
// (type step0 only, which is what the simulator's books are; depth 5, 10 or
// 20, else 150 levels; prices and amounts as JSON numbers), and errors the
// HTX way, with HTTP 200: {"status":"error","err-code":"invalid-parameter",
// "err-msg":"invalid symbol"}. Injected faults answer HTTP 429 with
// err-code too-many-requests, or gateway-internal-error with HTTP 200.
func Sim() sim.Venue {
	var version atomic.Int64
	version.Store(136107114472)
	now := time.Now
	return cex.SimVenue(cex.SimAPI{
		Profile: sim.Profile{Latency: 220 * time.Millisecond, Spread: 0.0006, Fee: 0.002, Depth: 150,
			Markets: simMarkets},
		Symbol:      func(m sim.Market) string { return ticker(m.Base) + ticker(m.Quote) },
		MarketsPath: "GET /v2/settings/common/symbols",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []cex.SimMarket) {
			res := symbolsResponse{Status: "ok", Ts: strconv.FormatInt(now().UnixMilli(), 10), Full: 1}
			for _, m := range ms {
				res.Data = append(res.Data, simSymbol(ticker(m.Base), ticker(m.Quote), "online"))
			}
			res.Data = append(res.Data, simSymbol("firo", "usdt", "offline"))
			writeJSON(w, 200, res)
		},
		BookPath: "GET /market/depth",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			q := r.URL.Query()
			depth := 150
			switch q.Get("depth") {
			case "":
			case "5", "10", "20":
				depth, _ = strconv.Atoi(q.Get("depth"))
			default:
				writeError(w, 200, now(), "invalid-parameter", "invalid depth")
				return "", 0, false
			}
			if q.Get("type") != "step0" { // step1-step5 aggregate; not simulated
				writeError(w, 200, now(), "invalid-parameter", "invalid type")
				return "", 0, false
			}
			if q.Get("symbol") == "" {
				writeError(w, 200, now(), "invalid-parameter", "invalid symbol")
				return "", 0, false
			}
			return q.Get("symbol"), depth, true
		},
		Book: func(w http.ResponseWriter, r *http.Request, b cex.SimBook) {
			ts := now().UnixMilli()
			out := make([]byte, 0, 160+40*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"ch":"market.`...)
			out = append(out, b.Symbol...)
			out = append(out, `.depth.step0","status":"ok","ts":`...)
			out = strconv.AppendInt(out, ts, 10)
			out = append(out, `,"tick":{"ts":`...)
			out = strconv.AppendInt(out, ts-300, 10)
			out = append(out, `,"version":`...)
			out = strconv.AppendInt(out, version.Add(1), 10)
			out = append(out, `,"bids":`...)
			out = cex.AppendLevels(out, b.Bids, false, 0, nil)
			out = append(out, `,"asks":`...)
			out = cex.AppendLevels(out, b.Asks, false, 0, nil)
			cex.WriteJSON(w, 200, append(out, "}}"...))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, _ string) {
			writeError(w, 200, now(), "invalid-parameter", "invalid symbol")
		},
		Wrap: func(x *sim.Exchange, h http.Handler) http.Handler {
			now = x.Now
			return h
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				writeError(w, 429, now(), "too-many-requests", "Too many requests, please try again later")
				return
			}
			writeError(w, 200, now(), "gateway-internal-error", "Timeout")
		},
	})
}

// simMarkets are the simulated markets: every mapped coin against USDT,
// most against BTC, the majors against USDC.
var simMarkets = []string{
	"BTC/USDT", "ETH/USDT", "ETH/BTC", "XMR/USDT", "XMR/BTC", "LTC/USDT", "LTC/BTC", "BCH/USDT", "DOGE/USDT",
	"XRP/USDT", "XRP/BTC", "TON/USDT", "SOL/USDT", "SOL/BTC", "TRX/USDT", "TRX/BTC", "BNB/USDT", "ZEC/USDT",
	"DASH/USDT", "ADA/USDT", "DOT/USDT", "AVAX/USDT", "POL/USDT", "XLM/USDT", "USDC/USDT", "BTC/USDC",
}

func ticker(simTicker string) string {
	t, _ := spec.Ticker(simTicker)
	return t
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json;charset=UTF-8"}.Write

func writeError(w http.ResponseWriter, status int, now time.Time, code, msg string) {
	writeJSON(w, status, errorResponse{Status: "error", ErrCode: code, ErrMsg: msg, Ts: now.UnixMilli()})
}

func simSymbol(base, quote, state string) symbolInfo {
	lr := 5
	up := strings.ToUpper
	return symbolInfo{
		State: state, Wr: "1.5", Sc: base + quote, P: []partition{}, Bcdn: up(base), Qcdn: up(quote),
		Tpp: 2, Tap: 4, Fp: 8, Te: state == "online", Sp: "main", Bc: base, Qc: quote, Toa: 1514779200000,
		Ttp: 8, W: 999400000, Lr: &lr, Dn: up(base) + "/" + up(quote),
	}
}
