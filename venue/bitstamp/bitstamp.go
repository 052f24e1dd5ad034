// Package bitstamp is the adapter for Bitstamp, priced from its public order
// books: the market list from /api/v2/trading-pairs-info/ (enabled pairs,
// with minimum_order as their least order), the whole book from
// /api/v2/order_book/{pair}/ (thousands of levels a side, no depth
// parameter) walked for the exact amount, direct or through one bridge (USD,
// BTC, EUR, USDT, USDC), with the taker fee per leg and the withdrawal fee of
// the asset paid out. The engine is venue/cex; this package is the wire
// format and the tables.
package bitstamp

import (
	"encoding/json"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Bitstamp.
var Descriptor = cex.Descriptor("bitstamp", &spec)

// Spec returns Bitstamp's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Bitstamp for the cex engine. Bitstamp allows 400 requests a second
// and 10,000 per 10 minutes per IP ([DOC] bitstamp.net/api; gct limits
// itself to 8,000 [CODE]); a whole book is about 250 kB, so books are shared
// for the engine's BookTTL.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"timestamp":"…","microtimestamp":"…","bids":[["price","amount"],…],"asks":[…]},
	// always both sides.
	Book:      book.Shape{Both: true},
	ErrorBody: errorBody,
}

// parseMarkets reads trading-pairs-info: enabled pairs (that also take
// market orders, when the answer says), keyed by the two halves of name,
// fetched by url_symbol, with minimum_order in whichever currency it names.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.UnmarshalMarkets(body, func(p PairInfo) (cex.Market, bool) {
		base, quote, ok := strings.Cut(p.Name, "/")
		m := cex.Market{Market: book.Market{Base: base, Quote: quote, Symbol: p.URLSymbol}}
		if f := strings.Fields(p.MinimumOrder); len(f) == 2 {
			if min, err := swapscout.ParseAmount(f[0]); err == nil && min.Sign() > 0 {
				switch f[1] {
				case quote:
					m.MinQuote = min
				case base:
					m.MinBase = min
				}
			}
		}
		market := p.InstantAndMarketOrders == "" || p.InstantAndMarketOrders == "Enabled"
		return m, ok && p.Trading == "Enabled" && market
	})
}

// errorBody reads Bitstamp's error object, {"status":"error","reason":…,
// "code":…} (or response_code, such as "400.002" for a rate limit [DOC]),
// at any status; nil when body is not one. reason may be a string or an
// object of field errors ({"__all__":["Minimum order size is …"]}).
func errorBody(status int, body []byte) error {
	var e errorResponse
	if json.Unmarshal(body, &e) != nil || e.Status != "error" && e.ResponseCode == "" {
		return nil
	}
	code := e.ResponseCode
	if code == "" {
		code = e.Code
	}
	reason := e.ResponseExplanation
	switch r := e.Reason.(type) {
	case string:
		reason = r
	case map[string]any: // field errors: {"__all__":["Minimum order size is …"]}
		for k, v := range r {
			if l, ok := v.([]any); ok && len(l) > 0 && (reason == "" || k == "__all__") {
				reason, _ = l[0].(string)
			}
		}
	}
	return apiError(status, code, reason)
}

// apiError maps Bitstamp's error: by its response_code (400.002 a rate
// limit [DOC]), its words ([MEM]), else its status.
func apiError(status int, code, reason string) error {
	lower := strings.ToLower(reason)
	c := swapscout.CodeBadResponse
	switch {
	case code == "400.002" || strings.Contains(lower, "rate limit"):
		c = swapscout.CodeRateLimited
	case code == "API0001" || code == "API0005" || code == "API0011" || strings.Contains(lower, "api key") ||
		strings.Contains(lower, "signature"): // [MEM] key not found, invalid signature
		c = swapscout.CodeNotConfigured
	case status == 404 || code == "400.003" || strings.Contains(lower, "not found") ||
		strings.Contains(lower, "currency pair") || strings.Contains(lower, "market is disabled"):
		c = swapscout.CodeUnsupportedPair
	case status == 403 || status >= 500:
		c = swapscout.CodeUnavailable
	}
	if reason == "" {
		reason = "error"
	}
	return cex.Error(c, "Bitstamp", code, reason, status)
}
