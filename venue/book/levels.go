package book

import (
	"slices"
	"strconv"

	"github.com/swapscout/swapscout"
)

// Layout says where a level's price and quantity sit. Array levels name
// element indexes (any other elements are skipped); object levels, whose
// PriceKey is set, name member keys (other members are skipped).
type Layout struct {
	Price, Qty       int    // element indexes in an array level
	PriceKey, QtyKey string // member keys in an object level
}

// Layouts of the venues' order-book levels.
var (
	// PriceQty: ["price","qty",…] — Binance, MEXC, Gate, Bybit, KuCoin,
	// Bitget, HTX (numbers), OKX ["px","sz","0","n"], Kraken
	// ["price","volume",ts], Coinbase ["price","size",n].
	PriceQty = Layout{Price: 0, Qty: 1}
	// Bitfinex: [PRICE,COUNT,AMOUNT] with AMOUNT's sign giving the side;
	// read it with SignedLevels.
	Bitfinex = Layout{Price: 0, Qty: 2}
	// Gemini: {"price":"…","amount":"…","timestamp":"…"}.
	Gemini = Layout{PriceKey: "price", QtyKey: "amount"}
)

func (l *Layout) valid() bool {
	if l.PriceKey != "" || l.QtyKey != "" {
		return l.PriceKey != "" && l.QtyKey != "" && l.PriceKey != l.QtyKey
	}
	return l.Price >= 0 && l.Qty >= 0 && l.Price != l.Qty
}

// Levels reads an array of levels laid out as l and appends them to dst,
// which it returns; null reads as no levels. Every level must have a price
// above zero and a quantity of zero or more, else it is an error and dst
// comes back as it was. Order is not checked here: see Book.Normalize.
//
// To reuse a book's slices: b.Bids = s.Levels(b.Bids[:0], book.PriceQty).
func (s *Scanner) Levels(dst []Level, l Layout) []Level {
	dst, _ = s.levels(dst, nil, l, false)
	return dst
}

// SignedLevels reads an array of levels whose quantity's sign gives the side,
// as Bitfinex sends its book: a positive quantity is a bid, appended to bids,
// and a negative one an ask, appended to asks with its quantity made
// positive; levels of zero quantity are dropped. Prices must be above zero.
// On error both slices come back as they were.
func (s *Scanner) SignedLevels(bids, asks []Level, l Layout) ([]Level, []Level) {
	return s.levels(bids, asks, l, true)
}

// Book reads an object holding the two sides of a book under the keys bids
// and asks (e.g. "bids","asks" or Bybit's "b","a") into b, reusing b's
// slices; other members are skipped, a side that is absent (or null) comes
// back empty, and a side given twice is the last one given. It reports
// whether the object was read without error.
func (s *Scanner) Book(b *Book, l Layout, bids, asks string) bool {
	r := bookReader{s: s, b: b, bids: bids, asks: asks, l: l}
	return r.object()
}

// levels reads an array of levels into dst, or, when signed, into dst (bids)
// and asks by the sign of the quantity.
func (s *Scanner) levels(dst, asks []Level, l Layout, signed bool) ([]Level, []Level) {
	if !s.begin() {
		return dst, asks
	}
	if !l.valid() {
		s.fail("invalid level layout")
		return dst, asks
	}
	n0, a0 := len(dst), len(asks)
	switch s.peek() {
	case 'n':
		s.literal('n')
		return dst, asks
	case '[':
	default:
		s.unexpected("an array of levels")
		return dst, asks
	}
	if s.depth+2 > MaxDepth {
		s.fail("nesting deeper than 64")
		return dst, asks
	}
	s.pos++
	if s.peek() == ']' {
		s.pos++
		return dst, asks
	}
	// Fresh slices: one allocation sized from what is left to read (a level
	// takes 16 bytes or more), not a dozen doublings.
	guess := min(64, (len(s.data)-s.pos)/16)
	if cap(dst) == len(dst) {
		dst = slices.Grow(dst, guess)
	}
	if signed && cap(asks) == len(asks) {
		asks = slices.Grow(asks, guess)
	}
	// Most books are ["price","qty"] levels of quoted decimals without
	// whitespace: quotedLevel reads those in one pass, and anything else
	// takes the general path below.
	fast := !signed && l.PriceKey == "" && l.Price == 0 && l.Qty == 1
	for n := 0; ; n++ {
		if fast {
			if pc, ps, qc, qs, next, ok := quotedLevel(s.data, s.pos); ok {
				dst = append(dst, Level{Price: swapscout.NewAmount(pc, ps), Qty: swapscout.NewAmount(qc, qs)})
				s.pos = next
				goto separator
			}
		}
		// Decode in place: an Amount is copied through memory, not registers.
		dst = append(dst, Level{})
		if lv := &dst[len(dst)-1]; !s.level(&l, lv, n, signed) {
			return dst[:n0], asks[:a0]
		} else if signed && lv.Qty.Sign() <= 0 { // an ask, or nothing
			if lv.Qty.Sign() < 0 {
				asks = append(asks, Level{Price: lv.Price, Qty: lv.Qty.Neg()})
			}
			dst = dst[:len(dst)-1]
		}
	separator:
		switch s.peek() {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return dst, asks
		default:
			s.unexpected("',' or ']' after a level")
			return dst[:n0], asks[:a0]
		}
	}
}

