package book

import (
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
)

// MaxDepth is how deeply arrays and objects may nest in a document the
// Scanner reads; deeper input is a syntax error.
const MaxDepth = 64

// Kind is the type of a JSON value.
type Kind uint8

// The kinds of JSON values. Invalid is what Kind reports at the end of the
// input, after an error, or before a byte that cannot start a value.
const (
	Invalid Kind = iota
	Object
	Array
	String
	Number
	Bool
	Null
)

var kindNames = [...]string{"invalid", "object", "array", "string", "number", "bool", "null"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Scanner is a pull parser for one JSON document: the caller walks the
// document with EnterObject/NextKey, EnterArray/NextElem and the value
// readers, and the Scanner validates as it goes. It allocates nothing itself
// (only strings with escape sequences are copied, into a buffer reused across
// Resets), so a venue adapter can decode an order book straight into reused
// []Level slices.
//
// Every method is safe on any input: malformed JSON, a value of the wrong
// type, nesting deeper than MaxDepth, or a call out of order (reading a value
// where none is due) records an error, after which every method returns zero
// values and false, so loops over NextKey and NextElem end. Err returns the
// first error; Finish also checks that the document was read to its end.
//
// A key given twice in one object follows encoding/json: the last
// occurrence wins. The Scanner hands every member to its caller in order,
// and its readers (Book, and the adapters' loops over NextKey) assign what a
// key gives rather than accumulate it, so a later occurrence replaces an
// earlier one; FuzzDepthDifferential checks this against encoding/json. A
// value that breaks the rules (a bad level) is malformed wherever it
// stands, even in an occurrence a later one replaces.
//
// The zero Scanner is ready for Reset. A Scanner is not safe for concurrent use.
type Scanner struct {
	data  []byte
	pos   int
	depth int    // open containers
	objs  uint64 // bit i set: the container at depth i+1 is an object
	more  bool   // the innermost open container has yielded a member
	want  bool   // a value is due: the caller may read one now
	err   error
	buf   []byte // unescaped strings since the last Reset
}

// Reset starts scanning data, which holds one JSON value (surrounding
// whitespace allowed). The Scanner reads data in place: it must not change
// until the caller is done with the byte slices the Scanner returned.
func (s *Scanner) Reset(data []byte) {
	*s = Scanner{data: data, want: true, buf: s.buf[:0]}
}

// Err returns the first error met since Reset, or nil. Errors wrap
// swapscout.ErrBadResponse: a malformed body is the venue's fault.
func (s *Scanner) Err() error { return s.err }

// Finish returns Err, or an error if the top-level value was not read to its
// end or anything but whitespace follows it.
func (s *Scanner) Finish() error {
	if s.err != nil {
		return s.err
	}
	if s.depth != 0 || s.want {
		s.fail("document not read to its end")
	} else if s.skipWS(); s.pos < len(s.data) {
		s.fail("data after the top-level value")
	}
	return s.err
}

// Kind reports the kind of the next value without consuming it.
func (s *Scanner) Kind() Kind {
	if s.err != nil {
		return Invalid
	}
	switch c := s.peek(); c {
	case '{':
		return Object
	case '[':
		return Array
	case '"':
		return String
	case 't', 'f':
		return Bool
	case 'n':
		return Null
	default:
		if c == '-' || isDigit(c) {
			return Number
		}
	}
	return Invalid
}

// EnterObject consumes the '{' of the next value. It reports false (and
// records an error) if the next value is not an object.
func (s *Scanner) EnterObject() bool { return s.enter('{', "expected an object") }

// EnterArray consumes the '[' of the next value. It reports false (and
// records an error) if the next value is not an array.
func (s *Scanner) EnterArray() bool { return s.enter('[', "expected an array") }

// enter consumes open, '{' or '[', or fails with msg.
func (s *Scanner) enter(open byte, msg string) bool {
	if !s.begin() {
		return false
	}
	if s.peek() != open {
		s.fail(msg)
		return false
	}
	return s.push(open == '{')
}

// NextKey advances to the next member of the object entered last and returns
// its key; the caller must then read or Skip the member's value. At the
// closing '}' it reports false and leaves the object. The key's bytes stay
// valid until the next Reset.
func (s *Scanner) NextKey() ([]byte, bool) {
	if !s.member(true) {
		return nil, false
	}
	key, ok := s.str()
	if !ok {
		return nil, false
	}
	if s.peek() != ':' {
		s.fail("expected ':' after object key")
		return nil, false
	}
	s.pos++
	s.want = true
	return key, true
}

// NextElem advances to the next element of the array entered last; the caller
// must then read or Skip it. At the closing ']' it reports false and leaves
// the array.
func (s *Scanner) NextElem() bool {
	if !s.member(false) {
		return false
	}
	s.want = true
	return true
}

// member moves past the separator before the next member of the innermost
// container, or past its closing bracket (then it reports false).
func (s *Scanner) member(obj bool) bool {
	if s.err != nil {
		return false
	}
	if s.want || s.depth == 0 || (s.objs>>(s.depth-1)&1 == 1) != obj {
		if obj {
			s.fail("NextKey called outside an object or before the last value was read")
		} else {
			s.fail("NextElem called outside an array or before the last element was read")
		}
		return false
	}
	end := byte(']')
	if obj {
		end = '}'
	}
	c := s.peek()
	if c == end {
		s.pos++
		s.depth--
		s.more = true // the container just closed was a member of its parent
		return false
	}
	if s.more {
		if c != ',' {
			if obj {
				s.fail("expected ',' or '}' in object")
			} else {
				s.fail("expected ',' or ']' in array")
			}
			return false
		}
		s.pos++
		c = s.peek()
	}
	s.more = true
	if obj && c != '"' {
		s.fail("expected a string object key")
		return false
	}
	return true
}

// Skip consumes the next value, whatever its kind, validating it.
func (s *Scanner) Skip() {
	if s.begin() {
		s.skip(s.depth)
	}
}

// String reads a string value and returns its contents, with any escape
// sequences decoded. The bytes stay valid until the next Reset.
func (s *Scanner) String() []byte {
	if !s.begin() {
		return nil
	}
	if s.peek() != '"' {
		s.fail("expected a string")
		return nil
	}
	b, _ := s.str()
	return b
}

// Amount reads a decimal number given as a JSON number or as a string holding
// one (venues do both), exactly, with swapscout.ParseWireAmount (so 1e-8 is
// accepted, and digits beyond MaxScale are rounded). Anything else, including
// null and the empty string, is an error.
func (s *Scanner) Amount() swapscout.Amount {
	if !s.begin() {
		return swapscout.Amount{}
	}
	return s.amount()
}

// Int reads an integer given as a JSON number or as a string of digits, such
// as a timestamp or a sequence number ("ts":"1629966436396"). Fractions,
// exponents and values outside int64 are errors.
func (s *Scanner) Int() int64 {
	if !s.begin() {
		return 0
	}
	b, ok := s.scalar()
	if !ok {
		return 0
	}
	n, ok := parseInt(b)
	if !ok {
		s.fail("expected an integer")
	}
	return n
}

// Bool reads true or false, also when given as the string "true" or "false"
// (as some venues send flags).
func (s *Scanner) Bool() bool {
	if !s.begin() {
		return false
	}
	switch c := s.peek(); c {
	case 't', 'f':
		return s.literal(c)
	case '"':
		b, _ := s.str()
		switch string(b) {
		case "true":
			return true
		case "false":
			return false
		}
	}
	s.fail("expected a boolean")
	return false
}

// begin checks that a value may be read now and marks it read.
func (s *Scanner) begin() bool {
	if s.err != nil {
		return false
	}
	if !s.want {
		s.fail("value read out of place (call NextKey or NextElem first)")
		return false
	}
	s.want = false
	return true
}

func (s *Scanner) push(obj bool) bool {
	if s.depth >= MaxDepth {
		s.fail("nesting deeper than 64")
		return false
	}
	if obj {
		s.objs |= 1 << s.depth
	} else {
		s.objs &^= 1 << s.depth
	}
	s.pos++
	s.depth++
	s.more = false
	return true
}

func (s *Scanner) skipWS() { s.pos = skipSpace(s.data, s.pos) }

// skipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(d []byte, i int) int {
	for i < len(d) && d[i] <= ' ' && (d[i] == ' ' || d[i] == '\n' || d[i] == '\r' || d[i] == '\t') {
		i++
	}
	return i
}

