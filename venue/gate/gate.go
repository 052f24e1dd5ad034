// Package gate is the adapter for Gate (gate.io) spot, API v4, priced from
// its public order books: the market list from /api/v4/spot/currency_pairs
// (tradable pairs, each with its own taker fee, a percent string, and its
// min_base_amount and min_quote_amount), books from /api/v4/spot/order_book
// at 100 levels, 1000 when a walk runs off them, walked for the exact
// amount, direct or through one bridge (USDT, BTC, USDC, ETH), and the
// withdrawal fee of the asset paid out. Gate lists XMR and FIRO. Errors are
// {"label":"INVALID_CURRENCY_PAIR","message":"…"} with a 4xx status. The
// engine is venue/cex.
package gate

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Gate.
var Descriptor = cex.Descriptor("gate", &spec)

// Spec returns Gate's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Gate for the cex engine. Public endpoints allow 200 requests per
// 10 s per endpoint and IP [DOC]; a 429 carries no Retry-After [MEM].
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"id":…,"current":ms,"update":ms,"asks":[["price","amount"],…],"bids":[…]};
	// an error is a labelled object instead.
	Book:      book.Shape{Code: "label", Refused: func(label []byte) bool { return label != nil }},
	ErrorBody: errorBody,
}

// percent is 0.01: Gate's fees are percentages.
var percent = swapscout.NewAmount(1, 2)

// parseMarkets reads currency_pairs with encoding/json (it is fetched every
// few minutes, off the quote path): a JSON array of pairs. Tradable pairs (not untradable, buyable or sellable only) are
// kept, with the pair's fee and minimums; values of an unexpected type read
// as absent.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "Gate", "pair list", nil, func(it struct {
		ID             cex.Text `json:"id"`
		Base           cex.Text `json:"base"`
		Quote          cex.Text `json:"quote"`
		TradeStatus    cex.Text `json:"trade_status"`
		Fee            cex.Opt  `json:"fee"`
		MinBaseAmount  cex.Opt  `json:"min_base_amount"`
		MinQuoteAmount cex.Opt  `json:"min_quote_amount"`
	}) (cex.Market, bool) {
		m := cex.Named(it.Base, it.Quote, it.ID)
		m.MinBase, m.MinQuote = it.MinBaseAmount.Amount, it.MinQuoteAmount.Amount
		f := it.Fee.Amount.Mul(percent)
		m.TakerFee = cex.TakerFee(f, f.Sign() > 0) // 0 or absent: the spec's
		return m, it.TradeStatus == "tradable"
	})
}

// labelCodes maps Gate's error labels ([CODE] JKorf keys on label; the
// labels are Gate's v4 error list [MEM]); others are bad_response, or
// unavailable with a 5xx.
var labelCodes = map[string]swapscout.FailureCode{
	"INVALID_CURRENCY_PAIR":   swapscout.CodeUnsupportedPair,
	"INVALID_CURRENCY":        swapscout.CodeUnsupportedPair,
	"TOO_MANY_REQUESTS":       swapscout.CodeRateLimited,
	"SERVER_ERROR":            swapscout.CodeUnavailable,
	"TOO_BUSY":                swapscout.CodeUnavailable,
	"INVALID_KEY":             swapscout.CodeNotConfigured,
	"INVALID_SIGNATURE":       swapscout.CodeNotConfigured,
	"MISSING_REQUIRED_HEADER": swapscout.CodeNotConfigured,
	"REQUEST_EXPIRED":         swapscout.CodeNotConfigured,
	"IP_FORBIDDEN":            swapscout.CodeNotConfigured,
	"FORBIDDEN":               swapscout.CodeNotConfigured,
}

// labelError maps a labelled error.
func labelError(label string, msg []byte, status int) error {
	return cex.Coded(labelCodes, "Gate", label, string(msg), status)
}

// errorBody reads Gate's error object, {"label":"INVALID_CURRENCY_PAIR",
// "message":"…"} ("detail" instead of "message" on some endpoints [REC]),
// at any status; nil when body is not one.
func errorBody(status int, body []byte) error {
	var e ErrorResponse
	if json.Unmarshal(body, &e) != nil || e.Label == "" {
		return nil
	}
	return labelError(e.Label, []byte(venue.ClipOr(e.Message, e.Detail)), status)
}

// ErrorResponse is Gate's error object: label (INVALID_CURRENCY_PAIR,
// TOO_MANY_REQUESTS, …) and a message, or a detail on some endpoints.
type ErrorResponse struct {
	Label   string `json:"label"`
	Message string `json:"message,omitempty"`
	Detail  string `json:"detail,omitempty"`
}
