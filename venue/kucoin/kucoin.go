// Package kucoin is the adapter for KuCoin spot, priced from its public order
// books: the market list from /api/v2/symbols (enableTrading symbols, with
// baseMinSize, quoteMinSize and minFunds), books from
// /api/v1/market/orderbook/level2_100 (the deepest public snapshot; the full
// book needs a key) walked for the exact amount, direct or through one bridge
// (USDT, BTC, USDC, ETH), with the 0.1% taker fee per leg and the withdrawal
// fee of the asset paid out, live from /api/v3/currencies (which also says
// which chains have deposits or withdrawals closed). Every answer is {"code":"200000","data":…}; an
// error carries another code (a string) and a msg, and the rate limit is
// HTTP 429 with code 429000. The engine is venue/cex.
package kucoin

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers KuCoin.
var Descriptor = venue.Descriptor{
	ID: "kucoin", Name: "KuCoin", Kind: swapscout.OrderBook,
	BaseURL: "https://api.kucoin.com", Website: "https://www.kucoin.com",
	Timeout: 4 * time.Second, KYC: 'D', Reverse: true,
	Networks: symbols.Networks(), Evidence: swapscout.Documented,
	New: func(c venue.Config) (swapscout.Quoter, error) { return New(c), nil },
	Sim: Sim,
}

// Client quotes KuCoin; it refreshes the market list in the background.
type Client struct{ *cex.Client }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cex.New(cfg, &spec)} }

// spec is KuCoin for the cex engine. The public resource pool is 2000 weight
// per 30 s per IP, level2_100 weighing 4 [DOC]. A 429 names its reset only in
// the gw-ratelimit-reset header, which the kit does not read: Backoff stands in.
var spec = cex.Spec{
	Name:    "KuCoin",
	Symbols: symbols,
	Bridges: []cex.Bridge{{Ticker: "USDT", Asset: "usdt"}, {Ticker: "BTC", Asset: "btc"},
		{Ticker: "USDC", Asset: "usdc"}, {Ticker: "ETH", Asset: "eth"}},
	TakerFee:          swapscout.MustAmount("0.001"),
	TakerFeeSource:    "[DOC] allTickers takerFeeRate \"0.001\" (research B8): 0.1% at the base level, class A coins",
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	Depths:            []int{100}, // level2_20 or level2_100; deeper needs a key
	Backoff:           5 * time.Second,
	MarketsPath:       "/api/v2/symbols",
	ParseMarkets:      parseMarkets,
	NetworksPath:      "/api/v3/currencies",
	ParseNetworks:     parseNetworks,
	BookPath: func(m cex.Market, _ int) string {
		return "/api/v1/market/orderbook/level2_100?symbol=" + m.Symbol
	},
	ParseBook: parseBook,
	ErrorBody: errorBody,
}

// envelope is {"code":"200000","msg":…}: code is a string (read as a number
// too), 200000 meaning success.
type envelope struct {
	code     int64
	msg      []byte // valid until the scanner's next Reset
	null     bool   // data was null
	received bool   // data was present
}

// member reads code or msg, or reports false for any other key.
func (e *envelope) member(s *book.Scanner, key []byte) bool {
	switch string(key) {
	case "code":
		switch s.Kind() {
		case book.String:
			e.code = digits(s.String())
		case book.Number:
			e.code = s.Int()
		default:
			s.Skip()
		}
	case "msg":
		if s.Kind() == book.String {
			e.msg = s.String()
		} else {
			s.Skip()
		}
	default:
		return false
	}
	return true
}

// digits reads a code of up to 9 digits; anything else is -1.
func digits(b []byte) int64 {
	if len(b) == 0 || len(b) > 9 {
		return -1
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int64(c-'0')
	}
	return n
}

// check maps what the answer said: an error code, a refused or failed
// status, a malformed body (err), or data missing.
func (e *envelope) check(status int, err error, what string) error {
	switch {
	case e.code != 0 && e.code != 200000:
		return apiError(e.code, e.msg, status)
	case status == 403:
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "KuCoin refused the request (HTTP 403: restricted location or firewall)")
	case status != 200:
		return venue.StatusError(status)
	case err != nil:
		return err
	case e.null:
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "KuCoin has no %s for it (data null)", what)
	case !e.received:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "KuCoin answer has no %s", what)
	}
	return nil
}

// data notes whether the data member is null, and reports whether it holds
// a value of kind k for the caller to read.
func (e *envelope) data(s *book.Scanner, k book.Kind) bool {
	switch s.Kind() {
	case book.Null:
		e.null = true
	case k:
		e.received = true
		return true
	}
	s.Skip()
	return false
}