// peek skips whitespace and returns the next byte, or 0 at the end.
func (s *Scanner) peek() byte {
	s.skipWS()
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}

// skip consumes one value whose containers start at nesting depth d.
func (s *Scanner) skip(d int) {
	c := s.peek()
	switch {
	case c == '"':
		s.skipString()
	case c == '{' || c == '[':
		if d >= MaxDepth {
			s.fail("nesting deeper than 64")
			return
		}
		end := byte(']')
		if c == '{' {
			end = '}'
		}
		s.pos++
		if s.peek() == end {
			s.pos++
			return
		}
		for {
			if c == '{' {
				if s.peek() != '"' {
					s.fail("expected a string object key")
					return
				}
				s.skipString()
				if s.err != nil {
					return
				}
				if s.peek() != ':' {
					s.fail("expected ':' after object key")
					return
				}
				s.pos++
			}
			s.skip(d + 1)
			if s.err != nil {
				return
			}
			switch s.peek() {
			case ',':
				s.pos++
			case end:
				s.pos++
				return
			default:
				if c == '{' {
					s.fail("expected ',' or '}' in object")
				} else {
					s.fail("expected ',' or ']' in array")
				}
				return
			}
		}
	case c == 't' || c == 'f' || c == 'n':
		s.literal(c)
	case c == '-' || isDigit(c):
		s.number()
	default:
		s.unexpected("a value")
	}
}

