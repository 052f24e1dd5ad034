package cex

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

// The fake CEX: markets as a JSON array, books as {"bids":[["p","q"]],…}
// served at the depth asked, errors as {"error":"…"}.

type fakeMarket struct {
	Base     string            `json:"base"`
	Quote    string            `json:"quote"`
	Symbol   string            `json:"symbol"`
	Fee      *swapscout.Amount `json:"fee,omitempty"`
	MinBase  swapscout.Amount  `json:"minBase"`
	MinQuote swapscout.Amount  `json:"minQuote"`
}

var amt = swapscout.MustAmount

func fakeSpec() *Spec {
	return &Spec{
		Name: "Fake",
		Symbols: venue.Symbols[Code]{
			{Ticker: "btc", Network: "btc"}:  {"BTC", "BTC"},
			{Ticker: "eth", Network: "eth"}:  {"ETH", "ETH"},
			{Ticker: "xmr", Network: "xmr"}:  {"XMR", "XMR"},
			{Ticker: "ltc", Network: "ltc"}:  {"LTC", "LTC"},
			{Ticker: "usdt", Network: "trx"}: {"USDT", "TRC20"},
			{Ticker: "usdt", Network: "eth"}: {"USDT", "ERC20"},
		},
		Bridges:        []Bridge{{"USDT", "usdt"}, {"BTC", "btc"}, {"USD", "usd"}},
		TakerFee:       amt("0.001"),
		TakerFeeSource: "test",
		WithdrawFees: map[swapscout.Asset]swapscout.Amount{
			{Ticker: "btc", Network: "btc"}: amt("0.0001"), {Ticker: "eth", Network: "eth"}: amt("0.001"),
			{Ticker: "xmr", Network: "xmr"}: amt("0.0005"), {Ticker: "ltc", Network: "ltc"}: amt("0"),
			{Ticker: "usdt", Network: "trx"}: amt("1"), {Ticker: "usdt", Network: "eth"}: amt("3"),
		},
		WithdrawFeeSource: "test",
		Depths:            []int{2, 4, 8},
		MarketsPath:       "/markets",
		ParseMarkets: func(body []byte) ([]Market, error) {
			var fm []fakeMarket
			if err := json.Unmarshal(body, &fm); err != nil {
				return nil, venue.BadResponse(err)
			}
			out := make([]Market, len(fm))
			for i, m := range fm {
				out[i] = Market{Market: book.Market{Base: m.Base, Quote: m.Quote, Symbol: m.Symbol}, TakerFee: m.Fee, MinBase: m.MinBase, MinQuote: m.MinQuote}
			}
			return out, nil
		},
		BookPath:  func(m Market, depth int) string { return "/book?symbol=" + m.Symbol + "&depth=" + strconv.Itoa(depth) },
		ErrorBody: fakeError,
	}
}

// fakeError reads the fake's unknown-symbol error; nil for any other body.
func fakeError(status int, body []byte) error {
	var e struct{ Error string }
	if json.Unmarshal(body, &e) == nil && e.Error == "unknown symbol" {
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Fake: %s", e.Error)
	}
	return nil
}

// fakeCEX serves the fake API from books it holds in full.
type fakeCEX struct {
	*httptest.Server
	mu      sync.Mutex
	markets []fakeMarket
	books   map[string][2][][2]string // symbol → bids, asks
	calls   []string                  // "markets", "BTCUSDT@2"
	// fault, when set, answers book calls instead; front, any call.
	fault, front func(w http.ResponseWriter, r *http.Request) bool
	// networks is the currency list: "TICKER NETWORK" → "fee deposit withdraw
	// [depositMin]" ("0.0001 1 0 0.001"); nil answers 500.
	networks map[string]string
}

