// Package kucoin is KuCoin's simulated public spot API, beside the adapter
// venue/kucoin (whose tickers and fees it reads): /api/v2/symbols, the
// level2_20 and level2_100 book snapshots (decimals as strings, sequence a
// string), /api/v3/currencies (every mapped chain, open), errors in the
// {"code","msg"} envelope (400100 for a missing symbol, 900001 for an
// unknown one), and the public resource pool: 2000 weight per 30 s, every
// answer carrying gw-ratelimit-limit, -remaining and -reset (ms), and past
// it HTTP 429 with code 429000. Injected faults answer that 429, or HTTP 500
// with code 500000.
package kucoin

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/venue/cex"
	"github.com/swapscout/swapscout/venue/kucoin"
)

// Sim is KuCoin's simulated public spot API.
func Sim() sim.Venue {
	pool := &resourcePool{window: cexsim.Window{Limit: poolLimit, Span: 30 * time.Second}}
	return cexsim.Venue(cexsim.API{
		Spec:    kucoin.Spec(),
		Seq:     3262786978,
		Profile: allMarkets(sim.ProfileOf("kucoin"), kucoin.Spec()),
		Symbol:  func(m cexsim.Market) string { return m.Base + "-" + m.Quote },
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			trading := func(m cexsim.Market) symbol { return newSymbol(m.Symbol, m.Base, m.Quote, true) }
			list := cexsim.Listed(ms, trading, newSymbol("FIRO-USDT", "FIRO", "USDT", false)) // FIRO listed, not trading
			c.JSON(200, response{Code: "200000", Data: list})
		},
		BookPath: "GET /api/v1/market/orderbook/{level}",
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			depth, ok := map[string]int{"level2_20": 20, "level2_100": 100}[c.R.PathValue("level")]
			if !ok {
				c.JSON(404, response{Code: "404000", Msg: "Url Not Found"})
				return "", 0, false
			}
			sym := c.Query("symbol")
			if sym == "" {
				c.JSON(400, response{Code: "400100", Msg: "Parameter Error: symbol is required"})
				return "", 0, false
			}
			return sym, depth, true
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			out := make([]byte, 0, 96+48*(len(b.Bids)+len(b.Asks)))
			out = strconv.AppendInt(append(out, `{"code":"200000","data":{"sequence":"`...), b.Seq, 10)
			out = strconv.AppendInt(append(out, `","time":`...), c.Now().UnixMilli(), 10)
			out = cexsim.AppendLevels(append(out, `,"bids":`...), b.Bids, true, 0, nil)
			out = cexsim.AppendLevels(append(out, `,"asks":`...), b.Asks, true, 0, nil)
			c.Write(200, append(out, "}}"...))
		},
		Networks: func(c *cexsim.Call, cs []cexsim.Currency) {
			out := make([]currency, 0, len(cs))
			for _, sc := range cs {
				cur := currency{Currency: sc.Ticker, Name: sc.Ticker, FullName: sc.Ticker}
				for _, ch := range sc.Chains {
					code := cex.Code{Ticker: sc.Ticker, Network: ch.Network}
					fee := ch.Fee
					if a, ok := fromList[code]; ok {
						fee = modelFee(c.X.USD(a.Ticker))
					}
					// KuCoin's chainId and the token's contract, as its list
					// gives them: the catalogue maps a chain by its id and a
					// token by its contract.
					id, contract := strings.ToLower(ch.Network), ""
					if a, ok := byCode[code]; ok {
						if cid, ok := catalogue.KuCoinChainID(a.Network); ok {
							id = cid
						}
						if e, ok := swapscout.LookupCatalogue(a); ok {
							contract, cur.FullName = e.Contract, cmp.Or(e.Name, cur.FullName)
						}
					}
					cur.Chains = append(cur.Chains, chain{ChainName: ch.Network, ChainID: id, ContractAddress: contract,
						WithdrawalMinFee: fee, IsWithdrawEnabled: true, IsDepositEnabled: true})
				}
				out = append(out, cur)
			}
			c.JSON(200, response{Code: "200000", Data: out})
		},
		NoMarket:    func(c *cexsim.Call, _ string) { c.JSON(200, response{Code: "900001", Msg: "symbol not exists"}) },
		Wrap:        pool.wrap,
		RateLimited: func(c *cexsim.Call) { tooMany(c.W) },
		Failed:      func(c *cexsim.Call) { c.JSON(500, response{Code: "500000", Msg: "Internal Server Error"}) },
	})
}