// literal consumes true, false or null, whichever starts with c, and returns
// its truth.
func (s *Scanner) literal(c byte) bool {
	lit := "null"
	switch c {
	case 't':
		lit = "true"
	case 'f':
		lit = "false"
	}
	if len(s.data)-s.pos < len(lit) || string(s.data[s.pos:s.pos+len(lit)]) != lit {
		s.fail("invalid literal")
		return false
	}
	s.pos += len(lit)
	return c == 't'
}

// number consumes a JSON number.
func (s *Scanner) number() bool {
	d, i := s.data, s.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	ok := true
	if i < len(d) && d[i] == '0' {
		i++
	} else if i, ok = s.digits(i, "a digit"); !ok {
		return false
	}
	if i < len(d) && d[i] == '.' {
		if i, ok = s.digits(i+1, "a digit after '.'"); !ok {
			return false
		}
	}
	if i < len(d) && d[i]|0x20 == 'e' {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i, ok = s.digits(i, "a digit in the exponent"); !ok {
			return false
		}
	}
	s.pos = i
	return true
}

// digits consumes the run of one or more digits at i and returns where it
// ends; without a digit at i it reports that want was expected there.
func (s *Scanner) digits(i int, want string) (int, bool) {
	d := s.data
	if i >= len(d) || !isDigit(d[i]) {
		s.pos = i
		s.unexpected(want)
		return i, false
	}
	for i++; i < len(d) && isDigit(d[i]); i++ {
	}
	return i, true
}

// str consumes a string (s.pos is at its opening quote) and returns its
// decoded contents.
func (s *Scanner) str() ([]byte, bool) {
	d := s.data
	start := s.pos + 1
	for i := start; i < len(d); i++ {
		switch c := d[i]; {
		case c == '"':
			s.pos = i + 1
			return d[start:i], true
		case c == '\\':
			return s.unescape(start, i)
		case c < 0x20:
			s.pos = i
			s.fail("control character in string")
			return nil, false
		}
	}
	s.pos = len(d)
	s.fail("unterminated string")
	return nil, false
}

// skipString consumes a string without decoding it.
func (s *Scanner) skipString() {
	d := s.data
	for i := s.pos + 1; i < len(d); i++ {
		switch c := d[i]; {
		case c == '"':
			s.pos = i + 1
			return
		case c == '\\':
			n := escapeLen(d[i:])
			if n == 0 {
				s.pos = i
				s.fail("invalid escape in string")
				return
			}
			i += n - 1
		case c < 0x20:
			s.pos = i
			s.fail("control character in string")
			return
		}
	}
	s.pos = len(d)
	s.fail("unterminated string")
}

