// Package bybit is the adapter for Bybit spot (API v5), priced from its public
// order books: the market list from /v5/market/instruments-info?category=spot
// (Trading symbols, with minOrderQty and minOrderAmt), books from
// /v5/market/orderbook at 200 levels (the spot maximum) walked for the exact
// amount, direct or through one bridge (USDT, USDC, BTC, ETH), with the 0.1%
// taker fee per leg and the withdrawal fee of the asset paid out. Bybit
// answers its errors with HTTP 200 and a retCode other than 0, and an IP over
// its limit with HTTP 403 "access too frequent", after which it wants ten
// minutes of silence. Bybit lists no Monero. The engine is venue/cex.
package bybit

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Bybit.
var Descriptor = venue.Descriptor{
	ID: "bybit", Name: "Bybit", Kind: swapscout.OrderBook,
	BaseURL: "https://api.bybit.com", Website: "https://www.bybit.com",
	Timeout: 4 * time.Second, KYC: 'D', Reverse: true,
	Networks: symbols.Networks(), Evidence: swapscout.Documented,
	Limit: venue.Limit{Rate: 20, Burst: 40, Stated: 120, StatedBurst: 600,
		Source: "[DOC] Bybit v5 docs, \"Rate Limit\": 600 requests per 5 seconds per IP over all of api.bybit.com; going over blocks the IP", Documented: true},
	New: func(c venue.Config) (swapscout.Quoter, error) { return New(c), nil },
	Sim: Sim,
}

// Client quotes Bybit; it refreshes the market list in the background.
type Client struct{ *cex.Client }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cex.New(cfg, &spec)} }

// ipBan is how long Bybit wants no calls after HTTP 403 "access too
// frequent" ([DOC] v5/rate-limit: "wait for at least 10 minutes").
const ipBan = 10 * time.Minute

// spec is Bybit for the cex engine. The IP limit is 600 requests per 5 s
// across api.bybit.com [DOC]; the engine's shared books keep far below it.
var spec = cex.Spec{
	Name:    "Bybit",
	Symbols: symbols,
	Bridges: []cex.Bridge{{Ticker: "USDT", Asset: "usdt"}, {Ticker: "USDC", Asset: "usdc"},
		{Ticker: "BTC", Asset: "btc"}, {Ticker: "ETH", Asset: "eth"}},
	TakerFee:          swapscout.MustAmount("0.001"),
	TakerFeeSource:    "[MEM] bybit.com/en/help-center trading fee structure: spot taker 0.1% at the base (VIP 0) tier (research B7)",
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	Depths:            []int{200}, // spot limit is 1-200, default 1 [DOC]
	MarketsPath:       "/v5/market/instruments-info?category=spot",
	ParseMarkets:      parseMarkets,
	BookPath: func(m cex.Market, depth int) string {
		return "/v5/market/orderbook?category=spot&symbol=" + m.Symbol + "&limit=" + strconv.Itoa(depth)
	},
	ParseBook: parseBook,
	ErrorBody: errorBody,
}

// envelope is what every answer carries: {"retCode":0,"retMsg":"OK",…}.
type envelope struct {
	code   int64
	msg    []byte // valid until the scanner's next Reset
	hasMsg bool
}

// member reads retCode or retMsg, or reports false for any other key.
func (e *envelope) member(s *book.Scanner, key []byte) bool {
	switch string(key) {
	case "retCode":
		if s.Kind() == book.Number {
			e.code = s.Int()
		} else {
			s.Skip()
		}
	case "retMsg":
		if s.Kind() == book.String {
			e.msg, e.hasMsg = s.String(), true
		} else {
			s.Skip()
		}
	default:
		return false
	}
	return true
}

// check maps what the answer said, in order: a retCode error, the IP ban,
// another status, a malformed body (err), or a body without what was asked.
func (e *envelope) check(status int, err error, got bool, what string) error {
	switch {
	case e.code != 0:
		return apiError(e.code, e.msg, status)
	case status == 403:
		return &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: ipBan,
			Msg: "Bybit banned this IP for calling too often (HTTP 403 access too frequent)"}
	case status != 200:
		return venue.StatusError(status)
	case err != nil:
		return err
	case !got:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "Bybit answer has no %s", what)
	}
	return nil
}

