// Package bitget is Bitget's simulated spot API v2, beside the adapter
// venue/bitget (whose tickers and fees it reads): symbols (every value a
// string, a gray and a halted symbol among them), orderbook (type
// step0-step5, limit 1-150, levels as ["price","size"] strings, data.ts a
// string beside a numeric requestTime), coins (every mapped chain, open),
// all in the {"code","msg","requestTime","data"} envelope; errors in it
// too: 40034 for an unknown symbol, 40017 for a bad parameter, an injected
// rate limit as HTTP 429 code "429", an injected error as HTTP 500 code
// "40015".
package bitget

import (
	"strconv"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/bitget"
)

// Sim is Bitget's simulated spot API v2.
func Sim() sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:      bitget.Spec(),
		Markets:   serveSymbols,
		BookQuery: bookQuery,
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			t := c.Now().UnixMilli()
			out := make([]byte, 0, 128+48*(len(b.Bids)+len(b.Asks)))
			out = strconv.AppendInt(append(out, `{"code":"00000","msg":"success","requestTime":`...), t, 10)
			out = cexsim.AppendLevels(append(out, `,"data":{"asks":`...), b.Asks, true, 0, nil)
			out = cexsim.AppendLevels(append(out, `,"bids":`...), b.Bids, true, 0, nil)
			out = strconv.AppendInt(append(out, `,"ts":"`...), t+5, 10)
			c.Write(200, append(out, `"}}`...))
		},
		Networks: func(c *cexsim.Call, cs []cexsim.Currency) {
			coins := make([]coin, 0, len(cs))
			for i, sc := range cs {
				cn := coin{CoinID: strconv.Itoa(i + 1), Coin: sc.Ticker, Transfer: "true"}
				for _, ch := range sc.Chains {
					cn.Chains = append(cn.Chains, coinChain{Chain: ch.Network, NeedTag: "false", Withdrawable: "true",
						Rechargeable: "true", WithdrawFee: ch.Fee.String(), MinDepositAmount: "0"})
				}
				coins = append(coins, cn)
			}
			c.JSON(200, envelope[[]coin]{Code: "00000", Msg: "success", RequestTime: c.Now().UnixMilli(), Data: coins})
		},
		NoMarket: func(c *cexsim.Call, symbol string) {
			writeError(c, 400, "40034", "Parameter "+symbol+" does not exist")
		},
		RateLimited: func(c *cexsim.Call) { writeError(c, 429, "429", "Too Many Requests") },
		Failed:      func(c *cexsim.Call) { writeError(c, 500, "40015", "System is abnormal, please try again later") },
	})
}

func writeError(c *cexsim.Call, status int, code, msg string) {
	c.JSON(status, envelope[any]{Code: code, Msg: msg, RequestTime: c.Now().UnixMilli()})
}

// bookQuery reads symbol, type and limit as the orderbook endpoint does.
func bookQuery(c *cexsim.Call) (string, int, bool) {
	if c.Query("symbol") == "" {
		writeError(c, 400, "40019", "Parameter symbol cannot be empty")
		return "", 0, false
	}
	switch c.Query("type") {
	case "", "step0", "step1", "step2", "step3", "step4", "step5":
	default:
		writeError(c, 400, "40017", "Parameter verification failed type")
		return "", 0, false
	}
	limit, ok := c.Int("limit", 150)
	if !ok || limit < 1 {
		writeError(c, 400, "40017", "Parameter verification failed limit")
		return "", 0, false
	}
	return c.Query("symbol"), min(limit, 150), true
}

// minTrade is minTradeAmount (in base) by base coin.
var minTrade = map[string]string{"BTC": "0.0001", "ETH": "0.001", "XMR": "0.01", "LTC": "0.01", "BCH": "0.001",
	"SOL": "0.01", "BNB": "0.001", "ZEC": "0.01", "DASH": "0.01", "AVAX": "0.01", "DOT": "0.1"}

// serveSymbols writes the symbols envelope, with a gray (not yet open) and
// a halted symbol beside the online ones.
func serveSymbols(c *cexsim.Call, ms []cexsim.Market) {
	out := envelope[[]symbol]{Code: "00000", Msg: "success", RequestTime: c.Now().UnixMilli()}
	add := func(base, quote, status string) {
		min := minTrade[base]
		if min == "" {
			min = "1"
		}
		minUSDT := "1"
		if quote == "USDT" {
			minUSDT = "5"
		}
		out.Data = append(out.Data, symbol{Symbol: base + quote, BaseCoin: base, QuoteCoin: quote,
			MinTradeAmount: min, MaxTradeAmount: "10000000000", TakerFeeRate: "0.001", MakerFeeRate: "0.001",
			PricePrecision: "4", QuantityPrecision: "6", QuotePrecision: "6", MinTradeUSDT: minUSDT, Status: status,
			BuyLimitPriceRatio: "0.05", SellLimitPriceRatio: "0.05", AreaSymbol: "no", OrderQuantity: "200",
			OpenTime: "1532454360000"})
	}
	for _, m := range ms {
		add(m.Base, m.Quote, "online")
	}
	add("XMR", "BTC", "halt")
	add("TON", "BTC", "gray")
	c.JSON(200, out)
}