// escapeLen returns the length of the escape sequence at the start of b, or
// 0 if it is invalid.
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if hex4(b[2:]) >= 0 {
			return 6
		}
	}
	return 0
}

// hex4 decodes four hex digits, or returns -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case isDigit(c):
			c -= '0'
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			c = c | 0x20 - 'a' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// unescape decodes the string that starts at start and has its first
// backslash at i into s.buf, the way encoding/json does.
func (s *Scanner) unescape(start, i int) ([]byte, bool) {
	d := s.data
	b0 := len(s.buf)
	s.buf = append(s.buf, d[start:i]...)
	for i < len(d) {
		switch c := d[i]; {
		case c == '"':
			s.pos = i + 1
			return s.buf[b0:len(s.buf):len(s.buf)], true
		case c == '\\':
			n := escapeLen(d[i:])
			if n == 0 {
				s.pos = i
				s.fail("invalid escape in string")
				return nil, false
			}
			switch e := d[i+1]; e {
			case 'b':
				s.buf = append(s.buf, '\b')
			case 'f':
				s.buf = append(s.buf, '\f')
			case 'n':
				s.buf = append(s.buf, '\n')
			case 'r':
				s.buf = append(s.buf, '\r')
			case 't':
				s.buf = append(s.buf, '\t')
			case 'u':
				r := hex4(d[i+2:])
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if escapeLen(d[i+6:]) == 6 {
						r2 = hex4(d[i+8:])
					}
					if dec := utf16.DecodeRune(r, r2); dec != unicode.ReplacementChar {
						r, n = dec, 12
					} else {
						r = unicode.ReplacementChar
					}
				}
				s.buf = utf8.AppendRune(s.buf, r)
			default:
				s.buf = append(s.buf, e)
			}
			i += n
		case c < 0x20:
			s.pos = i
			s.fail("control character in string")
			return nil, false
		default:
			s.buf = append(s.buf, c)
			i++
		}
	}
	s.pos = len(d)
	s.fail("unterminated string")
	return nil, false
}

// scalar consumes a string or a number and returns its bytes (a string's
// decoded contents).
func (s *Scanner) scalar() ([]byte, bool) {
	switch c := s.peek(); {
	case c == '"':
		return s.str()
	case c == '-' || isDigit(c):
		start := s.pos
		ok := s.number()
		return s.data[start:s.pos], ok
	}
	s.unexpected("a number or a string")
	return nil, false
}

// amount reads a scalar as an Amount.
func (s *Scanner) amount() swapscout.Amount {
	s.skipWS()
	if coef, scale, i, ok := parseDecimal(s.data, s.pos); ok {
		s.pos = i
		return swapscout.NewAmount(coef, scale)
	}
	return s.wireAmount()
}

// wireAmount is amount's general path, for whatever parseDecimal declines.
func (s *Scanner) wireAmount() swapscout.Amount {
	b, ok := s.scalar()
	if !ok {
		return swapscout.Amount{}
	}
	a, err := swapscout.ParseWireAmount(b)
	if err != nil {
		s.failWrap("invalid amount", err)
	}
	return a
}

// parseDecimal is the fast path of amount, for what order books are made
// of: a string or a number of at most 18 digits, [-]digits[.digits], with
// nothing to unescape, at d[i:]. It scans and converts in one pass and
// returns the coefficient and scale ParseWireAmount would give, and the index
// after the value; anything else it leaves to the general path (ok false).
// It returns no Amount because building one here and copying it out costs
// more than the parse (the struct does not live in registers).
func parseDecimal(d []byte, i int) (coef int64, scale, next int, ok bool) {
	if i >= 0 && len(d)-i >= 18 && d[i] == '"' {
		if coef, scale, next, ok = quotedDecimal(d, i); ok {
			return coef, scale, next, ok
		}
	}
	return parseDecimalLoop(d, i)
}

