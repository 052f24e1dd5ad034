package cex

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

// bookEntry is one fetch of a market's book, shared by every quote that
// asks for it while it is in flight or fresh. Once done is closed the entry
// is never written again, so its book may be walked by any number of
// goroutines.
type bookEntry struct {
	done  chan struct{}
	depth int // levels per side asked
	book  book.Book
	// full: the bids (0) or asks (1) came back with as many levels as asked,
	// so the venue may hold more than the walk saw.
	full [2]bool
	at   time.Time // when the fetch finished
	err  error
}

// truncated reports whether the side a leg walks may hold more levels.
func (e *bookEntry) truncated(sell bool) bool {
	if sell {
		return e.full[0]
	}
	return e.full[1]
}

// bookCache holds the latest book of each market by symbol.
type bookCache struct {
	mu sync.Mutex
	m  map[string]*bookEntry
}

var scanners = sync.Pool{New: func() any { return new(book.Scanner) }}

// book returns m's book at depth or deeper: a fresh cached one, the one in
// flight, or a new fetch. A follower whose leader gave up (its context ended)
// fetches for itself rather than fail with someone else's cancellation.
func (c *Client) book(ctx context.Context, m *Market, depth int) (*bookEntry, error) {
	for {
		c.books.mu.Lock()
		e := c.books.m[m.Symbol]
		if e == nil || !c.usable(e, depth) {
			e = &bookEntry{done: make(chan struct{}), depth: depth}
			c.books.m[m.Symbol] = e
			c.books.mu.Unlock()
			c.fetchBook(ctx, m, e)
			return e, e.err
		}
		c.books.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if e.err == nil {
			return e, nil
		}
		if ctx.Err() == nil && (errors.Is(e.err, context.Canceled) || errors.Is(e.err, context.DeadlineExceeded)) {
			continue
		}
		return nil, e.err
	}
}

// usable reports whether e can answer a request for depth levels. The
// caller holds c.books.mu.
func (c *Client) usable(e *bookEntry, depth int) bool {
	select {
	case <-e.done:
	default:
		return e.depth >= depth // in flight: wait for it if it is deep enough
	}
	if e.err != nil || c.now().Sub(e.at) >= c.spec.bookTTL() {
		return false
	}
	return e.depth >= depth || !e.full[0] && !e.full[1]
}

// fetchBook fills e, then closes e.done. A failed entry leaves the cache
// (its waiters still see the error), so the next quote tries again.
func (c *Client) fetchBook(ctx context.Context, m *Market, e *bookEntry) {
	defer close(e.done)
	// Cool-downs after rate-limit answers are the venue's Guard's, in Fetch.
	s := scanners.Get().(*book.Scanner)
	e.err = venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + c.spec.BookPath(*m, e.depth), Header: c.header, MaxBody: c.spec.BookMaxBody},
		func(status int, body []byte) error {
			if err := c.spec.ReadBook(s, status, body, &e.book); err != nil {
				return err
			}
			e.full = [2]bool{len(e.book.Bids) >= e.depth, len(e.book.Asks) >= e.depth}
			return e.book.Normalize()
		})
	scanners.Put(s)
	e.at = c.now()
	if e.err != nil {
		e.book = book.Book{}
		c.books.mu.Lock()
		if c.books.m[m.Symbol] == e {
			delete(c.books.m, m.Symbol)
		}
		c.books.mu.Unlock()
	}
}

// sweep drops books too old to answer, so markets quoted once do not hold
// memory until the process ends.
func (c *Client) sweep() {
	ttl := c.spec.bookTTL()
	c.books.mu.Lock()
	defer c.books.mu.Unlock()
	for k, e := range c.books.m {
		select {
		case <-e.done:
			if c.now().Sub(e.at) >= ttl {
				delete(c.books.m, k)
			}
		default:
		}
	}
}
