// Package kucoin is the adapter for KuCoin spot, priced from its public order
// books: the market list from /api/v2/symbols (enableTrading symbols, with
// baseMinSize, quoteMinSize and minFunds), books from
// /api/v1/market/orderbook/level2_100 (the deepest public snapshot; the full
// book needs a key) walked for the exact amount, direct or through one bridge
// (USDT, BTC, USDC, ETH), with the 0.1% taker fee per leg and the withdrawal
// fee of the asset paid out, live from /api/v3/currencies (which also says
// which chains have deposits or withdrawals closed). Every answer is {"code":"200000","data":…}; an
// error carries another code (a string) and a msg, and the rate limit is
// HTTP 429 with code 429000. The engine is venue/cex.
package kucoin

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers KuCoin.
var Descriptor = cex.Descriptor("kucoin", &spec)

// Spec returns KuCoin's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is KuCoin for the cex engine. The public resource pool is 2000 weight
// per 30 s per IP, level2_100 weighing 4 [DOC]. A 429 names its reset only in
// the gw-ratelimit-reset header, which venue.Fetch reads as its Retry-After.
var spec = cex.Spec{
	Symbols:           symbols,
	Bridges:           bridges,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	FeeFromListOnly:   fromList,
	ParseMarkets:      parseMarkets,
	ParseNetworks:     parseNetworks,
	// Book: {"code":"200000","data":{"sequence":"…","time":…,"bids":[["price","size"],…],"asks":[…]}};
	// an error carries another code (a string, or a number).
	Book: book.Shape{In: "data", Code: "code", Refused: func(code []byte) bool {
		return code != nil && string(code) != "200000" && string(code) != "0"
	}},
	ErrorBody: errorBody,
}

// bridges are the currencies a route may pass through.
var bridges = []cex.Bridge{{Ticker: "USDT", Asset: "usdt"}, {Ticker: "BTC", Asset: "btc"},
	{Ticker: "USDC", Asset: "usdc"}, {Ticker: "ETH", Asset: "eth"}}

// parseMarkets reads /api/v2/symbols: {"code":"200000","data":[{"symbol":"BTC-USDT",…}]}:
// tradable symbols, with MinBase from baseMinSize and MinQuote from the
// larger of quoteMinSize and minFunds (a market order's least funds).
// Values of an unexpected type read as absent.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "KuCoin", "symbol list", data, func(it struct {
		Symbol        cex.Text `json:"symbol"`
		BaseCurrency  cex.Text `json:"baseCurrency"`
		QuoteCurrency cex.Text `json:"quoteCurrency"`
		EnableTrading cex.Flag `json:"enableTrading"`
		BaseMinSize   cex.Opt  `json:"baseMinSize"`
		QuoteMinSize  cex.Opt  `json:"quoteMinSize"`
		MinFunds      cex.Opt  `json:"minFunds"`
	}) (cex.Market, bool) {
		m := cex.Named(it.BaseCurrency, it.QuoteCurrency, it.Symbol)
		m.MinBase, m.MinQuote = it.BaseMinSize.Amount, swapscout.MaxAmount(it.QuoteMinSize.Amount, it.MinFunds.Amount)
		return m, bool(it.EnableTrading)
	})
}

// parseNetworks reads /api/v3/currencies: {"code":"200000","data":[{"currency":"BTC",
// "chains":[{"chainName":"BTC","withdrawalMinFee":"0.0005","isWithdrawEnabled":true,
// "isDepositEnabled":true,…}]}]} ([DOC] shape). chains may be null (a
// currency that does not move on-chain). A chain without a readable fee
// keeps its open flags (the static table then gives the fee).
func parseNetworks(body []byte) (map[cex.Code]cex.Network, error) {
	return cex.CoinChains(body, "KuCoin", "currency list", data, "currency", func(c struct {
		ChainName         cex.Text `json:"chainName"`
		WithdrawalMinFee  cex.Opt  `json:"withdrawalMinFee"`
		IsWithdrawEnabled cex.Flag `json:"isWithdrawEnabled"`
		IsDepositEnabled  cex.Flag `json:"isDepositEnabled"`
	}) (cex.Text, cex.Network) {
		return c.ChainName, cex.Network{Deposit: bool(c.IsDepositEnabled), Withdraw: bool(c.IsWithdrawEnabled),
			WithdrawFee: c.WithdrawalMinFee.Amount, HasFee: c.WithdrawalMinFee.OK}
	})
}

// data is where KuCoin's envelope holds its lists.
var data = []string{"data"}

// apiError maps KuCoin's codes ([CODE] 400100 invalid parameter, 900001
// unknown symbol; [DOC] 429000; [MEM] the rest): 400100 is ours unless its
// message is about the symbol.
func apiError(code int64, msg []byte, status int) error {
	fc := swapscout.CodeBadResponse
	switch {
	case code == 900001:
		fc = swapscout.CodeUnsupportedPair
	case code == 429000:
		fc = swapscout.CodeRateLimited
	case code == 400100:
		if l := bytes.ToLower(msg); bytes.Contains(l, []byte("symbol")) || bytes.Contains(l, []byte("pair")) {
			fc = swapscout.CodeUnsupportedPair
		}
	case code >= 400001 && code <= 400007: // KC-API-KEY, signature, timestamp, passphrase
		fc = swapscout.CodeNotConfigured
	case code == 500000 || code == 403000 || status >= 500: // internal error; no access (location)
		fc = swapscout.CodeUnavailable
	}
	return cex.Error(fc, "KuCoin", strconv.FormatInt(code, 10), string(msg), status)
}

// errorBody reads KuCoin's envelope, {"code":"900001","msg":"…"}, at any
// status; nil when body is not one or its code is the success "200000" —
// unless its data is null, which is KuCoin saying it has no such symbol.
func errorBody(status int, body []byte) error {
	var e struct {
		Code json.Number     `json:"code"`
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(body, &e) != nil {
		return nil
	}
	code, err := e.Code.Int64()
	switch {
	case err != nil:
		return nil
	case code == 200000 && string(bytes.TrimSpace(e.Data)) == "null":
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "KuCoin has no data for it (data null)")
	case code == 200000:
		return nil
	}
	return apiError(code, []byte(e.Msg), status)
}
