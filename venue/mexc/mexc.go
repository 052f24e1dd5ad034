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
	"encoding/json"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers MEXC. KYC C: MEXC has let unverified accounts
// withdraw up to a daily limit and asks for verification above it, or when
// it reviews an account [MEM].
var Descriptor = venue.Descriptor{
	ID: "mexc", Name: "MEXC", Kind: swapscout.OrderBook,
	BaseURL: "https://api.mexc.com", Website: "https://www.mexc.com",
	Timeout: 4 * time.Second, KYC: 'C', Reverse: true,
	Networks: symbols.Networks(), Evidence: swapscout.Documented,
	New: func(c venue.Config) (swapscout.Quoter, error) { return New(c), nil },
	Sim: Sim,
}

// Client quotes MEXC; it refreshes the market list in the background.
type Client struct{ *cex.Client }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cex.New(cfg, &spec)} }

// spec is MEXC for the cex engine. Each IP-limited endpoint has its own
// budget of 500 calls per 10 s [DOC]; 429 and 418 come with Retry-After.
var spec = cex.Spec{
	Name:    "MEXC",
	Symbols: symbols,
	Bridges: []cex.Bridge{{Ticker: "USDT", Asset: "usdt"}, {Ticker: "USDC", Asset: "usdc"},
		{Ticker: "BTC", Asset: "btc"}, {Ticker: "ETH", Asset: "eth"}},
	TakerFee: swapscout.MustAmount("0.0005"),
	TakerFeeSource: "[MEM] mexc.com/fee: 0.05% spot taker (research B12), for symbols whose exchangeInfo " +
		"takerCommission is missing; the symbol's own takerCommission [DOC] wins",
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	Depths:            []int{100, 5000}, // limit: default 100, max 5000; weight 1 either way [DOC]
	MarketsPath:       "/api/v3/exchangeInfo",
	ParseMarkets:      parseMarkets,
	BookPath: func(m cex.Market, depth int) string {
		return "/api/v3/depth?symbol=" + m.Symbol + "&limit=" + strconv.Itoa(depth)
	},
	ParseBook: parseBook,
	ErrorBody: errorBody,
}

var one = swapscout.AmountFromInt(1)

// parseMarkets reads exchangeInfo with the Scanner: enabled symbols (status
// "1") that allow spot trading, market orders and both sides.
func parseMarkets(status int, body []byte) ([]cex.Market, error) {
	if status != 200 {
		return nil, parseError(status, body)
	}
	var s book.Scanner
	s.Reset(body)
	var out []cex.Market
	seen := false
	failed := false
	s.EnterObject()
	for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
		switch {
		case string(key) == "symbols" && s.Kind() == book.Array:
			seen, out = true, out[:0] // the last "symbols" wins
			s.EnterArray()
			for s.NextElem() {
				if m, ok := readSymbol(&s); ok {
					out = append(out, m)
				}
			}
		case string(key) == "code":
			c := s.Text()
			failed = c != "0" && c != "200" // the last "code" wins
		default:
			s.Skip()
		}
	}
	if failed {
		return nil, parseError(status, body)
	}
	if err := s.Finish(); err != nil {
		return nil, err
	}
	if !seen {
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "MEXC exchangeInfo has no symbols")
	}
	return out, nil
}

