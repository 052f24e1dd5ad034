// Package book prices swaps on centralised exchanges from their public order
// books, exactly: it decodes a venue's depth response into levels of
// swapscout.Amount, walks the book level by level for the exact amount asked,
// and chains one or two markets (a direct pair or a bridge such as BTC or
// USDT) with taker and withdrawal fees. Every CEX adapter shares it.
//
// Decoding: Scanner is a pull parser for JSON that validates as it reads and
// allocates nothing, so an adapter can read the envelope it knows (Binance's
// {"bids":…,"asks":…}, Kraken's {"result":{"XXBTZUSD":{…}}}, OKX's
// {"data":[{…}]}) and hand each side to Levels with the venue's Layout:
//
//	var s book.Scanner
//	s.Reset(body)
//	s.EnterObject()
//	for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
//		switch string(key) {
//		case "bids":
//			b.Bids = s.Levels(b.Bids[:0], book.PriceQty)
//		case "asks":
//			b.Asks = s.Levels(b.Asks[:0], book.PriceQty)
//		default:
//			s.Skip()
//		}
//	}
//	if err := s.Finish(); err != nil { … } // wraps swapscout.ErrBadResponse
//	if err := b.Normalize(); err != nil { … }
//
// (Scanner.Book is that loop.) Bitfinex's one signed list goes to
// SignedLevels, and Gemini's object levels to Levels with the Gemini layout.
//
// Walking: Book.Sell, Buy, SellFor and BuyExact fill an amount against one
// side and fail with an error wrapping swapscout.ErrAmountTooLarge, never a
// wrong number, when the book is too thin. Price chains legs for a
// QuoteRequest in either direction; Routes lists the candidate legs.
//
// Rounding: products of prices and quantities are exact. Divisions (spending
// a quote amount into a partial level, grossing up for a fee) and the hand-off
// between legs are rounded to WorkScale decimals, always against the user
// (down for what they receive, up for what they pay), and the final amounts
// to the assets' decimals the same way. So a Receive quote's In, sent back
// through Price as a Send, yields at least the requested Out.
package book

import (
	"slices"

	"github.com/swapscout/swapscout"
)

// WorkScale is the number of decimals kept when a walk must divide or hand an
// amount from one leg to the next. It is at least the decimals of any asset
// swapscout knows (18), so on one leg the final amount, rounded to its asset's
// decimals, is what exact arithmetic would give; across legs the hand-off can
// cost the user a unit of the 18th decimal, never gain one.
const WorkScale = 18

// Level is one price level of a book: Qty of the base asset offered at Price,
// in quote per one base.
type Level struct {
	Price, Qty swapscout.Amount
}

// Book is one market's order book. Bids run best (highest price) first and
// asks best (lowest price) first; Normalize makes sure of it.
type Book struct {
	Bids, Asks []Level
}

// Normalize readies a freshly decoded book for walking: it checks that every
// price is above zero and every quantity at least zero, drops levels of zero
// quantity, sorts each side best first if it is not already (checking costs
// one comparison a level; sorting is stable), and rejects a crossed book,
// whose best bid is at or above its best ask. Its errors wrap
// swapscout.ErrBadResponse.
//
// Normalize writes to b; call it before the book is shared between goroutines.
func (b *Book) Normalize() error {
	var err error
	if b.Bids, err = normalize(b.Bids, "bid", func(x, y Level) int { return y.Price.Cmp(x.Price) }); err != nil {
		return err
	}
	if b.Asks, err = normalize(b.Asks, "ask", func(x, y Level) int { return x.Price.Cmp(y.Price) }); err != nil {
		return err
	}
	if len(b.Bids) > 0 && len(b.Asks) > 0 && b.Bids[0].Price.Cmp(b.Asks[0].Price) >= 0 {
		return badBook("crossed book: best bid " + b.Bids[0].Price.String() +
			" is not below best ask " + b.Asks[0].Price.String())
	}
	return nil
}

// normalize validates side, drops its empty levels and sorts it by cmp if
// needed (stably, so equal prices keep the venue's order).
func normalize(side []Level, name string, cmp func(x, y Level) int) ([]Level, error) {
	n, sorted := 0, true
	for i, l := range side {
		if err := checkLevel(l, name); err != nil {
			return side, err
		}
		if l.Qty.IsZero() {
			continue
		}
		if n > 0 && cmp(side[n-1], l) > 0 {
			sorted = false
		}
		if n != i {
			side[n] = l
		}
		n++
	}
	side = side[:n]
	if !sorted {
		slices.SortStableFunc(side, cmp)
	}
	return side, nil
}

