package cex

import (
	"encoding/json"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

// Reading a venue's answers. Every answer is read in one order, whatever
// the venue: its error envelope (ErrorBody), what its status means
// (Statuses, venue.StatusError), then its data (ParseMarkets,
// ParseNetworks, Book or ParseBook). A venue package so describes only its
// wire format; these are what the engine, the fuzz tests and the adapters'
// own tests run.

// ReadMarkets reads a market-list answer: the error it holds, or its
// markets (none: nil, nil; the engine's checks refuse an empty list).
func (s *Spec) ReadMarkets(status int, body []byte) ([]Market, error) {
	if err := s.refusal(status, body); err != nil {
		return nil, err
	}
	return s.ParseMarkets(body)
}

// ReadNetworks reads a currency-list answer as ReadMarkets does.
func (s *Spec) ReadNetworks(status int, body []byte) (map[Code]Network, error) {
	if err := s.refusal(status, body); err != nil {
		return nil, err
	}
	return s.ParseNetworks(body)
}

// refusal is the error a list answer holds: its envelope's, at any status,
// or its status's.
func (s *Spec) refusal(status int, body []byte) error {
	if s.ErrorBody != nil {
		if err := s.ErrorBody(status, body); err != nil {
			return err
		}
	}
	return s.statusError(status)
}

// statusError is what status means at the venue; nil for 200.
func (s *Spec) statusError(status int) error {
	if status == 200 {
		return nil
	}
	if e, ok := s.Statuses[status]; ok {
		return &e
	}
	return venue.StatusError(status)
}

// ReadBook reads a book answer into b, reusing its slices, with sc: the
// error it holds, or a book with at least one level. On the quote path (a
// 200 answer that holds a book) it asks nothing of ErrorBody and allocates
// nothing once b has grown.
func (s *Spec) ReadBook(sc *book.Scanner, status int, body []byte, b *book.Book) error {
	if status != 200 {
		return s.refusal(status, body)
	}
	var err error
	if s.ParseBook != nil {
		err = s.ParseBook(sc, body, b)
	} else {
		err = sc.ReadBook(body, b, &s.Book, nil)
	}
	sc.Reset(nil) // drop the body before the scanner is reused
	switch {
	case err == book.ErrNoBook:
		err = swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered no order book", s.Name)
	case err == book.ErrRefused:
		err = swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered an error it does not explain", s.Name)
	case err == nil && len(b.Bids) == 0 && len(b.Asks) == 0:
		// No level at all is an error sent with 200, a dead market or a
		// body that was not a book.
		err = swapscout.NewVenueError(swapscout.CodeUnavailable, "%s answered an empty order book", s.Name)
	case err == nil:
		return nil
	}
	if s.ErrorBody != nil {
		if eb := s.ErrorBody(status, body); eb != nil {
			return eb
		}
	}
	return err
}

// Coded is a venue's refusal with its code, mapped by the venue's table of
// codes and worded as Error words it; a code the table does not name is
// unavailable at a 5xx status (the venue's trouble) and bad_response
// otherwise (a parameter of ours it did not take).
func Coded(codes map[string]swapscout.FailureCode, name, code, words string, status int) *swapscout.VenueError {
	fc, ok := codes[code]
	if !ok {
		fc = swapscout.CodeBadResponse
		if status >= 500 {
			fc = swapscout.CodeUnavailable
		}
	}
	return Error(fc, name, code, words, status)
}

// Error is a venue's refusal in its own words, as every venue here reports
// one: "<name> <code>: <words> (HTTP <status>)", with the venue's code
// and words clipped (venue.Clip), the code left out when empty and the
// status when 0.
func Error(fc swapscout.FailureCode, name, code, words string, status int) *swapscout.VenueError {
	msg := name
	if code != "" {
		msg += " " + venue.Clip(code)
	}
	msg += ": " + venue.Clip(words)
	if status != 0 {
		msg += " (HTTP " + strconv.Itoa(status) + ")"
	}
	return &swapscout.VenueError{Code: fc, Msg: msg}
}

// Descriptor is the order book id's descriptor: its facts (names, URLs,
// timeout, rate limit, evidence: venue/<id>/venue.json, as every venue's),
// with what every order book shares: the OrderBook kind, quotes in both
// directions, the networks of s.Symbols, and a Client on s. s takes d.Name
// unless it names itself, and the facts of venue.json's "order_book"
// section (bridges, taker fee, depths, paths, statuses: bookFacts), which
// s's literal leaves out; a section that does not read is d's error, for
// the registry to refuse at startup.
func Descriptor(id string, s *Spec) venue.Descriptor {
	d := venue.FactsWith(venue.Descriptor{ID: id}, func(section json.RawMessage) error {
		var f bookFacts
		if err := venue.DecodeFacts(section, &f); err != nil {
			return err
		}
		return f.apply(s)
	})
	if s.Name == "" {
		s.Name = d.Name // one spelling of the venue's name
	}
	s.ID = id
	d.Kind = swapscout.OrderBook
	d.Reverse = true
	d.Networks = s.Symbols.Networks()
	d.New = func(c venue.Config) (swapscout.Quoter, error) { return New(c, s), nil }
	return d
}

var _ swapscout.Refresher = (*Client)(nil)
