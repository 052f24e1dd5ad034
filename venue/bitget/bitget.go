// Package bitget is the adapter for Bitget spot (API v2), priced from its
// public order books: the market list from /api/v2/spot/public/symbols
// (online symbols, each with its takerFeeRate and minimum order), books from
// /api/v2/spot/market/orderbook (step0: unaggregated, at most 150 levels)
// walked for the exact amount, direct or through one bridge (USDT, USDC, BTC,
// ETH), and the withdrawal fee of the asset paid out, live from
// /api/v2/spot/public/coins (which also says which chains have deposits or
// withdrawals closed). Every answer is the
// envelope {"code":"00000","msg":"success","requestTime":…,"data":…}; every
// value in it is a string, the precisions and fee rates included. The engine
// is venue/cex.
package bitget

import (
	"encoding/json"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Bitget. KYC D: Bitget requires identity verification
// of every account since 2023 [MEM].
var Descriptor = cex.Descriptor("bitget", &spec)

// Spec returns Bitget's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Bitget for the cex engine. The order book allows 20 calls a second
// per IP, 6000 a minute overall [DOC]/[CODE]; 429 comes without Retry-After
// [MEM], so the engine holds calls off for its Backoff.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	ParseNetworks:     parseNetworks,
	// Book: the envelope {"code":"00000","msg":"success","requestTime":…,"data":…}
	// whose data is {"asks":[["price","size"],…],"bids":[…],"ts":"…"}; an
	// answer is Bitget's only with its code.
	Book: book.Shape{In: "data",
		Code: "code", Refused: func(code []byte) bool { return string(code) != "00000" }, CodeRequired: true},
	ErrorBody: errorBody,
}

// parseMarkets reads the symbols envelope: online symbols (not gray, halt
// or offline), with their takerFeeRate, MinBase from minTradeAmount and, on
// USDT markets, MinQuote from minTradeUSDT. A field that is empty, null or
// of another type counts as absent.
func parseMarkets(body []byte) ([]cex.Market, error) {
	if err := answered(body); err != nil {
		return nil, err
	}
	return cex.ListMarkets(body, "Bitget", "symbols", data, func(it struct {
		Symbol         cex.Text `json:"symbol"`
		BaseCoin       cex.Text `json:"baseCoin"`
		QuoteCoin      cex.Text `json:"quoteCoin"`
		Status         cex.Text `json:"status"` // online, gray (not open yet), halt, offline
		TakerFeeRate   cex.Opt  `json:"takerFeeRate"`
		MinTradeAmount cex.Opt  `json:"minTradeAmount"` // in base
		MinTradeUSDT   cex.Opt  `json:"minTradeUSDT"`   // the least order's value in USDT
	}) (cex.Market, bool) {
		m := cex.Named(it.BaseCoin, it.QuoteCoin, it.Symbol)
		m.MinBase, m.TakerFee = it.MinTradeAmount.Amount, cex.TakerFee(it.TakerFeeRate.Amount, it.TakerFeeRate.OK)
		if m.Quote == "USDT" {
			m.MinQuote = it.MinTradeUSDT.Amount
		}
		return m, it.Status == "online"
	})
}

// parseNetworks reads the coins envelope, whose data lists each coin's
// chains: {"coin":"BTC","chains":[{"chain":"BTC","withdrawable":"true",
// "rechargeable":"true","withdrawFee":"0.0001","minDepositAmount":…}]}
// ([DOC]: the booleans are strings). A flag that is not "true" reads as
// closed; a fee that does not parse leaves the static table's.
func parseNetworks(body []byte) (map[cex.Code]cex.Network, error) {
	if err := answered(body); err != nil {
		return nil, err
	}
	return cex.CoinChains(body, "Bitget", "coins", data, "coin", func(c struct {
		Chain            cex.Text `json:"chain"`
		WithdrawFee      cex.Opt  `json:"withdrawFee"`
		Withdrawable     cex.Text `json:"withdrawable"`
		Rechargeable     cex.Text `json:"rechargeable"`
		MinDepositAmount cex.Opt  `json:"minDepositAmount"`
	}) (cex.Text, cex.Network) {
		return c.Chain, cex.Network{Deposit: c.Rechargeable == "true", Withdraw: c.Withdrawable == "true",
			WithdrawFee: c.WithdrawFee.Amount, HasFee: c.WithdrawFee.OK, DepositMin: c.MinDepositAmount.Amount}
	})
}

// answered checks a list's envelope: an answer without its success code is
// bad_response (the list is then read from its data).
func answered(body []byte) error {
	var e struct {
		Code cex.Text `json:"code"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		return venue.BadResponse(err)
	}
	if e.Code != "00000" {
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "Bitget answered without a code")
	}
	return nil
}

// data is where Bitget's envelope holds its lists.
var data = []string{"data"}

// errorCodes maps Bitget's error codes ([CODE] JKorf's BitgetErrors; texts
// [MEM]) to failure codes; other 4xx codes are parameter errors: bad_response.
var errorCodes = map[string]swapscout.FailureCode{
	// We vary only the symbol, so "Parameter … does not exist" is it.
	"40034": swapscout.CodeUnsupportedPair,
	"40072": swapscout.CodeUnsupportedPair, // symbol invalid
	"40102": swapscout.CodeUnsupportedPair, // symbol does not exist
	"25100": swapscout.CodeUnsupportedPair,
	"40308": swapscout.CodeUnsupportedPair, // symbol not trading now
	"40309": swapscout.CodeUnsupportedPair, // symbol removed
	"40844": swapscout.CodeUnsupportedPair,
	"40845": swapscout.CodeUnsupportedPair,
	"429":   swapscout.CodeRateLimited,
	"30006": swapscout.CodeRateLimited,
	"30007": swapscout.CodeRateLimited,
	"25004": swapscout.CodeRateLimited,
	"40015": swapscout.CodeUnavailable, // system abnormal
	"40200": swapscout.CodeUnavailable, // server upgrade
	"40400": swapscout.CodeUnavailable,
	"40846": swapscout.CodeUnavailable,
	"43059": swapscout.CodeUnavailable,
	"45001": swapscout.CodeUnavailable,
	"40010": swapscout.CodeUnavailable, // request timed out
	"40910": swapscout.CodeUnavailable,
	"40000": swapscout.CodeUnavailable, // not served in this region
	"40103": swapscout.CodeUnavailable,
	"40104": swapscout.CodeUnavailable,
	"40001": swapscout.CodeNotConfigured, // API key empty
	"40006": swapscout.CodeNotConfigured, // invalid API key
	"40009": swapscout.CodeNotConfigured, // signature error
	"40012": swapscout.CodeNotConfigured,
	"40037": swapscout.CodeNotConfigured,
}

// errorBody reads Bitget's envelope, {"code":"40034","msg":"Parameter …
// does not exist","requestTime":…,"data":null} (the code a string, a number
// read too), at any status; nil when body is not one or its code is the
// success "00000".
func errorBody(status int, body []byte) error {
	var e errorResponse
	if json.Unmarshal(body, &e) != nil || len(e.Code) == 0 || string(e.Code) == "null" {
		return nil
	}
	code := strings.Trim(string(e.Code), `"`)
	if code == "00000" {
		return nil
	}
	return cex.Coded(errorCodes, "Bitget", code, e.Msg, status)
}
