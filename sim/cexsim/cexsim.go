// Package cexsim is the simulator kit of the order-book exchanges, the
// counterpart of venue/cex: each exchange's simulator (sim/binance,
// sim/kraken, …) declares its wire format as an API, with the adapter's
// cex.Spec for the venue's tickers and currencies, and Venue builds the
// sim.Venue: it resolves the venue's symbols to the simulated markets,
// routes the market list, the books and the currency list, and answers
// injected faults in the venue's own words. The simulator renders its JSON
// (AppendLevels for books, Call.JSON for lists); Window models a venue's
// rate limit.
//
// cexsim imports venue/cex, never the reverse: the adapters link no
// simulator code.
package cexsim

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex"
)

// ContentType is what a simulated exchange's JSON answers carry.
const ContentType = "application/json;charset=UTF-8"

// Market is a simulated market as the venue names it.
type Market struct {
	Sim         sim.Market // BASE/QUOTE as the profile's Markets name them (swapscout's tickers)
	Base, Quote string     // the venue's tickers for them (Kraken's XXBT, HTX's btc)
	Symbol      string     // the venue's name for the market, as its book endpoint takes it
}

// Book is one simulated book answer: the market and its levels, best first,
// and Seq, the book's sequence number (see API.Seq).
type Book struct {
	Market
	Bids, Asks []sim.Level
	Seq        int64
}

// Currency is one of the venue's tickers with the networks it moves on.
type Currency struct {
	Ticker string
	Chains []Chain
}

// Chain is a network of a Currency and its withdrawal fee.
type Chain struct {
	Network string
	Fee     swapscout.Amount
}

// API is what differs between exchanges' simulators: the venue's JSON
// shapes, parameters and errors. Venue does the rest.
type API struct {
	// Spec is the adapter's: the venue's tickers (Symbols and Bridges) name
	// the simulated markets, and its Symbols and withdrawal fees make the
	// currency list.
	Spec cex.Spec
	// Profile is the venue's simulated market (sim.ProfileOf the spec's ID
	// when it names no markets); Kind is set to OrderBook, Fee to the
	// spec's taker fee, and Depth, when zero, to the deepest of the spec's
	// Depths (a venue that always sends its whole book sets its own).
	Profile sim.Profile

	// Symbol names a market the way the venue's book endpoint takes it
	// (the venue's base and quote tickers joined when nil); Aliases, when
	// set, are other names the endpoint accepts (Kraken takes a pair's
	// altname and its canonical key).
	Symbol  func(m Market) string
	Aliases func(m Market) []string

	// MarketsPath is the ServeMux pattern of the market list ("GET " and
	// the path of the spec's MarketsPath when empty); Markets answers it.
	MarketsPath string
	Markets     func(c *Call, ms []Market)
	// BookPath is the pattern of the book endpoint ("GET " and the path of
	// the spec's BookTemplate when empty: a {symbol} in the path is a
	// wildcard of that name). BookQuery reads the
	// symbol and depth a request asks for (depth ≤ 0: the profile's), or
	// answers the venue's error for a bad parameter and reports false. Book
	// answers the book; NoMarket the venue's error for an unknown symbol.
	BookPath  string
	BookQuery func(c *Call) (symbol string, depth int, ok bool)
	// Seq is the venue's book sequence number (Binance's lastUpdateId,
	// HTX's version, KuCoin's sequence…) before the first simulated book:
	// every book answered carries the next one, so that a client comparing
	// two snapshots sees them ordered, as on the venue.
	Seq      int64
	Book     func(c *Call, b *Book)
	NoMarket func(c *Call, symbol string)
	// NetworksPath is the pattern of the currency list (from the spec's
	// NetworksPath when empty), which Networks answers: every mapped
	// network, open, at the spec's fee.
	NetworksPath string
	Networks     func(c *Call, cs []Currency)
	// Lists are the patterns of list endpoints Wrap serves besides
	// MarketsPath and NetworksPath (see sim.Venue.Lists).
	Lists []string

	// Wrap, when set, wraps the venue's handler (rate-limit accounting,
	// headers every answer carries…).
	Wrap func(x *sim.Exchange, h http.Handler) http.Handler
	// RateLimited and Failed answer an injected fault: a rate limit, and
	// the venue failing. When nil, the simulator's plain-text 429 and 500.
	RateLimited, Failed func(c *Call)
}

// Call is one request to a simulated exchange.
type Call struct {
	W http.ResponseWriter
	R *http.Request
	X *sim.Exchange // the venue's simulated exchange
}

// Now is the simulator's clock.
func (c *Call) Now() time.Time {
	if c.X == nil { // a fault before the handler was built: never in a server
		return time.Now()
	}
	return c.X.Now()
}

// Query returns the request's query parameter key.
func (c *Call) Query(key string) string { return c.R.URL.Query().Get(key) }

