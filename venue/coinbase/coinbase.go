// Package coinbase is the adapter for Coinbase Exchange (the former Coinbase
// Pro, api.exchange.coinbase.com; not Advanced Trade, whose book needs a
// JWT), priced from its public order books: the market list from /products
// (online products that take market orders, with min_market_funds as their
// least order), the whole aggregated book from /products/{id}/book?level=2
// walked for the exact amount, direct or through one bridge (USD, USDT, BTC,
// USDC), with the taker fee per leg and the network fee of the asset paid
// out. Coinbase refuses requests without a User-Agent, so every call sends
// one. The engine is venue/cex; this package is the wire format and tables.
package coinbase

import (
	"encoding/json"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Coinbase Exchange.
var Descriptor = cex.Descriptor("coinbase", &spec)

// Spec returns Coinbase Exchange's description for the cex engine: its
// tickers and networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Coinbase Exchange for the cex engine. Public endpoints allow 10
// requests a second per IP ([CODE] JKorf; research B3): books are shared for
// the engine's BookTTL, and a 429 holds calls off for Backoff.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	Header:            []venue.Field{{Key: "User-Agent", Value: upstream.DefaultUserAgent}},
	ParseMarkets:      parseMarkets,
	ParseBook:         parseBook,
	ErrorBody:         errorBody,
}

// parseMarkets reads /products: online products open to market orders
// (not trading_disabled, cancel_only, limit_only or post_only).
func parseMarkets(body []byte) ([]cex.Market, error) {
	return cex.UnmarshalMarkets(body, func(p Product) (cex.Market, bool) {
		m := cex.Market{Market: book.Market{Base: p.BaseCurrency, Quote: p.QuoteCurrency, Symbol: p.ID}}
		if p.MinMarketFunds.Valid() && p.MinMarketFunds.Sign() > 0 {
			m.MinQuote = p.MinMarketFunds
		}
		return m, p.Status == "online" && !p.TradingDisabled && !p.CancelOnly && !p.LimitOnly && !p.PostOnly
	})
}

// bookShape is /products/{id}/book?level=2:
// {"bids":[["price","size",num_orders],…],"asks":[…],"sequence":…,"auction_mode":false,"auction":null,"time":"…"},
// always both sides.
var bookShape = book.Shape{Both: true}

// parseBook reads a book; a product in auction mode takes no market orders:
// its book is unavailable.
func parseBook(s *book.Scanner, body []byte, b *book.Book) error {
	auction := false
	err := s.ReadBook(body, b, &bookShape, func(key []byte) bool {
		if string(key) != "auction_mode" || s.Kind() != book.Bool {
			return false
		}
		auction = s.Bool()
		return true
	})
	if err == nil && auction {
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "Coinbase: the product is in auction mode, it takes no market orders")
	}
	return err
}

// apiError maps an error answer, {"message":"NotFound"} ([MEM] texts): 404
// an unknown product, 400 a bad parameter, 401/403 a refusal, 5xx the
// venue's fault. Rate limits come as 429, which venue.Fetch maps first.
func apiError(status int, msg string) error {
	lower := strings.ToLower(msg)
	code := swapscout.CodeBadResponse
	switch {
	case strings.Contains(lower, "rate limit"):
		code = swapscout.CodeRateLimited
	case status == 404 || lower == "notfound" || strings.Contains(lower, "not found"):
		code = swapscout.CodeUnsupportedPair
	case strings.Contains(lower, "api key") || strings.Contains(lower, "signature") || strings.Contains(lower, "passphrase"):
		code = swapscout.CodeNotConfigured // "invalid api key", "invalid signature", "invalid passphrase" [MEM]
	case status == 401 || status == 403 || status >= 500:
		code = swapscout.CodeUnavailable
	}
	return cex.Error(code, "Coinbase", "", msg, status)
}

// errorBody reads Coinbase's error object, {"message":"NotFound"}, at any
// status; nil when body is not one.
func errorBody(status int, body []byte) error {
	var e errorResponse
	if json.Unmarshal(body, &e) != nil || e.Message == "" {
		return nil
	}
	return apiError(status, e.Message)
}
