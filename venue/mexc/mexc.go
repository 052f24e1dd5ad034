// Package mexc is the adapter for MEXC spot, priced from its public order
// books through its Binance-compatible API: the market list from
// /api/v3/exchangeInfo (enabled symbols that allow spot market orders, each
// with its own takerCommission and minimum order), books from /api/v3/depth
// walked for the exact amount, direct or through one bridge (USDT, USDC, BTC,
// ETH), and the withdrawal fee of the asset paid out. MEXC leaves some fields
// empty or null, so every field is read defensively; its errors are
// {"code":-1121,"msg":"Invalid symbol."} with its own codes beside Binance's.
// The engine is venue/cex.
package mexc

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers MEXC. KYC C: MEXC has let unverified accounts
// withdraw up to a daily limit and asks for verification above it, or when
// it reviews an account [MEM].
var Descriptor = cex.Descriptor("mexc", &spec)

// Spec returns MEXC's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is MEXC for the cex engine. Each IP-limited endpoint has its own
// budget of 500 calls per 10 s [DOC]; 429 and 418 come with Retry-After.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"lastUpdateId":…,"bids":[["price","qty"],…],"asks":[…]}, or an
	// error {"code":…,"msg":…}, also with HTTP 200.
	Book: book.Shape{Code: "code", Refused: func(code []byte) bool {
		return string(code) != "0" && string(code) != "200"
	}},
	ErrorBody: errorBody,
}

// parseMarkets reads exchangeInfo with encoding/json (it is fetched every
// few minutes, off the quote path): enabled symbols (status "1") that allow
// spot trading, market orders and both sides. A field that is null, empty
// or of another type counts as absent.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "MEXC", "symbols", []string{"symbols"}, func(sy symbolIn) (cex.Market, bool) {
		m := cex.Named(sy.BaseAsset, sy.QuoteAsset, sy.Symbol)
		m.MinBase, m.MinQuote = sy.BaseSizePrecision.Amount, sy.QuoteAmountPrecision.Amount
		if sy.QuoteAmountPrecisionMarket.Amount.Sign() > 0 {
			m.MinQuote = sy.QuoteAmountPrecisionMarket.Amount
		}
		m.TakerFee = cex.TakerFee(sy.TakerCommission.Amount, sy.TakerCommission.OK)
		enabled := sy.Status == "1" || sy.Status == "ENABLED"
		spot := string(bytes.TrimSpace(sy.IsSpotTradingAllowed)) != "false" // absent or null: unstated
		types, listed := cex.Items[cex.Text](sy.OrderTypes)
		market := !listed || slices.Contains(types, "MARKET")
		sides := sy.TradeSideType == "" || sy.TradeSideType == "1"
		return m, enabled && spot && market && sides
	})
}

// symbolIn is what parseMarkets reads of an item of exchangeInfo's symbols.
type symbolIn struct {
	Symbol               cex.Text        `json:"symbol"`
	Status               cex.Text        `json:"status"` // "1" online, "2" paused, "3" offline [DOC]; "ENABLED" in older answers [MEM]
	BaseAsset            cex.Text        `json:"baseAsset"`
	QuoteAsset           cex.Text        `json:"quoteAsset"`
	IsSpotTradingAllowed json.RawMessage `json:"isSpotTradingAllowed"`
	OrderTypes           json.RawMessage `json:"orderTypes"`    // not a list: unstated
	TradeSideType        cex.Text        `json:"tradeSideType"` // "1" all, "2" buy only, "3" sell only, "4" closed [DOC]; a number in older examples
	TakerCommission      cex.Opt         `json:"takerCommission"`
	// "min order quantity" [DOC], despite the name.
	BaseSizePrecision cex.Opt `json:"baseSizePrecision"`
	// "min order amount", in quote [DOC]; and "in market order".
	QuoteAmountPrecision       cex.Opt `json:"quoteAmountPrecision"`
	QuoteAmountPrecisionMarket cex.Opt `json:"quoteAmountPrecisionMarket"`
}

// errorCodes maps MEXC's error codes ([CODE] JKorf's MexcErrors.SpotErrors,
// whose unknown-symbol group is -1121, 30021 and 730001; texts [MEM]).
var errorCodes = map[int64]swapscout.FailureCode{
	-1121:  swapscout.CodeUnsupportedPair, // Invalid symbol.
	30021:  swapscout.CodeUnsupportedPair, // unknown symbol
	730001: swapscout.CodeUnsupportedPair, // pair not found
	30016:  swapscout.CodeUnsupportedPair, // trading disabled on the symbol
	10007:  swapscout.CodeUnsupportedPair, // symbol not supported through the API
	429:    swapscout.CodeRateLimited,
	-1003:  swapscout.CodeRateLimited, // Binance's "too much request weight", kept by the compatible API [MEM]
	500:    swapscout.CodeUnavailable,
	503:    swapscout.CodeUnavailable,
	504:    swapscout.CodeUnavailable,
	-1001:  swapscout.CodeUnavailable,
	401:    swapscout.CodeNotConfigured,
	10072:  swapscout.CodeNotConfigured, // API key invalid
	700001: swapscout.CodeNotConfigured,
	700002: swapscout.CodeNotConfigured, // signature verification failed
	602:    swapscout.CodeNotConfigured,
	700006: swapscout.CodeNotConfigured, // IP not allowed
	700007: swapscout.CodeNotConfigured, // no permission for the endpoint
}

// errorBody reads MEXC's error object, {"code":-1121,"msg":"Invalid
// symbol."} (code a number, or a string holding one), at any status; nil
// when body is not one or its code means success (0, 200).
func errorBody(status int, body []byte) error {
	var e errorResponse
	if json.Unmarshal(body, &e) != nil {
		return nil
	}
	code, err := e.Code.Int64()
	if err != nil || code == 0 || code == 200 {
		return nil
	}
	fc, ok := errorCodes[code]
	switch {
	case ok:
	case status == 403 || status >= 500:
		fc = swapscout.CodeUnavailable
	default:
		fc = swapscout.CodeBadResponse // parameter errors (33333, 700008, 730002…): we asked wrongly
	}
	return cex.Error(fc, "MEXC", strconv.FormatInt(code, 10), e.Msg, status)
}