// parseDecimalLoop is parseDecimal byte by byte, for what quotedDecimal
// declines: numbers, signs, long values, the end of the input.
func parseDecimalLoop(d []byte, i int) (coef int64, scale, next int, ok bool) {
	if i >= len(d) {
		return 0, 0, i, false
	}
	quoted := d[i] == '"'
	if quoted {
		i++
	}
	neg := i < len(d) && d[i] == '-'
	if neg {
		i++
	}
	v, n := digitRun(d, i)
	if n == 0 || n > 18 || !quoted && n > 1 && d[i] == '0' { // JSON forbids leading zeros
		return 0, 0, i, false
	}
	i += n
	if i < len(d) && d[i] == '.' {
		f, m := digitRun(d, i+1)
		if m == 0 || n+m > 18 { // 18 digits always fit an int64
			return 0, 0, i, false
		}
		v = v*pow10[m] + f
		scale = m
		i += 1 + m
	}
	if i >= len(d) {
		return 0, 0, i, false
	}
	if quoted {
		if d[i] != '"' {
			return 0, 0, i, false
		}
		i++
	} else if d[i]|0x20 == 'e' {
		return 0, 0, i, false
	}
	coef = int64(v)
	if neg {
		coef = -coef
	}
	return coef, scale, i, true
}

var pow10 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// digitRun returns the length of the run of ASCII digits at d[i:] and, when
// it is at most 19 digits long, their value.
func digitRun(d []byte, i int) (v uint64, n int) {
	for _, c := range d[i:] {
		if c -= '0'; c >= 10 {
			break
		}
		// v*10 + c as two LEAs (v*5, then c + 2×that) rather than the three
		// the compiler emits for v*10: the digit loop is a dependency chain,
		// and most of what decoding a book costs.
		t := v + v<<2
		v = t<<1 + uint64(c)
		n++
	}
	return v, n
}

// parseInt parses an optionally negative decimal integer that fits int64.
func parseInt(b []byte) (int64, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	var n uint64
	for _, c := range b {
		if !isDigit(c) {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	if neg {
		if n > 1<<63 {
			return 0, false
		}
		return -int64(n), true
	}
	if n > 1<<63-1 {
		return 0, false
	}
	return int64(n), true
}

func isDigit(c byte) bool { return c-'0' < 10 }

func (s *Scanner) unexpected(what string) {
	if s.pos >= len(s.data) {
		s.fail("unexpected end of input, expected " + what)
	} else {
		s.fail("unexpected " + strconv.QuoteRune(rune(s.data[s.pos])) + ", expected " + what)
	}
}

func (s *Scanner) fail(msg string) { s.failWrap(msg, nil) }

func (s *Scanner) failWrap(msg string, err error) {
	if s.err == nil {
		s.err = &swapscout.VenueError{
			Code: swapscout.CodeBadResponse,
			Msg:  "malformed order book: " + msg + " at offset " + strconv.Itoa(s.pos),
			Err:  err,
		}
	}
}

// Text reads a string value as a Go string, or a number as its decimal text;
// any other value (null, an object…) is skipped and reads as "". Market
// lists use it for fields venues send loosely.
func (s *Scanner) Text() string {
	switch s.Kind() {
	case String:
		return string(s.String())
	case Number:
		return s.Amount().String()
	}
	s.Skip()
	return ""
}

// OptAmountOK reads a non-negative decimal given as a string or a number.
// Anything else — null, "", a malformed or negative value — reads as absent
// (false) without failing the document: market lists carry such values in
// fields that do not matter for every market.
func (s *Scanner) OptAmountOK() (swapscout.Amount, bool) {
	var a swapscout.Amount
	var err error
	switch s.Kind() {
	case String:
		a, err = swapscout.ParseWireAmount(s.String())
	case Number:
		a = s.Amount()
	default:
		s.Skip()
		return swapscout.Amount{}, false
	}
	if err != nil || !a.Valid() || a.Sign() < 0 {
		return swapscout.Amount{}, false
	}
	return a, true
}

// OptAmount is OptAmountOK without the flag: absent reads as zero.
func (s *Scanner) OptAmount() swapscout.Amount {
	a, _ := s.OptAmountOK()
	return a
}
