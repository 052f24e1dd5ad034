// Package okx is the adapter for OKX spot, priced from its public order
// books: the market list from /api/v5/public/instruments?instType=SPOT (live
// instruments, with minSz as their least order), the top 400 levels a side
// from /api/v5/market/books walked for the exact amount, direct or through
// one bridge (USDT, USDC, BTC, ETH), with the taker fee per leg and the
// withdrawal fee of the asset paid out. Every OKX answer is the envelope
// {"code":"0","msg":"","data":[…]} with code a string: errors may come with
// HTTP 200. The engine is venue/cex; this package is the wire format and the
// tables.
package okx

import (
	"encoding/json"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers OKX.
var Descriptor = cex.Descriptor("okx", &spec)

// Spec returns OKX's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is OKX for the cex engine. /market/books allows 40 requests per 2
// seconds per IP [DOC]: books are shared for the engine's BookTTL, and a
// rate-limit answer (50011 with HTTP 429 [CODE]) holds calls off for the
// venue's Limit.Backoff (venue/limits.go), doubling while they repeat.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"code":"0","msg":"","data":[{"asks":[["px","sz","0","n"],…],"bids":[…],"ts":"…"}]};
	// an answer is OKX's only with its code, "0" when it succeeded.
	Book: book.Shape{In: "data", First: true,
		Code: "code", Refused: func(code []byte) bool { return string(code) != "0" }, CodeRequired: true},
	ErrorBody: errorBody,
}

// parseMarkets reads the SPOT instruments: live ones, keyed by baseCcy and
// quoteCcy, fetched by instId, with minSz (in base) as their least order.
func parseMarkets(body []byte) ([]cex.Market, error) {
	var e Envelope[Instrument]
	if err := json.Unmarshal(body, &e); err != nil {
		return nil, venue.BadResponse(err)
	}
	if e.Code == "" {
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "OKX instruments answer has no code")
	}
	return cex.Markets(e.Data, func(in Instrument) (cex.Market, bool) {
		m := cex.Market{Market: book.Market{Base: in.BaseCcy, Quote: in.QuoteCcy, Symbol: in.InstID}}
		if min, err := swapscout.ParseAmount(in.MinSz); err == nil && min.Sign() > 0 {
			m.MinBase = min
		}
		return m, in.InstType == "SPOT" && in.State == "live"
	}), nil
}

// errorCodes maps OKX's codes ([CODE] gct okx_err_codes.go and JKorf's
// mapping; research B6) to failure codes; others are unavailable with a 5xx
// status and bad_response (we asked wrongly) otherwise.
var errorCodes = map[string]swapscout.FailureCode{
	"51001": swapscout.CodeUnsupportedPair, // Instrument ID does not exist
	"50011": swapscout.CodeRateLimited,     // Rate limit reached (HTTP 429)
	"50040": swapscout.CodeRateLimited,     // Too frequent operations
	"50001": swapscout.CodeUnavailable,     // Service temporarily unavailable
	"50004": swapscout.CodeUnavailable,     // Endpoint request timeout
	"50005": swapscout.CodeUnavailable,     // API is offline or unavailable
	"50013": swapscout.CodeUnavailable,     // System is busy
	"50026": swapscout.CodeUnavailable,     // System error
	"50111": swapscout.CodeNotConfigured,   // Invalid OK-ACCESS-KEY [MEM]
	"50113": swapscout.CodeNotConfigured,   // Invalid Sign [MEM]
	"50114": swapscout.CodeNotConfigured,   // Invalid authorization [MEM]
	"51000": swapscout.CodeBadResponse,     // Parameter {0} error
	"50014": swapscout.CodeBadResponse,     // Parameter {0} can not be empty
}

// apiError maps an OKX code to a failure code.
func apiError(status int, code, msg string) error {
	return cex.Coded(errorCodes, "OKX", code, msg, status)
}

// errorBody reads OKX's envelope, {"code":"51001","msg":"…","data":[]}, at
// any status (OKX answers most errors with HTTP 200; the code is a string,
// a number read too); nil when body is not one or its code is the success
// "0".
func errorBody(status int, body []byte) error {
	var e struct {
		Code cex.Text `json:"code"`
		Msg  cex.Text `json:"msg"`
	}
	if json.Unmarshal(body, &e) != nil || e.Code == "" || e.Code == "0" {
		return nil
	}
	return apiError(status, string(e.Code), string(e.Msg))
}
