// Package kraken is Kraken's simulated public API, beside the adapter
// venue/kraken (whose tickers and wire types it uses): AssetPairs (legacy
// names, pair keys like XXBTZUSD beside SOLUSD, fee tiers with lower ones on
// stablecoin pairs, ordermin and costmin), Depth (pair by altname or key,
// count 1-500, the answer keyed by the canonical name, levels [price,
// volume, timestamp]), and errors the Kraken way: HTTP 200 with
// {"error":["EQuery:Unknown asset pair"]}, and injected faults as
// EGeneral:Too many requests or EService:Unavailable, also with HTTP 200.
package kraken

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/kraken"
)

// Sim is Kraken's simulated public API.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:    kraken.Spec(),
		Symbol:  func(m cexsim.Market) string { return altname(m.Base) + altname(m.Quote) },
		Aliases: func(m cexsim.Market) []string { return []string{pairKey(m)} },
		Markets: serveAssetPairs,
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			count, ok := c.Int("count", 100)
			if !ok || count < 1 || c.Query("pair") == "" {
				writeError(c.W, "EGeneral:Invalid arguments")
				return "", 0, false
			}
			return c.Query("pair"), min(count, 500), true
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			ts := c.Now().Unix()
			stamp := func(dst []byte, i int) []byte {
				return strconv.AppendInt(append(dst, ','), ts-int64(i%97), 10)
			}
			out := make([]byte, 0, 64+72*(len(b.Bids)+len(b.Asks)))
			out = append(out, `{"error":[],"result":{"`...)
			out = append(out, pairKey(b.Market)...)
			out = appendLevels(append(out, `":{"asks":`...), b.Asks, stamp)
			out = appendLevels(append(out, `,"bids":`...), b.Bids, stamp)
			c.Write(200, append(out, "}}}"...))
		},
		NoMarket:    func(c *cexsim.Call, _ string) { writeError(c.W, "EQuery:Unknown asset pair") },
		RateLimited: func(c *cexsim.Call) { writeError(c.W, "EGeneral:Too many requests") },
		Failed:      func(c *cexsim.Call) { writeError(c.W, "EService:Unavailable") },
	})
}

// legacy are Kraken's X/Z-prefixed asset names.
var legacy = map[string]bool{"XXBT": true, "XETH": true, "XXMR": true, "XLTC": true, "XXRP": true,
	"XXLM": true, "XXDG": true, "XZEC": true, "ZUSD": true, "ZEUR": true}

// altname is an asset's short name: the legacy prefix dropped (XXBT → XBT).
func altname(asset string) string {
	if legacy[asset] {
		return asset[1:]
	}
	return asset
}

// pairKey is the canonical pair name: the two asset names when both are
// legacy (XXBTZUSD), else the altname (SOLUSD, XBTUSDT).
func pairKey(m cexsim.Market) string {
	if legacy[m.Base] && legacy[m.Quote] {
		return m.Base + m.Quote
	}
	return altname(m.Base) + altname(m.Quote)
}

func writeError(w http.ResponseWriter, msg string) {
	cexsim.JSON(w, 200, map[string][]string{"error": {msg}})
}

// appendLevels writes [["price","volume",ts],…] with 5-decimal prices and
// 3-decimal volumes at least, as the docs' example.
func appendLevels(dst []byte, ls []sim.Level, stamp func([]byte, int) []byte) []byte {
	dst = append(dst, '[')
	for i, l := range ls {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `["`...)
		dst = cexsim.AppendDecimal(dst, l.Price, 5)
		dst = append(dst, `","`...)
		dst = cexsim.AppendDecimal(dst, l.Qty, 3)
		dst = stamp(append(dst, '"'), i)
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

var stable = map[string]bool{"USDT": true, "USDC": true, "DAI": true}

// serveAssetPairs writes AssetPairs, all pairs or those named in pair=.
func serveAssetPairs(c *cexsim.Call, ms []cexsim.Market) {
	var want map[string]bool
	if p := c.Query("pair"); p != "" {
		want = map[string]bool{}
		for _, s := range strings.Split(p, ",") {
			want[s] = true
		}
	}
	n := func(v int) json.Number { return json.Number(strconv.Itoa(v)) }
	a := func(s string) *swapscout.Amount { v := swapscout.MustAmount(s); return &v }
	tiers := func(ts ...string) [][]swapscout.Amount {
		var out [][]swapscout.Amount
		for i := 0; i+1 < len(ts); i += 2 {
			out = append(out, []swapscout.Amount{swapscout.MustAmount(ts[i]), swapscout.MustAmount(ts[i+1])})
		}
		return out
	}
	res := kraken.AssetPairs{Error: []string{}, Result: map[string]kraken.AssetPair{}}
	for _, m := range ms {
		key := pairKey(m)
		if want != nil && !want[key] && !want[m.Symbol] {
			continue
		}
		taker, maker := tiers("0", "0.26", "50000", "0.24", "100000", "0.22"), tiers("0", "0.16", "50000", "0.14", "100000", "0.12")
		if stable[m.Sim.Base] && m.Sim.Quote == "USD" {
			taker, maker = tiers("0", "0.2", "50000", "0.16", "100000", "0.12"), tiers("0", "0.2", "50000", "0.16", "100000", "0.12")
		}
		res.Result[key] = kraken.AssetPair{
			Altname: m.Symbol, Wsname: altname(m.Base) + "/" + altname(m.Quote), AclassBase: "currency", Base: m.Base,
			AclassQuote: "currency", Quote: m.Quote, Lot: "unit", CostDecimals: n(5), PairDecimals: n(5), LotDecimals: n(8),
			LotMultiplier: n(1), LeverageBuy: []json.Number{}, LeverageSell: []json.Number{},
			Fees: taker, FeesMaker: maker, FeeVolumeCurrency: "ZUSD", MarginCall: n(80), MarginStop: n(40),
			Ordermin: a(ordermin[m.Sim.Base]), Costmin: a(costmin[m.Sim.Quote]), TickSize: a("0.00001"), Status: "online",
		}
	}
	if want != nil && len(res.Result) == 0 {
		writeError(c.W, "EQuery:Unknown asset pair")
		return
	}
	c.JSON(200, res)
}

// ordermin (in base) and costmin (in quote) of the simulated pairs.
var (
	ordermin = map[string]string{"BTC": "0.00005", "ETH": "0.002", "XMR": "0.03", "LTC": "0.05", "BCH": "0.01",
		"DOGE": "30", "XRP": "10", "TON": "1", "SOL": "0.02", "TRX": "40", "ZEC": "0.1", "DASH": "0.1",
		"ADA": "10", "DOT": "0.5", "AVAX": "0.1", "POL": "10", "XLM": "30", "USDT": "5", "USDC": "5", "DAI": "5"}
	costmin = map[string]string{"USD": "0.5", "BTC": "0.00002", "USDT": "0.5", "USDC": "0.5"}
)
