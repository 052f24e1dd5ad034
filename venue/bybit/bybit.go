// Package bybit is the adapter for Bybit spot (API v5), priced from its public
// order books: the market list from /v5/market/instruments-info?category=spot
// (Trading symbols, with minOrderQty and minOrderAmt), books from
// /v5/market/orderbook at 200 levels (the spot maximum) walked for the exact
// amount, direct or through one bridge (USDT, USDC, BTC, ETH), with the 0.1%
// taker fee per leg and the withdrawal fee of the asset paid out. Bybit
// answers its errors with HTTP 200 and a retCode other than 0, and an IP over
// its limit with HTTP 403 "access too frequent", after which it wants ten
// minutes of silence. Bybit lists no Monero. The engine is venue/cex.
package bybit

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Bybit.
var Descriptor = cex.Descriptor("bybit", &spec)

// IPBan is how long Bybit wants no calls after HTTP 403 "access too
// frequent" ([DOC] v5/rate-limit: "wait for at least 10 minutes").
const IPBan = 10 * time.Minute

// Spec returns Bybit's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Bybit for the cex engine. The IP limit is 600 requests per 5 s
// across api.bybit.com [DOC]; the engine's shared books keep far below it.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"retCode":0,"retMsg":"OK","result":{"s":"BTCUSDT","a":[["price","size"],…],"b":[…],…},…};
	// an error keeps the envelope, with another retCode.
	Book: book.Shape{In: "result", Bids: "b", Asks: "a",
		Code: "retCode", Refused: func(code []byte) bool { return code != nil && string(code) != "0" }},
	ErrorBody: errorBody,
}

// parseMarkets reads instruments-info with encoding/json (it is fetched
// every few minutes, off the quote path): {"retCode":0,"result":{"category":
// "spot","list":[…]}}. Spot has no pagination [DOC]; symbols not Trading
// (PreLaunch, Closed…) are dropped. Values of an unexpected type read as
// absent rather than fail the list.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "Bybit", "instrument list", []string{"result", "list"}, func(it struct {
		Symbol        cex.Text `json:"symbol"`
		BaseCoin      cex.Text `json:"baseCoin"`
		QuoteCoin     cex.Text `json:"quoteCoin"`
		Status        cex.Text `json:"status"`
		LotSizeFilter struct {
			MinOrderQty cex.Opt `json:"minOrderQty"`
			MinOrderAmt cex.Opt `json:"minOrderAmt"`
		} `json:"lotSizeFilter"`
	}) (cex.Market, bool) {
		m := cex.Named(it.BaseCoin, it.QuoteCoin, it.Symbol)
		m.MinBase, m.MinQuote = it.LotSizeFilter.MinOrderQty.Amount, it.LotSizeFilter.MinOrderAmt.Amount
		return m, it.Status == "Trading"
	})
}

// apiError maps a retCode ([DOC] v5/error; [MEM] for which 10001 texts
// name the symbol): 10001 "params error" is ours unless it is about the
// symbol; 10006 "Too many visits!" and 10018 (IP) are rate limits.
func apiError(code int64, msg []byte, status int) error {
	fc := swapscout.CodeBadResponse
	switch code {
	case 10006, 10018:
		fc = swapscout.CodeRateLimited
	case 10000, 10016: // server timeout; internal error or service restarting
		fc = swapscout.CodeUnavailable
	case 10003, 10004, 10005, 10007, 10010: // key, signature, permission, auth, IP binding
		fc = swapscout.CodeNotConfigured
	case 170121: // Invalid symbol.
		fc = swapscout.CodeUnsupportedPair
	case 10001:
		if bytes.Contains(bytes.ToLower(msg), []byte("symbol")) {
			fc = swapscout.CodeUnsupportedPair
		}
	default:
		if status >= 500 {
			fc = swapscout.CodeUnavailable
		}
	}
	return cex.Error(fc, "Bybit", strconv.FormatInt(code, 10), string(msg), status)
}

// errorBody reads Bybit's envelope, {"retCode":10001,"retMsg":"…"}, at any
// status (Bybit answers most errors with HTTP 200); nil when body is not
// one or retCode is 0.
func errorBody(status int, body []byte) error {
	var e struct {
		RetCode int64  `json:"retCode"`
		RetMsg  string `json:"retMsg"`
	}
	if json.Unmarshal(body, &e) != nil || e.RetCode == 0 {
		return nil
	}
	return apiError(e.RetCode, []byte(e.RetMsg), status)
}
