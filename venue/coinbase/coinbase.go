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
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Coinbase Exchange.
var Descriptor = venue.Descriptor{
	ID: "coinbase", Name: "Coinbase Exchange", Kind: swapscout.OrderBook,
	BaseURL: "https://api.exchange.coinbase.com", Website: "https://exchange.coinbase.com",
	Timeout: 5 * time.Second, KYC: 'D', Reverse: true,
	Networks: symbols.Networks(), Evidence: swapscout.Documented,
	Limit: venue.Limit{Rate: 8, Burst: 12, Stated: 10, StatedBurst: 15,
		Source: "[CODE] client libraries enforce 10 requests per second per IP on public endpoints; docs recalled to allow bursts to 15 [MEM]"},
	New: func(c venue.Config) (swapscout.Quoter, error) { return New(c), nil },
	Sim: Sim,
}

// Client quotes Coinbase Exchange; it refreshes the market list in the background.
type Client struct{ *cex.Client }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cex.New(cfg, &spec)} }

// wholeBook is the depth asked of a book that always comes whole (level 2
// has no size parameter): never reached, so a walk off its end is
// amount_too_large at once, with no deeper fetch to try.
const wholeBook = 1 << 30

// spec is Coinbase Exchange for the cex engine. Public endpoints allow 10
// requests a second per IP ([CODE] JKorf; research B3): books are shared for
// the engine's BookTTL, and a 429 holds calls off for Backoff.
var spec = cex.Spec{
	Name:    "Coinbase",
	Symbols: symbols,
	Bridges: []cex.Bridge{{Ticker: "USD", Asset: "usd"}, {Ticker: "USDT", Asset: "usdt"},
		{Ticker: "BTC", Asset: "btc"}, {Ticker: "USDC", Asset: "usdc"}},
	TakerFee:          swapscout.MustAmount("0.006"),
	TakerFeeSource:    "[MEM] coinbase.com/exchange fees: 0.60% taker in the lowest volume tier (research B3, unverified)",
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	Depths:            []int{wholeBook},
	BookMaxBody:       8 << 20, // the whole level-2 book: tens of thousands of 30-byte levels, ~1-3 MB
	Header:            []venue.Field{{Key: "User-Agent", Value: upstream.DefaultUserAgent}},
	MarketsPath:       "/products",
	ParseMarkets:      parseMarkets,
	BookPath: func(m cex.Market, _ int) string {
		return "/products/" + url.PathEscape(m.Symbol) + "/book?level=2"
	},
	ParseBook: parseBook,
	ErrorBody: errorBody,
}

// parseMarkets reads /products: online products open to market orders
// (not trading_disabled, cancel_only, limit_only or post_only).
func parseMarkets(status int, body []byte) ([]cex.Market, error) {
	if status != 200 {
		return nil, parseError(status, body)
	}
	var ps []product
	if err := json.Unmarshal(body, &ps); err != nil {
		if e := parseError(status, body); venueCode(e) != swapscout.CodeBadResponse {
			return nil, e // a {"message":…} where the list should be
		}
		return nil, venue.BadResponse(err)
	}
	out := make([]cex.Market, 0, len(ps))
	for _, p := range ps {
		if p.Status != "online" || p.TradingDisabled || p.CancelOnly || p.LimitOnly || p.PostOnly ||
			p.ID == "" || p.BaseCurrency == "" || p.QuoteCurrency == "" {
			continue
		}
		m := cex.Market{Market: book.Market{Base: p.BaseCurrency, Quote: p.QuoteCurrency, Symbol: p.ID}}
		if p.MinMarketFunds.Valid() && p.MinMarketFunds.Sign() > 0 {
			m.MinQuote = p.MinMarketFunds
		}
		out = append(out, m)
	}
	return out, nil
}

// parseBook reads /products/{id}/book?level=2:
// {"bids":[["price","size",num_orders],…],"asks":[…],"sequence":…,"auction_mode":false,"auction":null,"time":"…"}.
// A product in auction mode takes no market orders: its book is unavailable.
func parseBook(s *book.Scanner, status int, body []byte, b *book.Book) error {
	if status != 200 {
		return parseError(status, body)
	}
	s.Reset(body)
	b.Bids, b.Asks = b.Bids[:0], b.Asks[:0]
	var msg []byte
	// A key given twice counts once, its last value winning (as encoding/json).
	hasBids, hasAsks, auction := false, false, false
	if s.EnterObject() {
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			switch k := string(key); {
			case k == "bids":
				b.Bids, hasBids = s.Levels(b.Bids[:0], book.PriceQty), true
			case k == "asks":
				b.Asks, hasAsks = s.Levels(b.Asks[:0], book.PriceQty), true
			case k == "auction_mode" && s.Kind() == book.Bool:
				auction = s.Bool()
			case k == "message" && s.Kind() == book.String:
				msg = s.String()
			default:
				s.Skip()
			}
		}
	}
	if err := s.Finish(); err != nil {
		return err
	}
	switch {
	case msg != nil && !hasBids && !hasAsks:
		return apiError(status, string(msg))
	case auction:
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "Coinbase: the product is in auction mode, it takes no market orders")
	case !hasBids || !hasAsks:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "Coinbase book lacks a side")
	}
	return nil
}

// parseError maps an error answer, {"message":"NotFound"} ([MEM] texts):
// 404 an unknown product, 400 a bad parameter, 401/403 a refusal, 5xx the
// venue's fault. Rate limits come as 429, which venue.Fetch maps first.
func parseError(status int, body []byte) error {
	var e errorResponse
	if err := json.Unmarshal(body, &e); err != nil || e.Message == "" {
		if status == 404 {
			return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Coinbase: product not found (HTTP 404)")
		}
		if status == 200 {
			return venue.BadResponse(err)
		}
		return venue.StatusError(status)
	}
	return apiError(status, e.Message)
}

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
	if len(msg) > 120 {
		msg = msg[:120] + "…"
	}
	return swapscout.NewVenueError(code, "Coinbase: %s (HTTP %d)", msg, status)
}

func venueCode(err error) swapscout.FailureCode {
	if ve, ok := err.(*swapscout.VenueError); ok {
		return ve.Code
	}
	return ""
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

var _ swapscout.Refresher = (*Client)(nil)
