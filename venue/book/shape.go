package book

import "github.com/swapscout/swapscout"

// Shape says where a venue's answer holds its order book, so that one
// reader (ReadBook) serves every venue: the sides as top-level members
// (Binance, Gate, MEXC…), inside an envelope's member (Bybit's result,
// HTX's tick, KuCoin's and Bitget's data), in the first element or member
// of that member (OKX's data array, Kraken's result keyed by pair name), or
// one flat array of signed levels (Bitfinex). What else the answer says (an
// error envelope, a status) is the venue's to read: see venue/cex.
type Shape struct {
	// In is the key of the top-level member that holds the sides ("result",
	// "data", "tick"); empty when the sides are top-level members.
	In string
	// First: the In member is an array whose first element holds the sides
	// (OKX), or an object whose first member does, whatever its key
	// (Kraken keys the book by the pair's canonical name).
	First bool
	// Bids and Asks are the sides' keys: "bids" and "asks" when empty
	// (Bybit's are "b" and "a").
	Bids, Asks string
	// Layout is how a level is laid out (PriceQty when zero).
	Layout Layout
	// Signed: the whole answer is one array of levels whose quantity's sign
	// gives the side (Bitfinex; see SignedLevels).
	Signed bool
	// Both: an answer that lacks either side's key holds no book (venues
	// that always send the whole book).
	Both bool

	// Code names the top-level member that says whether the answer
	// succeeded (Bybit's "retCode", OKX's "code", Gemini's "result"), and
	// Refused reads its value (a string's contents, a number's text, nil
	// for a value of another kind) and reports whether it says the answer
	// failed: ReadBook then returns ErrRefused, so that the caller reads the
	// venue's error envelope in the book's place. With CodeRequired, an
	// answer without the member is refused too (OKX and Bitget always send
	// it). The member's last occurrence counts.
	Code         string
	Refused      func(value []byte) bool
	CodeRequired bool
}

// ErrNoBook is ReadBook's error for a well-formed answer that holds no
// book where its Shape says: no side (or, with Shape.Both, one side only),
// no In member of the right kind, an empty First array or object. Such an
// answer is usually an error envelope, which the caller then reads for the
// venue's own words. Compare with ==: it is returned as is.
var ErrNoBook error = &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: "the answer holds no order book"}

// ErrRefused is ReadBook's error for an answer whose Shape.Code member says
// it failed. Compare with ==: it is returned as is.
var ErrRefused error = &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: "the answer is an error"}

// ReadBook resets s to body and reads the book where sh says into b,
// reusing b's slices (a side that is absent comes back empty). It returns
// Finish's error, else ErrNoBook when the book is not there. Each top-level
// member other than the sides (or In) is offered to member, when it is set
// (a venue's own flag, such as Coinbase's auction_mode), which either reads
// the value and reports true, or reports false to have it skipped. A side
// or member given twice counts as its last occurrence, as encoding/json
// reads it. ReadBook allocates nothing once b's slices have grown.
func (s *Scanner) ReadBook(body []byte, b *Book, sh *Shape, member func(key []byte) bool) error {
	s.Reset(body)
	r := bookReader{s: s, b: b, bids: sh.Bids, asks: sh.Asks, l: sh.Layout}
	if r.bids == "" {
		r.bids, r.asks = "bids", "asks"
	}
	if r.l == (Layout{}) {
		r.l = PriceQty
	}
	b.Bids, b.Asks = b.Bids[:0], b.Asks[:0]
	if sh.Signed {
		b.Bids, b.Asks = s.SignedLevels(b.Bids, b.Asks, r.l)
		return s.Finish()
	}
	found, coded, refused := false, false, false
	if s.Kind() == Object && s.EnterObject() {
		for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
			k := string(key)
			switch {
			case sh.Code != "" && k == sh.Code:
				coded, refused = true, sh.Refused(s.scalarOrSkip())
			case sh.In == "" && (k == r.bids || k == r.asks):
				r.side(k)
				found = true
			case sh.In != "" && k == sh.In && !sh.First && s.Kind() == Object:
				found = r.object()
			case sh.In != "" && k == sh.In && sh.First && (s.Kind() == Array || s.Kind() == Object):
				found = r.first()
			case member != nil && member(key):
			default:
				s.Skip()
			}
		}
	} else {
		s.Skip() // not an object: no book, if it is well-formed
	}
	if err := s.Finish(); err != nil {
		return err
	}
	switch {
	case refused || sh.CodeRequired && !coded:
		return ErrRefused
	case !found || sh.Both && r.sides != bothSides:
		return ErrNoBook
	}
	return nil
}

// scalarOrSkip reads a string's contents or a number's text; nil (after
// skipping it) for a value of another kind.
func (s *Scanner) scalarOrSkip() []byte {
	if k := s.Kind(); k != String && k != Number {
		s.Skip()
		return nil
	}
	if !s.begin() {
		return nil
	}
	b, _ := s.scalar()
	return b
}

// bookReader is ReadBook's state.
type bookReader struct {
	s          *Scanner
	b          *Book
	bids, asks string
	l          Layout
	sides      uint8 // bit 0: bids seen, bit 1: asks
}

const bothSides = 3

// side reads the side named k (the scanner at its value).
func (r *bookReader) side(k string) {
	if k == r.bids {
		r.b.Bids = r.s.Levels(r.b.Bids[:0], r.l)
		r.sides |= 1
	} else {
		r.b.Asks = r.s.Levels(r.b.Asks[:0], r.l)
		r.sides |= 2
	}
}

// object reads an object holding the sides, skipping its other members,
// and reports whether it was read whole. Only the last such object counts.
func (r *bookReader) object() bool {
	r.b.Bids, r.b.Asks, r.sides = r.b.Bids[:0], r.b.Asks[:0], 0
	if !r.s.EnterObject() {
		return false
	}
	for key, ok := r.s.NextKey(); ok; key, ok = r.s.NextKey() {
		if k := string(key); k == r.bids || k == r.asks {
			r.side(k)
		} else {
			r.s.Skip()
		}
	}
	return r.s.err == nil
}

// first reads an array or object whose first element or member holds the
// sides, skipping the rest, and reports whether that one was read whole.
func (r *bookReader) first() bool {
	found := false
	if r.s.Kind() == Array {
		r.s.EnterArray()
		for r.s.NextElem() {
			if found {
				r.s.Skip()
			} else {
				found = r.object()
			}
		}
		return found
	}
	r.s.EnterObject()
	for _, ok := r.s.NextKey(); ok; _, ok = r.s.NextKey() {
		if found {
			r.s.Skip()
		} else {
			found = r.object()
		}
	}
	return found
}
