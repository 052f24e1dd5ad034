// Package binance is the adapter for Binance spot, priced from its public
// order books: the market list from /api/v3/exchangeInfo (TRADING symbols
// only, with their minimum order sizes), books from /api/v3/depth walked for
// the exact amount, direct or through one bridge (USDT, BTC, USDC, ETH, BNB),
// with the 0.1% taker fee per leg and the withdrawal fee of the asset paid
// out. Binance lists no XMR market, so Monero is unsupported_pair. The
// engine is venue/cex; this package is the wire format and the tables.
package binance

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Binance.
var Descriptor = cex.Descriptor("binance", &spec)

// Spec returns Binance's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Binance for the cex engine. Depth weights [DOC]: 5 up to 100
// levels, 50 up to 1000, 250 up to 5000, of 6000 a minute per IP. The
// full exchangeInfo is tens of MB; TRADING spot symbols without permission
// sets (venue.json's markets_path) is about 2 MB ([DOC] changelog
// 2024-10-17), so its markets_max_body is four times that.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"lastUpdateId":…,"bids":[["price","qty"],…],"asks":[…]}, the
	// zero book.Shape.
	ErrorBody: errorBody,
}

// parseMarkets reads exchangeInfo with encoding/json (it is fetched every
// few minutes, off the quote path): TRADING symbols that allow spot
// trading, with MinBase from LOT_SIZE / MARKET_LOT_SIZE minQty and MinQuote
// from NOTIONAL (MIN_NOTIONAL) when it applies to market orders. Values of
// an unexpected type read as absent rather than fail the list.
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.ListMarkets(body, "Binance", "symbols", symbolsAt, func(sy symbolIn) (cex.Market, bool) {
		m := cex.Named(sy.BaseAsset, sy.QuoteAsset, sy.Symbol)
		filters, _ := cex.Items[filterIn](sy.Filters)
		for _, f := range filters {
			switch f.FilterType {
			case "LOT_SIZE", "MARKET_LOT_SIZE":
				m.MinBase = swapscout.MaxAmount(m.MinBase, f.MinQty.Amount)
			case "NOTIONAL", "MIN_NOTIONAL":
				if f.ApplyMinToMarket || f.ApplyToMarket {
					m.MinQuote = swapscout.MaxAmount(m.MinQuote, f.MinNotional.Amount)
				}
			}
		}
		spot := string(bytes.TrimSpace(sy.IsSpotTradingAllowed)) != "false" // absent or null: unstated
		return m, sy.Status == "TRADING" && spot
	})
}

// symbolsAt is where exchangeInfo lists its symbols.
var symbolsAt = []string{"symbols"}

// symbolIn is what parseMarkets reads of an item of exchangeInfo's symbols.
type symbolIn struct {
	Symbol               cex.Text        `json:"symbol"`
	Status               cex.Text        `json:"status"`
	BaseAsset            cex.Text        `json:"baseAsset"`
	QuoteAsset           cex.Text        `json:"quoteAsset"`
	IsSpotTradingAllowed json.RawMessage `json:"isSpotTradingAllowed"`
	Filters              json.RawMessage `json:"filters"`
}

// filterIn is what parseMarkets reads of a symbol's filter: the ones that
// bound a market order.
type filterIn struct {
	FilterType       cex.Text `json:"filterType"`
	MinQty           cex.Opt  `json:"minQty"`
	MinNotional      cex.Opt  `json:"minNotional"`
	ApplyMinToMarket cex.Flag `json:"applyMinToMarket"` // NOTIONAL
	ApplyToMarket    cex.Flag `json:"applyToMarket"`    // MIN_NOTIONAL
}

// errorCodes maps Binance's error codes ([DOC] errors.md) to failure codes;
// the rest of -11xx (bad parameters) is bad_response, the rest of -10xx unavailable.
var errorCodes = map[int]swapscout.FailureCode{
	-1121: swapscout.CodeUnsupportedPair, // Invalid symbol.
	-1003: swapscout.CodeRateLimited,     // Too much request weight used / IP banned
	-1015: swapscout.CodeRateLimited,     // Too many new orders
	-1000: swapscout.CodeUnavailable,     // An unknown error occurred
	-1001: swapscout.CodeUnavailable,     // Internal error; unable to process your request
	-1006: swapscout.CodeUnavailable,     // Unexpected response from the message bus
	-1007: swapscout.CodeUnavailable,     // Timeout waiting for response from backend server
	-1008: swapscout.CodeUnavailable,     // Server is currently overloaded with other requests
	-1016: swapscout.CodeUnavailable,     // This service is no longer available
	-2014: swapscout.CodeNotConfigured,   // API-key format invalid
	-2015: swapscout.CodeNotConfigured,   // Invalid API-key, IP, or permissions
}

// errorBody reads Binance's error envelope, {"code":-1121,"msg":"Invalid
// symbol."}, at any status (nil when body is not one): Binance documents it
// with 4xx, and the engine also asks it of a 200 answer that held no book.
func errorBody(status int, body []byte) error {
	var e errorResponse
	if err := json.Unmarshal(body, &e); err != nil || e.Msg == "" || e.Code == 0 {
		return nil
	}
	code, ok := errorCodes[e.Code]
	switch {
	case ok:
	case status == 403 || status == 451 || status >= 500:
		code = swapscout.CodeUnavailable
	case e.Code <= -1000 && e.Code > -1100:
		code = swapscout.CodeUnavailable
	default:
		code = swapscout.CodeBadResponse
	}
	return cex.Error(code, "Binance", strconv.Itoa(e.Code), e.Msg, status)
}