func newFake(t *testing.T) *fakeCEX {
	f := &fakeCEX{books: map[string][2][][2]string{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// add lists a market; its symbol is base+quote unless set.
func (f *fakeCEX) add(m fakeMarket) {
	if m.Symbol == "" {
		m.Symbol = m.Base + m.Quote
	}
	f.mu.Lock()
	f.markets = append(f.markets, m)
	f.mu.Unlock()
}

// setBook sets a market's book: bids and asks as "price qty" strings.
func (f *fakeCEX) setBook(symbol string, bids, asks []string) {
	side := func(ls []string) [][2]string {
		out := make([][2]string, len(ls))
		for i, l := range ls {
			p, q, _ := strings.Cut(l, " ")
			out[i] = [2]string{p, q}
		}
		return out
	}
	f.mu.Lock()
	f.books[symbol] = [2][][2]string{side(bids), side(asks)}
	f.mu.Unlock()
}

func (f *fakeCEX) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	f.mu.Lock()
	front := f.front
	f.mu.Unlock()
	if front != nil && front(w, r) {
		return
	}
	switch r.URL.Path {
	case "/markets":
		f.mu.Lock()
		f.calls = append(f.calls, "markets")
		b, _ := json.Marshal(f.markets)
		f.mu.Unlock()
		_, _ = w.Write(b)
	case "/networks":
		f.mu.Lock()
		f.calls = append(f.calls, "networks")
		nets := f.networks
		f.mu.Unlock()
		if nets == nil {
			w.WriteHeader(500)
			return
		}
		b, _ := json.Marshal(nets)
		_, _ = w.Write(b)
	case "/book":
		sym := r.URL.Query().Get("symbol")
		depth, _ := strconv.Atoi(r.URL.Query().Get("depth"))
		f.mu.Lock()
		f.calls = append(f.calls, sym+"@"+strconv.Itoa(depth))
		fault := f.fault
		bk, ok := f.books[sym]
		f.mu.Unlock()
		if fault != nil && fault(w, r) {
			return
		}
		if !ok {
			w.WriteHeader(400)
			_, _ = w.Write([]byte(`{"error":"unknown symbol"}`))
			return
		}
		cut := func(ls [][2]string) [][2]string { return ls[:min(len(ls), depth)] }
		b, _ := json.Marshal(map[string][][2]string{"bids": cut(bk[0]), "asks": cut(bk[1])})
		_, _ = w.Write(b)
	default:
		w.WriteHeader(404)
	}
}

func (f *fakeCEX) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

func (f *fakeCEX) bookCalls() int {
	n := 0
	for _, c := range f.Calls() {
		if c != "markets" {
			n++
		}
	}
	return n
}

// client builds a Client on spec against the fake, with a settable clock.
func (f *fakeCEX) client(t *testing.T, spec *Spec) (*Client, *fakeClock) {
	hc := upstream.New(upstream.Options{})
	t.Cleanup(func() { hc.Close() })
	c := New(venue.Config{BaseURL: f.URL, HTTP: hc}, spec)
	clk := &fakeClock{t: time.Unix(1_800_000_000, 0)}
	c.now = clk.Now
	return c, clk
}

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// withNetworks adds the fake's currency list to spec.
func withNetworks(spec *Spec) *Spec {
	spec.NetworksPath = "/networks"
	spec.ParseNetworks = func(body []byte) (map[Code]Network, error) {
		var raw map[string]string
		if err := json.Unmarshal(body, &raw); err != nil {
			return nil, venue.BadResponse(err)
		}
		out := make(map[Code]Network, len(raw))
		for k, v := range raw {
			ticker, network, _ := strings.Cut(k, " ")
			f := strings.Fields(v)
			if len(f) != 3 && len(f) != 4 {
				return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "bad network %q", v)
			}
			fee, err := swapscout.ParseAmount(f[0])
			if err != nil {
				return nil, venue.BadResponse(err)
			}
			n := Network{WithdrawFee: fee, HasFee: true, Deposit: f[1] == "1", Withdraw: f[2] == "1"}
			if len(f) == 4 {
				if n.DepositMin, err = swapscout.ParseAmount(f[3]); err != nil {
					return nil, venue.BadResponse(err)
				}
			}
			out[Code{ticker, network}] = n
		}
		return out, nil
	}
	return spec
}
