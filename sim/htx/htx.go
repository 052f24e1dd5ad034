// Package htx is HTX's simulated public spot API, beside the adapter
// venue/htx (whose tickers it reads): /v2/settings/common/symbols (the
// abbreviated keys, ts as a string, one offline symbol) and /market/depth
// (type step0 only, which is what the simulator's books are; depth 5, 10 or
// 20, else 150 levels; prices and amounts as JSON numbers), and errors the
// HTX way, with HTTP 200: {"status":"error","err-code":"invalid-parameter",
// "err-msg":"invalid symbol"}. Injected faults answer HTTP 429 with
// err-code too-many-requests, or gateway-internal-error with HTTP 200.
package htx

import (
	"strconv"
	"strings"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/htx"
)

// Sim is HTX's simulated public spot API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec: htx.Spec(),
		Seq:  136107114472,
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			res := symbolsResponse{Status: "ok", Ts: strconv.FormatInt(c.Now().UnixMilli(), 10), Full: 1}
			online := func(m cexsim.Market) symbolInfo { return newSymbol(m.Base, m.Quote, "online") }
			res.Data = cexsim.Listed(ms, online, newSymbol("firo", "usdt", "offline"))
			c.JSON(200, res)
		},
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			depth := 150
			switch c.Query("depth") {
			case "":
			case "5", "10", "20":
				depth, _ = strconv.Atoi(c.Query("depth"))
			default:
				writeError(c, 200, "invalid-parameter", "invalid depth")
				return "", 0, false
			}
			if c.Query("type") != "step0" { // step1-step5 aggregate; not simulated
				writeError(c, 200, "invalid-parameter", "invalid type")
				return "", 0, false
			}
			if c.Query("symbol") == "" {
				writeError(c, 200, "invalid-parameter", "invalid symbol")
				return "", 0, false
			}
			return c.Query("symbol"), depth, true
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			ts := c.Now().UnixMilli()
			out := make([]byte, 0, 160+40*(len(b.Bids)+len(b.Asks)))
			out = append(append(out, `{"ch":"market.`...), b.Symbol...)
			out = strconv.AppendInt(append(out, `.depth.step0","status":"ok","ts":`...), ts, 10)
			out = strconv.AppendInt(append(out, `,"tick":{"ts":`...), ts-300, 10)
			out = strconv.AppendInt(append(out, `,"version":`...), b.Seq, 10)
			out = cexsim.AppendLevels(append(out, `,"bids":`...), b.Bids, false, 0, nil)
			out = cexsim.AppendLevels(append(out, `,"asks":`...), b.Asks, false, 0, nil)
			c.Write(200, append(out, "}}"...))
		},
		NoMarket: func(c *cexsim.Call, _ string) { writeError(c, 200, "invalid-parameter", "invalid symbol") },
		RateLimited: func(c *cexsim.Call) {
			writeError(c, 429, "too-many-requests", "Too many requests, please try again later")
		},
		Failed: func(c *cexsim.Call) { writeError(c, 200, "gateway-internal-error", "Timeout") },
	})
}

func writeError(c *cexsim.Call, status int, code, msg string) {
	c.JSON(status, errorResponse{Status: "error", ErrCode: code, ErrMsg: msg, Ts: c.Now().UnixMilli()})
}

func newSymbol(base, quote, state string) symbolInfo {
	lr := 5
	up := strings.ToUpper
	return symbolInfo{
		State: state, Wr: "1.5", Sc: base + quote, P: []partition{}, Bcdn: up(base), Qcdn: up(quote),
		Tpp: 2, Tap: 4, Fp: 8, Te: state == "online", Sp: "main", Bc: base, Qc: quote, Toa: 1514779200000,
		Ttp: 8, W: 999400000, Lr: &lr, Dn: up(base) + "/" + up(quote),
	}
}
