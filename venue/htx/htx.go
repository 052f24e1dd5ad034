// Package htx is the adapter for HTX (formerly Huobi) spot, priced from its
// public order books: the market list from /v2/settings/common/symbols
// (online, trade-enabled symbols; HTX names coins in lower case), books from
// /market/depth?type=step0 (unaggregated, the 150 levels HTX serves without a
// depth parameter) walked for the exact amount, direct or through one bridge
// (USDT, BTC, USDC, ETH), with the 0.2% taker fee per leg and the withdrawal
// fee of the asset paid out. HTX sends book prices and amounts as JSON
// numbers, and its errors with HTTP 200: {"status":"error","err-code":…,
// "err-msg":…}. HTX still lists XMR. The engine is venue/cex.
package htx

import (
	"bytes"
	"encoding/json"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers HTX.
var Descriptor = cex.Descriptor("htx", &spec)

// Spec returns HTX's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is HTX for the cex engine. Official market-data limits are
// unverified; clients keep to 7-10 requests a second per endpoint [CODE],
// which the engine's shared books respect.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"ch":…,"status":"ok","ts":…,"tick":{"ts":…,"version":…,"bids":[[49790.87,0.779876],…],"asks":[…]}};
	// an error is {"status":"error","err-code":…,"err-msg":…}, with HTTP 200.
	Book:      book.Shape{In: "tick", Code: "status", Refused: func(status []byte) bool { return string(status) == "error" }},
	ErrorBody: errorBody,
}

// parseMarkets reads /v2/settings/common/symbols with encoding/json (it is
// fetched every few minutes, off the quote path): {"status":"ok","data":
// [{"sc":"ethusdt","bc":"eth","qc":"usdt","state":"online","te":true,…}],…}:
// online and trade-enabled symbols. Values of an unexpected type read as
// absent. v2 carries no order minimums.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "HTX", "symbol list", []string{"data"}, func(it struct {
		Sc    cex.Text `json:"sc"`
		Bc    cex.Text `json:"bc"`
		Qc    cex.Text `json:"qc"`
		State cex.Text `json:"state"`
		Te    cex.Flag `json:"te"`
	}) (cex.Market, bool) {
		return cex.Named(it.Bc, it.Qc, it.Sc), it.State == "online" && bool(it.Te)
	})
}

// apiError maps an err-code ([DOC] invalid-parameter; the rest [MEM], by
// the words HTX's codes are made of): invalid-parameter is ours unless the
// message names the symbol.
func apiError(code, msg []byte, status int) error {
	fc := swapscout.CodeBadResponse
	has := func(b []byte, s string) bool { return bytes.Contains(b, []byte(s)) }
	switch {
	case has(code, "too-many") || has(code, "limit-exceed"): // too-many-requests, api-limit-exceeded
		fc = swapscout.CodeRateLimited
	case has(code, "symbol"): // base-symbol-error, base-symbol-trade-disabled, invalid-symbol
		fc = swapscout.CodeUnsupportedPair
	case string(code) == "invalid-parameter" && has(bytes.ToLower(msg), "symbol"):
		fc = swapscout.CodeUnsupportedPair
	case has(code, "internal") || has(code, "system") || has(code, "maintain"): // gateway-internal-error…
		fc = swapscout.CodeUnavailable
	case has(code, "signature") || has(code, "login") || has(code, "access-key"):
		fc = swapscout.CodeNotConfigured
	case status >= 500:
		fc = swapscout.CodeUnavailable
	}
	return cex.Error(fc, "HTX", string(code), string(msg), status)
}

// errorBody reads HTX's envelope, {"status":"error","err-code":…,
// "err-msg":…}, at any status (HTX answers errors with HTTP 200); nil when
// body is not one.
func errorBody(status int, body []byte) error {
	var e struct {
		Status string `json:"status"`
		Code   string `json:"err-code"`
		Msg    string `json:"err-msg"`
	}
	if json.Unmarshal(body, &e) != nil || e.Status != "error" {
		return nil
	}
	return apiError([]byte(e.Code), []byte(e.Msg), status)
}
