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
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Bitstamp.
var Descriptor = venue.Descriptor{
	ID: "bitstamp", Name: "Bitstamp", Kind: swapscout.OrderBook,
	BaseURL: "https://www.bitstamp.net", Website: "https://www.bitstamp.net",
	Timeout: 5 * time.Second, KYC: 'D', Reverse: true,
	Networks: symbols.Networks(), Evidence: swapscout.Recorded,
	Limit: venue.Limit{Rate: 10, Burst: 20, Stated: 16, StatedBurst: 40,
		Source: "[CODE] client libraries keep to 8000 requests per 10 minutes; the API page is recalled as 400/s and 10,000 per 10 minutes [MEM, unverified]"},
	New: func(c venue.Config) (swapscout.Quoter, error) { return New(c), nil },
	Sim: Sim,
}

// Client quotes Bitstamp; it refreshes the market list in the background.
type Client struct{ *cex.Client }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cex.New(cfg, &spec)} }

// wholeBook is the depth asked of a book that always comes whole: never
// reached, so a walk off its end is amount_too_large at once.
const wholeBook = 1 << 30

// spec is Bitstamp for the cex engine. Bitstamp allows 400 requests a second
// and 10,000 per 10 minutes per IP ([DOC] bitstamp.net/api; gct limits
// itself to 8,000 [CODE]); a whole book is about 250 kB, so books are shared
// for the engine's BookTTL.
var spec = cex.Spec{
	Name:    "Bitstamp",
	Symbols: symbols,
	Bridges: []cex.Bridge{{Ticker: "USD", Asset: "usd"}, {Ticker: "BTC", Asset: "btc"},
		{Ticker: "EUR", Asset: "eur"}, {Ticker: "USDT", Asset: "usdt"}, {Ticker: "USDC", Asset: "usdc"}},
	TakerFee: swapscout.MustAmount("0.004"),
	TakerFeeSource: "[MEM] bitstamp.net/fee-schedule: 0.40% taker below $10k monthly volume (research B4: " +
		"the recorded fees/trading mock is account-specific)",
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	Depths:            []int{wholeBook},
	BookMaxBody:       8 << 20, // the whole book: ~4,900 levels a side recorded (~300 KB), far more at times
	MarketsPath:       "/api/v2/trading-pairs-info/",
	ParseMarkets:      parseMarkets,
	BookPath: func(m cex.Market, _ int) string {
		return "/api/v2/order_book/" + url.PathEscape(m.Symbol) + "/"
	},
	ParseBook: parseBook,
	ErrorBody: errorBody,
}

// parseMarkets reads trading-pairs-info: enabled pairs (that also take
// market orders, when the answer says), keyed by the two halves of name,
// fetched by url_symbol, with minimum_order in whichever currency it names.
func parseMarkets(status int, body []byte) ([]cex.Market, error) {
	if status != 200 {
		return nil, parseError(status, body)
	}
	var ps []pairInfo
	if err := json.Unmarshal(body, &ps); err != nil {
		if e := parseError(status, body); venueCode(e) != swapscout.CodeBadResponse {
			return nil, e
		}
		return nil, venue.BadResponse(err)
	}
	out := make([]cex.Market, 0, len(ps))
	for _, p := range ps {
		base, quote, ok := strings.Cut(p.Name, "/")
		if !ok || base == "" || quote == "" || p.URLSymbol == "" || p.Trading != "Enabled" ||
			p.InstantAndMarketOrders != "" && p.InstantAndMarketOrders != "Enabled" {
			continue
		}
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
		out = append(out, m)
	}
	return out, nil
}

// parseBook reads order_book: {"timestamp":"…","microtimestamp":"…",
// "bids":[["price","amount"],…],"asks":[…]}, or an error in its place.
func parseBook(s *book.Scanner, status int, body []byte, b *book.Book) error {
	if status != 200 {
		return parseError(status, body)
	}
	s.Reset(body)
	b.Bids, b.Asks = b.Bids[:0], b.Asks[:0]
	// A key given twice counts once, its last value winning (as encoding/json).
	hasBids, hasAsks, errStatus, errFields := false, false, false, false
	if s.EnterObject() {
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			switch k := string(key); {
			case k == "bids":
				b.Bids, hasBids = s.Levels(b.Bids[:0], book.PriceQty), true
			case k == "asks":
				b.Asks, hasAsks = s.Levels(b.Asks[:0], book.PriceQty), true
			case k == "status":
				errStatus = s.Kind() == book.String && string(s.String()) == "error"
				if !errStatus {
					s.Skip()
				}
			case k == "reason" || k == "response_code":
				errFields = true
				s.Skip()
			default:
				s.Skip()
			}
		}
	}
	err := s.Finish()
	failed, sides := errStatus || errFields, b2i(hasBids)+b2i(hasAsks)
	switch {
	case failed && sides == 0 || failed && err == nil && sides < 2:
		return parseError(status, body) // an error in the place of the book
	case err != nil:
		return err
	case sides < 2:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "Bitstamp book lacks a side")
	}
	return nil
}

// parseError maps an error answer: 404 for an unknown pair [MEM], 400 with
// response_code 400.002 for a rate limit [DOC], 403 and 5xx the venue's
// refusal or fault; the body, when JSON, is {"status":"error","reason":…}.
func parseError(status int, body []byte) error {
	var e errorResponse
	if err := json.Unmarshal(body, &e); err != nil {
		if status == 200 {
			return venue.BadResponse(err)
		}
		return apiError(status, "", "")
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
	if len(reason) > 120 {
		reason = reason[:120] + "…"
	}
	if code != "" {
		reason += " (" + code + ")"
	}
	return swapscout.NewVenueError(c, "Bitstamp: %s (HTTP %d)", reason, status)
}

func venueCode(err error) swapscout.FailureCode {
	if ve, ok := err.(*swapscout.VenueError); ok {
		return ve.Code
	}
	return ""
}

// errorBody reads Bitstamp's error object, {"status":"error","reason":…,
// "code":…} (or response_code), at any status; nil when body is not one.
func errorBody(status int, body []byte) error {
	var e errorResponse
	if json.Unmarshal(body, &e) != nil || e.Status != "error" && e.ResponseCode == "" {
		return nil
	}
	return parseError(status, body)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

var _ swapscout.Refresher = (*Client)(nil)