// level reads level n of the general shape into lv and checks its price
// and, unless signed, its quantity.
func (s *Scanner) level(l *Layout, lv *Level, n int, signed bool) bool {
	s.skipWS()
	if l.PriceKey != "" {
		s.objectLevel(l, lv)
	} else {
		s.arrayLevel(l, lv)
	}
	switch {
	case s.err != nil:
		return false
	case lv.Price.Sign() <= 0:
		s.fail("level " + strconv.Itoa(n) + ": price must be above zero")
		return false
	case !signed && lv.Qty.Sign() < 0:
		s.fail("level " + strconv.Itoa(n) + ": quantity must not be negative")
		return false
	}
	return true
}

// quotedLevel reads a level of exactly the form ["price","qty"] at d[i],
// with both decimals in quotedDecimal's range and a price above zero, and
// returns the index after it; it declines (ok false) anything else.
func quotedLevel(d []byte, i int) (pc int64, ps int, qc int64, qs int, next int, ok bool) {
	if i < 0 || len(d)-i < 48 || d[i] != '[' || d[i+1] != '"' {
		return 0, 0, 0, 0, i, false
	}
	pc, ps, j, ok := quotedDecimal(d, i+1)
	if !ok || pc <= 0 || d[j] != ',' || d[j+1] != '"' {
		return 0, 0, 0, 0, i, false
	}
	qc, qs, k, ok := quotedDecimal(d, j+1)
	if !ok || d[k] != ']' {
		return 0, 0, 0, 0, i, false
	}
	return pc, ps, qc, qs, k + 1, true
}

// arrayLevel reads a level such as ["price","qty",…] into lv. It works on
// local indexes and leaves anything unusual to the general readers.
func (s *Scanner) arrayLevel(l *Layout, lv *Level) {
	d, i := s.data, s.pos
	if i >= len(d) || d[i] != '[' {
		s.unexpected("a level array")
		return
	}
	got := 0
	for k := 0; ; k++ {
		i = skipSpace(d, i+1) // past '[' or ','
		if k == 0 && i < len(d) && d[i] == ']' {
			s.pos = i
			s.fail("empty level")
			return
		}
		if k == l.Price || k == l.Qty {
			a := &lv.Qty
			if k == l.Price {
				a = &lv.Price
			}
			if coef, scale, j, ok := parseDecimal(d, i); ok {
				*a = swapscout.NewAmount(coef, scale)
				i = j
			} else {
				s.pos = i
				if *a = s.wireAmount(); s.err != nil {
					return
				}
				i = s.pos
			}
			got++
		} else {
			s.pos = i
			if s.skip(s.depth + 2); s.err != nil {
				return
			}
			i = s.pos
		}
		if i = skipSpace(d, i); i < len(d) && d[i] == ',' {
			continue
		}
		s.pos = i
		if i < len(d) && d[i] == ']' {
			s.pos++
			if got < 2 {
				s.fail("level too short")
			}
			return
		}
		s.unexpected("',' or ']' in a level")
		return
	}
}

// objectLevel reads a level such as {"price":"…","amount":"…"} into lv.
func (s *Scanner) objectLevel(l *Layout, lv *Level) {
	if s.peek() != '{' {
		s.unexpected("a level object")
		return
	}
	s.pos++
	var got uint8
	if s.peek() == '}' {
		s.fail("empty level")
		return
	}
	for {
		if s.peek() != '"' {
			s.unexpected("a string object key")
			return
		}
		key, ok := s.str()
		if !ok {
			return
		}
		if s.peek() != ':' {
			s.unexpected("':' after object key")
			return
		}
		s.pos++
		switch string(key) {
		case l.PriceKey:
			lv.Price = s.amount()
			got |= 1
		case l.QtyKey:
			lv.Qty = s.amount()
			got |= 2
		default:
			s.skip(s.depth + 2)
		}
		if s.err != nil {
			return
		}
		switch s.peek() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			if got != 3 {
				s.fail("level lacks a price or a quantity")
			}
			return
		default:
			s.unexpected("',' or '}' in a level")
			return
		}
	}
}
