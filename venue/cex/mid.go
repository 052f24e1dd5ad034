package cex

import (
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// midMaxAge is how old a cached book may be and still give a reference
// price. The engine uses it to catch rates off by orders of magnitude, for
// which a price minutes old is as good as a fresh one; quotes themselves
// never use a book older than the spec's BookTTL.
const midMaxAge = 5 * time.Minute

// MidPrice is swapscout.PriceReference: the mid-market price of one unit of
// from in units of to, along the route a quote would take, from the books
// already cached (no I/O; false when a book of the route is not at hand).
// Each leg's mid is halfway between its best bid and best ask (one side's
// best when the other is empty); fees and depth do not enter it.
func (c *Client) MidPrice(from, to swapscout.Asset) (swapscout.Amount, bool) {
	fc, ok1 := c.spec.Symbols[from]
	tc, ok2 := c.spec.Symbols[to]
	idx := c.markets.Load()
	if !ok1 || !ok2 || idx == nil || fc.Ticker == tc.Ticker {
		return swapscout.Amount{}, false
	}
	// The first candidate route (direct first) whose books are all cached.
	for _, route := range book.Routes(fc.Ticker, tc.Ticker, idx.lookup, c.bridges) {
		if price, ok := c.routeMid(idx, route); ok {
			return price, true
		}
	}
	return swapscout.Amount{}, false
}

// routeMid is the product of a route's legs' mid prices, from cached books.
func (c *Client) routeMid(idx *marketIndex, route []book.RouteLeg) (swapscout.Amount, bool) {
	price := swapscout.AmountFromInt(1)
	for _, r := range route {
		m := idx.byPair[[2]string{r.Market.Base, r.Market.Quote}]
		mid, ok := c.cachedMid(m.Symbol)
		if !ok {
			return swapscout.Amount{}, false
		}
		if r.Sell { // base → quote: each base fetches mid quote
			price = price.Mul(mid)
		} else { // quote → base: each quote buys 1/mid base
			price = price.Quo(mid, book.WorkScale, swapscout.RoundHalfEven)
		}
	}
	if !price.Valid() || price.Sign() <= 0 {
		return swapscout.Amount{}, false
	}
	return price, true
}

// cachedMid is the mid price of a cached, finished, error-free book of the
// market with symbol, at most midMaxAge old.
func (c *Client) cachedMid(symbol string) (swapscout.Amount, bool) {
	c.books.mu.Lock()
	e := c.books.m[symbol]
	c.books.mu.Unlock()
	if e == nil {
		return swapscout.Amount{}, false
	}
	select {
	case <-e.done: // never written again: safe to read
	default:
		return swapscout.Amount{}, false
	}
	if e.err != nil || c.now().Sub(e.at) > midMaxAge {
		return swapscout.Amount{}, false
	}
	b := &e.book
	switch {
	case len(b.Bids) > 0 && len(b.Asks) > 0:
		return b.Bids[0].Price.Add(b.Asks[0].Price).Quo(swapscout.AmountFromInt(2), book.WorkScale, swapscout.RoundHalfEven), true
	case len(b.Bids) > 0:
		return b.Bids[0].Price, true
	case len(b.Asks) > 0:
		return b.Asks[0].Price, true
	}
	return swapscout.Amount{}, false
}

var _ swapscout.PriceReference = (*Client)(nil)