// parseMarkets reads instruments-info with encoding/json (it is fetched
// every few minutes, off the quote path): {"retCode":0,"result":{"category":
// "spot","list":[…]}}. Spot has no pagination [DOC]; symbols not Trading
// (PreLaunch, Closed…) are dropped. Values of an unexpected type read as
// absent rather than fail the list.
func parseMarkets(status int, body []byte) ([]cex.Market, error) {
	var r struct {
		RetCode cex.Text        `json:"retCode"`
		RetMsg  *cex.Text       `json:"retMsg"`
		Result  json.RawMessage `json:"result"`
	}
	err := json.Unmarshal(body, &r)
	if err != nil {
		err = venue.BadResponse(err)
	}
	var e envelope
	e.code, _ = strconv.ParseInt(string(r.RetCode), 10, 64)
	if r.RetMsg != nil {
		e.msg, e.hasMsg = []byte(*r.RetMsg), true
	}
	var result struct {
		List json.RawMessage `json:"list"`
	}
	_ = json.Unmarshal(r.Result, &result) // not an object: no list
	items, listed := cex.Items[struct {
		Symbol        cex.Text `json:"symbol"`
		BaseCoin      cex.Text `json:"baseCoin"`
		QuoteCoin     cex.Text `json:"quoteCoin"`
		Status        cex.Text `json:"status"`
		LotSizeFilter struct {
			MinOrderQty cex.Opt `json:"minOrderQty"`
			MinOrderAmt cex.Opt `json:"minOrderAmt"`
		} `json:"lotSizeFilter"`
	}](result.List)
	if err := e.check(status, err, listed, "instrument list"); err != nil {
		return nil, err
	}
	var out []cex.Market
	for _, it := range items {
		if it.Status != "Trading" || it.Symbol == "" || it.BaseCoin == "" || it.QuoteCoin == "" {
			continue
		}
		out = append(out, cex.Market{Market: book.Market{Base: string(it.BaseCoin), Quote: string(it.QuoteCoin), Symbol: string(it.Symbol)},
			MinBase: it.LotSizeFilter.MinOrderQty.Amount, MinQuote: it.LotSizeFilter.MinOrderAmt.Amount})
	}
	return out, nil
}

// parseBook reads orderbook: {"retCode":0,"result":{"s":"BTCUSDT","a":[["price","size"],…],"b":[…],…}}.
func parseBook(s *book.Scanner, status int, body []byte, b *book.Book) error {
	var e envelope
	got := false
	s.Reset(body)
	if s.Kind() == book.Object {
		s.EnterObject()
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			switch {
			case e.member(s, key):
			case string(key) == "result" && s.Kind() == book.Object:
				got = s.Book(b, book.PriceQty, "b", "a")
			default:
				s.Skip()
			}
		}
	}
	return e.check(status, s.Finish(), got, "book")
}

// apiError maps a retCode ([DOC] v5/error; [MEM] for which 10001 texts
// name the symbol): 10001 "params error" is ours unless it is about the
// symbol; 10006 "Too many visits!" and 10018 (IP) are rate limits.
func apiError(code int64, msg []byte, status int) error {
	fc := swapscout.CodeBadResponse
	switch code {
	case 10006, 10018:
		fc = swapscout.CodeRateLimited
	case 10000, 10016: // server timeout; internal error or service restarting
		fc = swapscout.CodeUnavailable
	case 10003, 10004, 10005, 10007, 10010: // key, signature, permission, auth, IP binding
		fc = swapscout.CodeNotConfigured
	case 170121: // Invalid symbol.
		fc = swapscout.CodeUnsupportedPair
	case 10001:
		if bytes.Contains(bytes.ToLower(msg), []byte("symbol")) {
			fc = swapscout.CodeUnsupportedPair
		}
	default:
		if status >= 500 {
			fc = swapscout.CodeUnavailable
		}
	}
	if len(msg) > 120 {
		msg = append(msg[:120:120], "…"...)
	}
	return swapscout.NewVenueError(fc, "Bybit %d: %s", code, msg)
}

// errorBody reads Bybit's envelope, {"retCode":10001,"retMsg":"…"}, at any
// status (Bybit answers most errors with HTTP 200); nil when body is not
// one or retCode is 0.
func errorBody(status int, body []byte) error {
	var e struct {
		RetCode int64  `json:"retCode"`
		RetMsg  string `json:"retMsg"`
	}
	if json.Unmarshal(body, &e) != nil || e.RetCode == 0 {
		return nil
	}
	return apiError(e.RetCode, []byte(e.RetMsg), status)
}

var _ swapscout.Refresher = (*Client)(nil)