// allMarkets adds to p's markets, for every other asset the adapter maps
// (the catalogue's KuCoin listings), its ticker against USDT, as KuCoin
// lists nearly every coin it carries against USDT.
func allMarkets(p sim.Profile, spec cex.Spec) sim.Profile {
	out := slices.Clone(p.Markets)
	seen := map[string]bool{"USDT": true}
	for _, m := range p.Markets {
		base, _, _ := strings.Cut(m, "/")
		seen[base] = true
	}
	for _, a := range spec.Symbols.Assets() {
		if t := strings.ToUpper(a.Ticker); !seen[t] {
			seen[t] = true
			out = append(out, t+"/USDT")
		}
	}
	p.Markets = out
	return p
}

// fromList are the adapter's assets without a withdrawal fee on record, by
// KuCoin's code: the simulated currency list gives them modelFee.
var fromList = func() map[cex.Code]swapscout.Asset {
	spec := kucoin.Spec()
	out := map[cex.Code]swapscout.Asset{}
	for a := range spec.FeeFromListOnly {
		out[spec.Symbols[a]] = a
	}
	return out
}()

// byCode are the adapter's assets by KuCoin's code (currency and chainName).
var byCode = func() map[cex.Code]swapscout.Asset {
	spec := kucoin.Spec()
	out := make(map[cex.Code]swapscout.Asset, len(spec.Symbols))
	for a, c := range spec.Symbols {
		out[c] = a
	}
	return out
}()

// modelFee is the simulated withdrawalMinFee of an asset worth usd a unit:
// about one dollar's worth, to two significant digits (a dollar's worth of
// the cheapest coins is a whole number; an unpriced asset pays 1 unit).
func modelFee(usd float64) swapscout.Amount {
	if usd <= 0 {
		return swapscout.AmountFromInt(1)
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(1/usd, 'e', 1, 64), 64)
	f, err := swapscout.ParseAmount(strconv.FormatFloat(r, 'f', -1, 64))
	if err != nil {
		return swapscout.AmountFromInt(1)
	}
	return f
}

func tooMany(w http.ResponseWriter) {
	cexsim.JSON(w, 429, response{Code: "429000", Msg: "Too Many Requests"})
}

// baseMin is the simulated baseMinSize by currency.
var baseMin = map[string]string{"BTC": "0.00001", "ETH": "0.0001", "XMR": "0.001", "LTC": "0.001", "BCH": "0.0001",
	"DOGE": "1", "XRP": "0.1", "TON": "0.01", "SOL": "0.001", "TRX": "1", "BNB": "0.001", "ZEC": "0.001",
	"DASH": "0.001", "ADA": "0.1", "DOT": "0.01", "AVAX": "0.01", "POL": "1", "XLM": "1", "DAI": "0.1", "USDC": "0.1"}

func newSymbol(sym, base, quote string, trading bool) symbol {
	a := swapscout.MustAmount
	market, quoteMin, minFunds := "USDS", "0.1", "0.1"
	if quote == "BTC" {
		market, quoteMin, minFunds = "BTC", "0.000001", "0.000001"
	}
	bm := baseMin[base]
	if bm == "" {
		bm = "1"
	}
	return symbol{
		Symbol: sym, Name: sym, BaseCurrency: base, QuoteCurrency: quote, FeeCurrency: quote, Market: market,
		BaseMinSize: a(bm), QuoteMinSize: a(quoteMin), BaseMaxSize: a("10000000000"), QuoteMaxSize: a("99999999"),
		BaseIncrement: a("0.00000001"), QuoteIncrement: a("0.000001"), PriceIncrement: a("0.0000001"),
		PriceLimitRate: a("0.1"), MinFunds: a(minFunds), IsMarginEnabled: trading, EnableTrading: trading,
	}
}

// resourcePool models KuCoin's public pool for the simulator's one client:
// 2000 weight per 30 s; level2_20 weighs 2, level2_100 and the symbol list 4
// [DOC levels].
type resourcePool struct{ window cexsim.Window }

const poolLimit = 2000

func (p *resourcePool) wrap(x *sim.Exchange, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := x.Now()
		weight := 4
		if r.URL.Path == "/api/v1/market/orderbook/level2_20" {
			weight = 2
		}
		used, reset, ok := p.window.Take(now, "", weight)
		w.Header().Set("gw-ratelimit-limit", strconv.Itoa(poolLimit))
		w.Header().Set("gw-ratelimit-remaining", strconv.Itoa(poolLimit-used))
		w.Header().Set("gw-ratelimit-reset", strconv.FormatInt(reset.Sub(now).Milliseconds(), 10))
		if !ok {
			tooMany(w)
			return
		}
		h.ServeHTTP(w, r)
	})
}