// readSymbol reads one item of exchangeInfo's symbols. A field that is
// null, empty or of another type counts as absent.
func readSymbol(s *book.Scanner) (cex.Market, bool) {
	var m cex.Market
	if s.Kind() != book.Object {
		s.Skip()
		return m, false
	}
	enabled, spot, market, sides := false, true, true, true
	var minQuote, minQuoteMarket swapscout.Amount
	s.EnterObject()
	for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
		switch string(key) {
		case "symbol":
			m.Symbol = s.Text()
		case "status": // "1" online, "2" paused, "3" offline [DOC]; "ENABLED" in older answers [MEM]
			st := s.Text()
			enabled = st == "1" || st == "ENABLED"
		case "baseAsset":
			m.Base = s.Text()
		case "quoteAsset":
			m.Quote = s.Text()
		case "isSpotTradingAllowed":
			if s.Kind() == book.Bool {
				spot = s.Bool()
			} else {
				s.Skip() // null: unstated
			}
		case "orderTypes":
			market = readMarketOrders(s)
		case "tradeSideType": // "1" all, "2" buy only, "3" sell only, "4" closed [DOC]; a number in older examples
			st := s.Text()
			sides = st == "" || st == "1"
		case "takerCommission":
			if f, ok := s.OptAmountOK(); ok && f.Cmp(one) < 0 {
				m.TakerFee = &f
			}
		case "baseSizePrecision": // "min order quantity" [DOC], despite the name
			m.MinBase, _ = s.OptAmountOK()
		case "quoteAmountPrecision": // "min order amount", in quote [DOC]
			minQuote, _ = s.OptAmountOK()
		case "quoteAmountPrecisionMarket": // "min order amount in market order" [DOC]
			minQuoteMarket, _ = s.OptAmountOK()
		default:
			s.Skip()
		}
	}
	m.MinQuote = minQuote
	if minQuoteMarket.Sign() > 0 {
		m.MinQuote = minQuoteMarket
	}
	return m, enabled && spot && market && sides && m.Symbol != "" && m.Base != "" && m.Quote != ""
}

// readMarketOrders reports whether orderTypes allows MARKET (or is absent).
func readMarketOrders(s *book.Scanner) bool {
	if s.Kind() != book.Array {
		s.Skip()
		return true
	}
	found := false
	s.EnterArray()
	for s.NextElem() {
		found = s.Text() == "MARKET" || found
	}
	return found
}

// parseBook reads /api/v3/depth: {"lastUpdateId":…,"bids":[["price","qty"],…],"asks":[…]},
// or an error {"code":…,"msg":…}, also when it comes with HTTP 200.
func parseBook(s *book.Scanner, status int, body []byte, b *book.Book) error {
	s.Reset(body)
	b.Bids, b.Asks = b.Bids[:0], b.Asks[:0]
	failed, got := false, false
	if s.Kind() == book.Object {
		s.EnterObject()
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			switch string(key) {
			case "bids":
				b.Bids, got = s.Levels(b.Bids[:0], book.PriceQty), true
			case "asks":
				b.Asks, got = s.Levels(b.Asks[:0], book.PriceQty), true
			case "code":
				c := s.Text()
				failed = c != "0" && c != "200" // the last "code" wins
			default:
				s.Skip()
			}
		}
	}
	err := s.Finish()
	switch {
	case failed || status != 200:
		return parseError(status, body)
	case err != nil:
		return err
	case !got:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "MEXC depth has no bids or asks")
	}
	return nil
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

// parseError maps an error answer: {"code":-1121,"msg":"Invalid symbol."}
// (code a number, or a string holding one), or a bare status: 403 (WAF), 5xx.
func parseError(status int, body []byte) error {
	var e errorResponse
	code, err := int64(0), json.Unmarshal(body, &e)
	if err == nil {
		code, err = e.Code.Int64()
	}
	if err != nil {
		switch {
		case status == 403:
			return swapscout.NewVenueError(swapscout.CodeUnavailable, "MEXC refused the request (HTTP 403: web application firewall)")
		case status == 200:
			return swapscout.NewVenueError(swapscout.CodeBadResponse, "MEXC answered an error without a code")
		}
		return venue.StatusError(status)
	}
	fc, ok := errorCodes[code]
	switch {
	case ok:
	case status == 403 || status >= 500:
		fc = swapscout.CodeUnavailable
	default:
		fc = swapscout.CodeBadResponse // parameter errors (33333, 700008, 730002…): we asked wrongly
	}
	msg := e.Msg
	if len(msg) > 120 {
		msg = msg[:120] + "…"
	}
	return swapscout.NewVenueError(fc, "MEXC %d: %s (HTTP %d)", code, msg, status)
}

// errorBody reads MEXC's error object, {"code":-1121,"msg":"…"} (code a
// number or a string holding one), at any status; nil when body is not one
// or its code means success (0, 200).
func errorBody(status int, body []byte) error {
	var e errorResponse
	if json.Unmarshal(body, &e) != nil {
		return nil
	}
	if code, err := e.Code.Int64(); err != nil || code == 0 || code == 200 {
		return nil
	}
	return parseError(status, body)
}

var _ swapscout.Refresher = (*Client)(nil)