// parseMarkets reads /api/v2/symbols: {"code":"200000","data":[{"symbol":"BTC-USDT",…}]}.
func parseMarkets(status int, body []byte) ([]cex.Market, error) {
	var out []cex.Market
	err := readList(status, body, "symbol list", func(s *book.Scanner) {
		if m, ok := readSymbol(s); ok {
			out = append(out, m)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// parseNetworks reads /api/v3/currencies: {"code":"200000","data":[{"currency":"BTC",
// "chains":[{"chainName":"BTC","withdrawalMinFee":"0.0005","isWithdrawEnabled":true,
// "isDepositEnabled":true,…}]}]} ([DOC] shape). chains may be null (a
// currency that does not move on-chain).
func parseNetworks(status int, body []byte) (map[cex.Code]cex.Network, error) {
	out := make(map[cex.Code]cex.Network)
	if err := readList(status, body, "currency list", func(s *book.Scanner) { readCurrency(s, out) }); err != nil {
		return nil, err
	}
	return out, nil
}

// readList walks an envelope whose data is an array, calling item for each
// element, and checks what the answer said (what names the list).
func readList(status int, body []byte, what string, item func(s *book.Scanner)) error {
	var s book.Scanner
	var e envelope
	s.Reset(body)
	if s.Kind() == book.Object {
		s.EnterObject()
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			if e.member(&s, key) {
				continue
			}
			if string(key) != "data" {
				s.Skip()
			} else if e.data(&s, book.Array) {
				s.EnterArray()
				for s.NextElem() {
					item(&s)
				}
			}
		}
	}
	return e.check(status, s.Finish(), what)
}

// readCurrency reads one currency's chains into out. A chain without a
// readable fee keeps its open flags (the static table then gives the fee).
func readCurrency(s *book.Scanner, out map[cex.Code]cex.Network) {
	cex.ReadCurrency(s, out, "currency", "chains", func(s *book.Scanner, key string, name *string, n *cex.Network) bool {
		switch key {
		case "chainName":
			*name = s.Text()
		case "withdrawalMinFee":
			n.WithdrawFee, n.HasFee = s.OptAmountOK()
		case "isWithdrawEnabled":
			n.Withdraw = flag(s)
		case "isDepositEnabled":
			n.Deposit = flag(s)
		default:
			return false
		}
		return true
	})
}

// flag reads a boolean; anything else reads as false (closed).
func flag(s *book.Scanner) bool {
	if s.Kind() == book.Bool {
		return s.Bool()
	}
	s.Skip()
	return false
}

// readSymbol reads one symbol: tradable ones, with MinBase from baseMinSize
// and MinQuote from the larger of quoteMinSize and minFunds (a market
// order's least funds). Values of an unexpected type read as absent.
func readSymbol(s *book.Scanner) (cex.Market, bool) {
	var m cex.Market
	trading := false
	if s.Kind() != book.Object {
		s.Skip()
		return m, false
	}
	s.EnterObject()
	for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
		switch string(key) {
		case "symbol":
			m.Symbol = s.Text()
		case "baseCurrency":
			m.Base = s.Text()
		case "quoteCurrency":
			m.Quote = s.Text()
		case "enableTrading":
			if s.Kind() == book.Bool {
				trading = s.Bool()
			} else {
				s.Skip()
			}
		case "baseMinSize":
			m.MinBase = s.OptAmount()
		case "quoteMinSize", "minFunds":
			m.MinQuote = swapscout.MaxAmount(m.MinQuote, s.OptAmount())
		default:
			s.Skip()
		}
	}
	return m, trading && m.Symbol != "" && m.Base != "" && m.Quote != ""
}

// parseBook reads level2_100: {"code":"200000","data":{"sequence":"…","time":…,"bids":[["price","size"],…],"asks":[…]}}.
func parseBook(s *book.Scanner, status int, body []byte, b *book.Book) error {
	var e envelope
	s.Reset(body)
	if s.Kind() == book.Object {
		s.EnterObject()
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			switch {
			case e.member(s, key):
			case string(key) != "data":
				s.Skip()
			case e.data(s, book.Object):
				s.Book(b, book.PriceQty, "bids", "asks")
			}
		}
	}
	return e.check(status, s.Finish(), "book")
}

// apiError maps KuCoin's codes ([CODE] 400100 invalid parameter, 900001
// unknown symbol; [DOC] 429000; [MEM] the rest): 400100 is ours unless its
// message is about the symbol.
func apiError(code int64, msg []byte, status int) error {
	fc := swapscout.CodeBadResponse
	switch {
	case code == 900001:
		fc = swapscout.CodeUnsupportedPair
	case code == 429000:
		fc = swapscout.CodeRateLimited
	case code == 400100:
		if l := bytes.ToLower(msg); bytes.Contains(l, []byte("symbol")) || bytes.Contains(l, []byte("pair")) {
			fc = swapscout.CodeUnsupportedPair
		}
	case code >= 400001 && code <= 400007: // KC-API-KEY, signature, timestamp, passphrase
		fc = swapscout.CodeNotConfigured
	case code == 500000 || code == 403000 || status >= 500: // internal error; no access (location)
		fc = swapscout.CodeUnavailable
	}
	if len(msg) > 120 {
		msg = append(msg[:120:120], "…"...)
	}
	return swapscout.NewVenueError(fc, "KuCoin %d: %s (HTTP %d)", code, msg, status)
}

// errorBody reads KuCoin's envelope, {"code":"900001","msg":"…"}, at any
// status; nil when body is not one or its code is the success "200000".
func errorBody(status int, body []byte) error {
	var e struct {
		Code json.Number `json:"code"`
		Msg  string      `json:"msg"`
	}
	if json.Unmarshal(body, &e) != nil {
		return nil
	}
	code, err := e.Code.Int64()
	if err != nil || code == 200000 {
		return nil
	}
	return apiError(code, []byte(e.Msg), status)
}

var _ swapscout.Refresher = (*Client)(nil)
