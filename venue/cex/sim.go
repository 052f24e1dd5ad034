package cex

import (
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// SimMarket is a simulated market with the venue's symbol for it.
type SimMarket struct {
	sim.Market        // BASE/QUOTE as in the profile's Markets
	Symbol     string // the venue's name for it, as its book endpoint takes it
}

// SimBook is one simulated book answer: the market and its levels, best first.
type SimBook struct {
	SimMarket
	Bids, Asks []sim.Level
}

// SimAPI is what differs between CEX simulators: the venue's JSON shapes,
// parameters and errors. SimVenue does the rest.
type SimAPI struct {
	// Profile is the venue's simulated market; Kind is set to OrderBook.
	Profile sim.Profile
	// Symbol names a simulated market the way the venue's book endpoint
	// takes it; Aliases, when set, are other names the endpoint accepts
	// (Kraken takes a pair's altname and its canonical key).
	Symbol  func(m sim.Market) string
	Aliases func(m sim.Market) []string

	// MarketsPath is the ServeMux pattern of the market list, e.g.
	// "GET /api/v3/exchangeInfo"; Markets writes it.
	MarketsPath string
	Markets     func(w http.ResponseWriter, r *http.Request, ms []SimMarket)
	// BookPath is the pattern of the book endpoint. BookQuery reads the
	// symbol and depth a request asks for (depth ≤ 0: the profile's), or
	// writes the venue's error for a bad parameter and reports false. Book
	// writes the answer; NoMarket the venue's error for an unknown symbol.
	BookPath  string
	BookQuery func(w http.ResponseWriter, r *http.Request) (symbol string, depth int, ok bool)
	Book      func(w http.ResponseWriter, r *http.Request, b SimBook)
	NoMarket  func(w http.ResponseWriter, r *http.Request, symbol string)
	// NetworksPath, when set, is the pattern of the currency list, which
	// Networks writes.
	NetworksPath string
	Networks     func(w http.ResponseWriter, r *http.Request)
	// Lists are the patterns of list endpoints Wrap serves besides
	// MarketsPath and NetworksPath (see sim.Venue.Lists).
	Lists []string

	// Wrap, when set, wraps the venue's handler (rate-limit accounting,
	// headers every answer carries…).
	Wrap func(x *sim.Exchange, h http.Handler) http.Handler
	// Fault writes the venue's answer to an injected fault.
	Fault func(w http.ResponseWriter, r *http.Request, f sim.Fault)
}

// SimVenue builds the sim.Venue of a CEX from its SimAPI.
func SimVenue(a SimAPI) sim.Venue {
	p := a.Profile
	p.Kind = swapscout.OrderBook
	lists := append([]string{a.MarketsPath}, a.Lists...)
	if a.NetworksPath != "" {
		lists = append(lists, a.NetworksPath)
	}
	return sim.Venue{Profile: p, Fault: a.Fault, Lists: lists, Handler: func(x *sim.Exchange) http.Handler {
		ms := x.Markets()
		list := make([]SimMarket, len(ms))
		bySymbol := make(map[string]SimMarket, len(ms))
		for i, m := range ms {
			sm := SimMarket{Market: m, Symbol: a.Symbol(m)}
			list[i] = sm
			bySymbol[sm.Symbol] = sm
			if a.Aliases != nil {
				for _, alias := range a.Aliases(m) {
					if _, taken := bySymbol[alias]; !taken {
						bySymbol[alias] = sm
					}
				}
			}
		}
		mux := http.NewServeMux()
		mux.HandleFunc(a.MarketsPath, func(w http.ResponseWriter, r *http.Request) { a.Markets(w, r, list) })
		mux.HandleFunc(a.BookPath, func(w http.ResponseWriter, r *http.Request) {
			sym, depth, ok := a.BookQuery(w, r)
			if !ok {
				return
			}
			m, ok := bySymbol[sym]
			if !ok {
				a.NoMarket(w, r, sym)
				return
			}
			bids, asks, _ := x.Book(m.Base, m.Quote, depth)
			a.Book(w, r, SimBook{SimMarket: m, Bids: bids, Asks: asks})
		})
		if a.NetworksPath != "" {
			mux.HandleFunc(a.NetworksPath, a.Networks)
		}
		var h http.Handler = mux
		if a.Wrap != nil {
			h = a.Wrap(x, h)
		}
		return h
	}}
}

// AppendLevels appends levels as a JSON array of arrays, [["price","qty"],…]
// with quoted decimals (Binance, Kraken, OKX…) or bare numbers (HTX), each
// with at least minDecimals decimals (Binance pads to 8). extra, when set,
// appends more elements to level i (Kraken's timestamp: `,1688671659`).
func AppendLevels(dst []byte, ls []sim.Level, quoted bool, minDecimals int, extra func(dst []byte, i int) []byte) []byte {
	dst = append(dst, '[')
	for i, l := range ls {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		dst = appendNum(dst, l.Price, quoted, minDecimals)
		dst = append(dst, ',')
		dst = appendNum(dst, l.Qty, quoted, minDecimals)
		if extra != nil {
			dst = extra(dst, i)
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

func appendNum(dst []byte, a swapscout.Amount, quoted bool, minDecimals int) []byte {
	if quoted {
		dst = append(dst, '"')
	}
	dst = AppendDecimal(dst, a, minDecimals)
	if quoted {
		dst = append(dst, '"')
	}
	return dst
}

// AppendDecimal appends a with at least minDecimals decimals, padding with
// zeros as venues do ("32085.65000000").
func AppendDecimal(dst []byte, a swapscout.Amount, minDecimals int) []byte {
	start := len(dst)
	dst = a.Append(dst)
	decimals, dot := 0, false
	for _, c := range dst[start:] {
		if c == '.' {
			dot = true
		} else if dot {
			decimals++
		}
	}
	if decimals < minDecimals && !dot {
		dst = append(dst, '.')
	}
	for ; decimals < minDecimals; decimals++ {
		dst = append(dst, '0')
	}
	return dst
}

// WriteJSON writes body with status as the venues do.
func WriteJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
