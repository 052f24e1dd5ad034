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
	Limit: venue.Limit{Rate: 8, Burst: 20, Backoff: 5 * time.Second, Stated: 16, StatedBurst: 500,
		Source: "[DOC] KuCoin docs, \"Rate Limit\" (resource pools): 2000 weight per 30 seconds per IP in the public pool; level2_100 weighs 4", Documented: true},
	New: func(c venue.Config) (swapscout.Quoter, error) { return New(c), nil },
	Sim: Sim,
}

// Client quotes KuCoin; it refreshes the market list in the background.
type Client struct{ *cex.Client }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cex.New(cfg, &spec)} }

// spec is KuCoin for the cex engine. The public resource pool is 2000 weight
// per 30 s per IP, level2_100 weighing 4 [DOC]. A 429 names its reset only in
// the gw-ratelimit-reset header, which venue.Fetch reads as its Retry-After.
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

// parseMarkets reads /api/v2/symbols: {"code":"200000","data":[{"symbol":"BTC-USDT",…}]}:
// tradable symbols, with MinBase from baseMinSize and MinQuote from the
// larger of quoteMinSize and minFunds (a market order's least funds).
// Values of an unexpected type read as absent.
func parseMarkets(status int, body []byte) ([]cex.Market, error) {
	items, err := readList[struct {
		Symbol        cex.Text `json:"symbol"`
		BaseCurrency  cex.Text `json:"baseCurrency"`
		QuoteCurrency cex.Text `json:"quoteCurrency"`
		EnableTrading cex.Flag `json:"enableTrading"`
		BaseMinSize   cex.Opt  `json:"baseMinSize"`
		QuoteMinSize  cex.Opt  `json:"quoteMinSize"`
		MinFunds      cex.Opt  `json:"minFunds"`
	}](status, body, "symbol list")
	if err != nil {
		return nil, err
	}
	var out []cex.Market
	for _, it := range items {
		if !it.EnableTrading || it.Symbol == "" || it.BaseCurrency == "" || it.QuoteCurrency == "" {
			continue
		}
		out = append(out, cex.Market{
			Market:   book.Market{Base: string(it.BaseCurrency), Quote: string(it.QuoteCurrency), Symbol: string(it.Symbol)},
			MinBase:  it.BaseMinSize.Amount,
			MinQuote: swapscout.MaxAmount(it.QuoteMinSize.Amount, it.MinFunds.Amount),
		})
	}
	return out, nil
}

// parseNetworks reads /api/v3/currencies: {"code":"200000","data":[{"currency":"BTC",
// "chains":[{"chainName":"BTC","withdrawalMinFee":"0.0005","isWithdrawEnabled":true,
// "isDepositEnabled":true,…}]}]} ([DOC] shape). chains may be null (a
// currency that does not move on-chain). A chain without a readable fee
// keeps its open flags (the static table then gives the fee).
func parseNetworks(status int, body []byte) (map[cex.Code]cex.Network, error) {
	items, err := readList[struct {
		Currency cex.Text        `json:"currency"`
		Chains   json.RawMessage `json:"chains"`
	}](status, body, "currency list")
	if err != nil {
		return nil, err
	}
	out := make(map[cex.Code]cex.Network)
	for _, it := range items {
		chains, _ := cex.Items[struct {
			ChainName         cex.Text `json:"chainName"`
			WithdrawalMinFee  cex.Opt  `json:"withdrawalMinFee"`
			IsWithdrawEnabled cex.Flag `json:"isWithdrawEnabled"`
			IsDepositEnabled  cex.Flag `json:"isDepositEnabled"`
		}](it.Chains)
		for _, c := range chains {
			if it.Currency == "" || c.ChainName == "" {
				continue // unnamed: no Code of Symbols can match it
			}
			out[cex.Code{Ticker: string(it.Currency), Network: string(c.ChainName)}] = cex.Network{
				Deposit: bool(c.IsDepositEnabled), Withdraw: bool(c.IsWithdrawEnabled),
				WithdrawFee: c.WithdrawalMinFee.Amount, HasFee: c.WithdrawalMinFee.OK,
			}
		}
	}
	return out, nil
}

// readList decodes an envelope whose data is an array into one T per item
// (items that do not decode are left out) and checks what the answer said:
// an error code, a refused or failed status, a malformed body, data null or
// missing (what names the list).
func readList[T any](status int, body []byte, what string) ([]T, error) {
	var e struct {
		Code cex.Text        `json:"code"`
		Msg  cex.Text        `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	err := json.Unmarshal(body, &e)
	env := envelope{code: digits([]byte(e.Code)), msg: []byte(e.Msg)}
	if e.Code == "" {
		env.code = 0
	}
	items, isArray := cex.Items[T](e.Data)
	env.null = string(bytes.TrimSpace(e.Data)) == "null"
	env.received = isArray
	if err != nil {
		err = venue.BadResponse(err)
	}
	if err := env.check(status, err, what); err != nil {
		return nil, err
	}
	return items, nil
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