// Int reads the query parameter key as a whole number: def when it is
// absent or empty, ok false when it is not a number.
func (c *Call) Int(key string, def int) (n int, ok bool) {
	s := c.Query(key)
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// Write answers body with status, as JSON.
func (c *Call) Write(status int, body []byte) { Write(c.W, status, body) }

// JSON answers v encoded, with status.
func (c *Call) JSON(status int, v any) { JSON(c.W, status, v) }

// Write answers body with status, as JSON.
func Write(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", ContentType)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// JSON answers v encoded, with status; a value that cannot be encoded (a
// bug in the simulator) is answered with HTTP 500 and {}.
func JSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte("{}")
	}
	Write(w, status, b)
}

// Venue builds the sim.Venue of an exchange from its API.
func Venue(a API) sim.Venue {
	a.defaults()
	p := a.Profile
	lists := append([]string{a.MarketsPath}, a.Lists...)
	if a.NetworksPath != "" {
		lists = append(lists, a.NetworksPath)
	}
	var x *sim.Exchange // the venue's exchange, once Handler has run
	v := sim.Venue{Profile: p, Lists: lists, Handler: func(ex *sim.Exchange) http.Handler {
		x = ex
		return a.handler(ex)
	}}
	if a.RateLimited != nil && a.Failed != nil {
		v.Fault = func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			c := &Call{W: w, R: r, X: x}
			if f == sim.FaultRateLimit {
				a.RateLimited(c)
			} else {
				a.Failed(c)
			}
		}
	}
	return v
}

// defaults fills what the spec already says.
func (a *API) defaults() {
	if a.Profile.Markets == nil && a.Spec.ID != "" {
		a.Profile = sim.ProfileOf(a.Spec.ID)
	}
	a.Profile.Kind = swapscout.OrderBook
	a.Profile.Fee = a.Spec.TakerFee.Float64()
	if d := a.Spec.Depths; a.Profile.Depth == 0 && len(d) > 0 {
		a.Profile.Depth = d[len(d)-1]
	}
	if a.Symbol == nil {
		a.Symbol = func(m Market) string { return m.Base + m.Quote }
	}
	route := func(path string) string {
		path, _, _ = strings.Cut(path, "?")
		return "GET " + path
	}
	if a.MarketsPath == "" {
		a.MarketsPath = route(a.Spec.MarketsPath)
	}
	if a.BookPath == "" && a.Spec.BookTemplate != "" {
		a.BookPath = route(a.Spec.BookTemplate)
	}
	if a.NetworksPath == "" && a.Spec.NetworksPath != "" {
		a.NetworksPath = route(a.Spec.NetworksPath)
	}
}

func (a *API) handler(x *sim.Exchange) http.Handler {
	ms := x.Markets()
	list := make([]Market, len(ms))
	bySymbol := make(map[string]*Market, len(ms))
	for i, m := range ms {
		list[i] = Market{Sim: m, Base: a.ticker(m.Base), Quote: a.ticker(m.Quote)}
		list[i].Symbol = a.Symbol(list[i])
	}
	for i := range list {
		m := &list[i]
		bySymbol[m.Symbol] = m
		if a.Aliases != nil {
			for _, alias := range a.Aliases(*m) {
				if _, taken := bySymbol[alias]; !taken {
					bySymbol[alias] = m
				}
			}
		}
	}
	call := func(w http.ResponseWriter, r *http.Request) *Call { return &Call{W: w, R: r, X: x} }
	var seq atomic.Int64
	seq.Store(a.Seq)
	mux := http.NewServeMux()
	mux.HandleFunc(a.MarketsPath, func(w http.ResponseWriter, r *http.Request) { a.Markets(call(w, r), list) })
	mux.HandleFunc(a.BookPath, func(w http.ResponseWriter, r *http.Request) {
		c := call(w, r)
		sym, depth, ok := a.BookQuery(c)
		if !ok {
			return
		}
		m, ok := bySymbol[sym]
		if !ok {
			a.NoMarket(c, sym)
			return
		}
		bids, asks, _ := x.Book(m.Sim.Base, m.Sim.Quote, depth)
		a.Book(c, &Book{Market: *m, Bids: bids, Asks: asks, Seq: seq.Add(1)})
	})
	if a.NetworksPath != "" {
		cs := Currencies(&a.Spec)
		mux.HandleFunc(a.NetworksPath, func(w http.ResponseWriter, r *http.Request) { a.Networks(call(w, r), cs) })
	}
	var h http.Handler = mux
	if a.Wrap != nil {
		h = a.Wrap(x, h)
	}
	return h
}

// ticker is the venue's ticker for a simulated one: the spec's, or the
// simulated ticker itself when the spec does not name it.
func (a *API) ticker(simTicker string) string {
	if t, ok := a.Spec.Ticker(simTicker); ok {
		return t
	}
	return simTicker
}

// Currencies groups a spec's Symbols by venue ticker, in a stable order,
// with the spec's withdrawal fees: what a simulated currency list serves.
func Currencies(s *cex.Spec) []Currency {
	var out []Currency
	at := map[string]int{}
	for _, a := range s.Symbols.Assets() {
		code := s.Symbols[a]
		i, ok := at[code.Ticker]
		if !ok {
			i = len(out)
			at[code.Ticker] = i
			out = append(out, Currency{Ticker: code.Ticker})
		}
		out[i].Chains = append(out[i].Chains, Chain{Network: code.Network, Fee: s.WithdrawFees[a]})
	}
	return out
}
