// Package gemini is the adapter for Gemini spot, priced from its public order
// books: the market list from /v1/symbols/details/all (open spot markets
// only, with min_order_size), books from /v1/book/{symbol} walked for the
// exact amount, direct or through one bridge (USD, BTC, ETH, USDT), with the
// 0.40% taker fee per leg and the withdrawal fee of the asset paid out.
// Gemini's book levels are objects {"price","amount","timestamp"}, and its
// errors are {"result":"error","reason":…,"message":…}: read as errors
// whatever the HTTP status. The engine is venue/cex.
package gemini

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Gemini.
var Descriptor = cex.Descriptor("gemini", &spec)

// Spec returns Gemini's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// fullBook is the last of venue.json's depths: it is asked as limit 0, which Gemini
// answers with the whole side [DOC].
const fullBook = 1000

// spec is Gemini for the cex engine. Public calls are limited to about 120 a
// minute per IP ([CODE] gct; [MEM] docs: 1 a second recommended, 429 past it).
// /v1/symbols lists bare names ("btcusd"); details/all (venue.json's
// markets_path) gives every market's base, quote, status and minimum in one
// call [REC gct].
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	BookPath: func(m cex.Market, depth int) string {
		n := strconv.Itoa(depth)
		if depth >= fullBook {
			n = "0"
		}
		return "/v1/book/" + m.Symbol + "?limit_bids=" + n + "&limit_asks=" + n
	},
	// Book: {"bids":[{"price","amount","timestamp"},…],"asks":[…]}, or an
	// error object, which is an error whatever the status.
	Book:      book.Shape{Layout: book.Gemini, Code: "result", Refused: func(result []byte) bool { return string(result) == "error" }},
	ErrorBody: errorBody,
}

// parseMarkets reads the details array with encoding/json (it is fetched
// every few minutes, off the quote path): open spot markets (not the
// limit_only, cancel_only or closed ones, and not the GUSD perpetuals), with
// MinBase from min_order_size. Fields of an unexpected type read as absent.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "Gemini", "symbol details list", nil, func(it struct {
		Symbol        cex.Text  `json:"symbol"`
		BaseCurrency  cex.Text  `json:"base_currency"`
		QuoteCurrency cex.Text  `json:"quote_currency"`
		Status        cex.Text  `json:"status"`
		ProductType   *cex.Text `json:"product_type"`   // absent: spot
		MinOrderSize  cex.Opt   `json:"min_order_size"` // a string, where tick_size is a number
	}) (cex.Market, bool) {
		m := cex.Named(it.BaseCurrency, it.QuoteCurrency, cex.Text(strings.ToLower(string(it.Symbol))))
		m.MinBase = it.MinOrderSize.Amount
		spot := it.ProductType == nil || *it.ProductType == "spot"
		return m, it.Status == "open" && spot
	})
}

// reasons maps Gemini's error reasons ([MEM] docs "Error Codes"; the
// "Bad Request" answer to an unknown symbol is [REC]) to failure codes.
var reasons = map[string]swapscout.FailureCode{
	"InvalidSymbol":        swapscout.CodeUnsupportedPair,
	"RateLimit":            swapscout.CodeRateLimited,
	"RateLimited":          swapscout.CodeRateLimited,
	"Maintenance":          swapscout.CodeUnavailable,
	"System":               swapscout.CodeUnavailable,
	"MarketNotOpen":        swapscout.CodeUnavailable,
	"MissingApikeyHeader":  swapscout.CodeNotConfigured,
	"InvalidSignature":     swapscout.CodeNotConfigured,
	"InvalidApiKey":        swapscout.CodeNotConfigured,
	"MissingRole":          swapscout.CodeNotConfigured,
	"EndpointNotFound":     swapscout.CodeBadResponse,
	"EndpointMismatch":     swapscout.CodeBadResponse,
	"InvalidJson":          swapscout.CodeBadResponse,
	"UnsupportedOption":    swapscout.CodeBadResponse,
	"InsufficientFunds":    swapscout.CodeBadResponse,
	"InvalidQuantity":      swapscout.CodeBadResponse,
	"ClientOrderIdTooLong": swapscout.CodeBadResponse,
}

// errorBody reads Gemini's error object, {"result":"error","reason":"Bad
// Request","message":"Supplied value 'bla' is not a valid symbol. …"}, at
// any status; nil when body is not one.
func errorBody(status int, body []byte) error {
	var e ErrorResponse
	if json.Unmarshal(body, &e) != nil || e.Result != "error" || e.Reason == "" {
		return nil
	}
	if _, ok := reasons[e.Reason]; !ok && strings.Contains(e.Message, "not a valid symbol") {
		return cex.Error(swapscout.CodeUnsupportedPair, "Gemini", e.Reason, e.Message, status)
	}
	return cex.Coded(reasons, "Gemini", e.Reason, e.Message, status)
}