func checkLevel(l Level, name string) error {
	switch {
	case !l.Price.Valid() || !l.Qty.Valid():
		return badBook(name + " level holds an invalid amount")
	case l.Price.Sign() <= 0:
		return badBook(name + " price " + l.Price.String() + " is not above zero")
	case l.Qty.Sign() < 0:
		return badBook(name + " quantity " + l.Qty.String() + " is negative")
	}
	return nil
}

// Sell returns the quote received for selling base into the bids.
func (b *Book) Sell(base swapscout.Amount) (quote swapscout.Amount, err error) {
	return walkBase(b.Bids, true, base, "the bids buy at most ")
}

// BuyExact returns the quote it costs to buy exactly base from the asks.
func (b *Book) BuyExact(base swapscout.Amount) (quote swapscout.Amount, err error) {
	return walkBase(b.Asks, false, base, "the asks sell at most ")
}

// Buy returns the base bought by spending quote on the asks; the part of a
// level bought is rounded down to WorkScale.
func (b *Book) Buy(quote swapscout.Amount) (base swapscout.Amount, err error) {
	return walkQuote(b.Asks, false, quote, swapscout.RoundDown, "the asks sell for at most ")
}

// SellFor returns the base to sell into the bids to receive quote; the part
// of a level sold is rounded up to WorkScale.
func (b *Book) SellFor(quote swapscout.Amount) (base swapscout.Amount, err error) {
	return walkQuote(b.Bids, true, quote, swapscout.RoundUp, "the bids pay at most ")
}

// walkBase takes base from side level by level and returns the quote it is
// worth, exactly.
func walkBase(side []Level, bids bool, base swapscout.Amount, thinMsg string) (swapscout.Amount, error) {
	if err := checkAmount(base); err != nil {
		return swapscout.Amount{}, err
	}
	var quote swapscout.Amount
	rest := base
	for i, l := range side {
		if err := checkWalk(side, i, bids); err != nil {
			return swapscout.Amount{}, err
		}
		if rest.Cmp(l.Qty) <= 0 {
			return result(quote.Add(rest.Mul(l.Price)))
		}
		quote = quote.Add(l.Qty.Mul(l.Price))
		rest = rest.Sub(l.Qty)
	}
	return swapscout.Amount{}, tooThin(thinMsg, sumQty(side))
}

// walkQuote spends (or collects) quote against side level by level and
// returns the base it buys (or costs); the part of the last level is
// rounded by mode to WorkScale.
func walkQuote(side []Level, bids bool, quote swapscout.Amount, mode swapscout.RoundingMode, thinMsg string) (swapscout.Amount, error) {
	if err := checkAmount(quote); err != nil {
		return swapscout.Amount{}, err
	}
	var base swapscout.Amount
	rest := quote
	for i, l := range side {
		if err := checkWalk(side, i, bids); err != nil {
			return swapscout.Amount{}, err
		}
		cost := l.Qty.Mul(l.Price)
		if rest.Cmp(cost) <= 0 {
			return result(base.Add(rest.Quo(l.Price, WorkScale, mode)))
		}
		base = base.Add(l.Qty)
		rest = rest.Sub(cost)
	}
	return swapscout.Amount{}, tooThin(thinMsg, sumQuote(side))
}

// checkWalk checks side[i] as a walk reaches it: a valid level no better
// than the one before. Walking an unsorted book would price wrongly.
func checkWalk(side []Level, i int, bids bool) error {
	name := "ask"
	if bids {
		name = "bid"
	}
	if err := checkLevel(side[i], name); err != nil {
		return err
	}
	if i > 0 {
		if c := side[i].Price.Cmp(side[i-1].Price); bids && c > 0 || !bids && c < 0 {
			return badBook(name + "s are not sorted best first (call Normalize)")
		}
	}
	return nil
}

func checkAmount(a swapscout.Amount) error {
	switch {
	case !a.Valid():
		return swapscout.Errorf(swapscout.EINVALID, "amount is not a valid number")
	case a.Sign() <= 0:
		return swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "amount must be above zero")
	}
	return nil
}

func result(a swapscout.Amount) (swapscout.Amount, error) {
	if !a.Valid() {
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "amount out of range")
	}
	return a, nil
}

func sumQty(side []Level) swapscout.Amount {
	var t swapscout.Amount
	for _, l := range side {
		t = t.Add(l.Qty)
	}
	return t
}

func sumQuote(side []Level) swapscout.Amount {
	var t swapscout.Amount
	for _, l := range side {
		t = t.Add(l.Qty.Mul(l.Price))
	}
	return t
}

// tooThin is the error of a walk that ran out of levels; Max is the most the
// side can take, in the unit of the walk's argument.
func tooThin(msg string, max swapscout.Amount) error {
	return &swapscout.VenueError{
		Code: swapscout.CodeAmountTooLarge,
		Msg:  "order book too thin: " + msg + max.String(),
		Max:  max,
	}
}

func badBook(msg string) error {
	return &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: "bad order book: " + msg}
}
