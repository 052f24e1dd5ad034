package hostile

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// node is a JSON value that keeps its object keys in order (and repeated),
// and its numbers as written.
type node struct {
	kind byte // 'o' object, 'a' array, 's' string, 'n' number, 'l' literal (true, false, null)
	keys []string
	vals []*node // object values (parallel to keys) or array items
	text string  // string value, number text or literal
}

// parseJSON reads one JSON value; trailing data is an error.
func parseJSON(b []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	n, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("hostile: trailing data after JSON value")
	}
	return n, nil
}

func parseValue(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	return fromToken(dec, tok)
}

func fromToken(dec *json.Decoder, tok json.Token) (*node, error) {
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{kind: 'o'}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
				n.vals = append(n.vals, v)
			}
			_, err := dec.Token() // '}'
			return n, err
		case '[':
			n := &node{kind: 'a'}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				n.vals = append(n.vals, v)
			}
			_, err := dec.Token() // ']'
			return n, err
		}
		return nil, errors.New("hostile: unexpected delimiter")
	case string:
		return &node{kind: 's', text: t}, nil
	case json.Number:
		return &node{kind: 'n', text: string(t)}, nil
	case bool:
		if t {
			return &node{kind: 'l', text: "true"}, nil
		}
		return &node{kind: 'l', text: "false"}, nil
	case nil:
		return &node{kind: 'l', text: "null"}, nil
	}
	return nil, errors.New("hostile: unexpected token")
}

// encode appends n's JSON to dst.
func (n *node) encode(dst []byte) []byte {
	switch n.kind {
	case 'o':
		dst = append(dst, '{')
		for i, k := range n.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, k)
			dst = append(dst, ':')
			dst = n.vals[i].encode(dst)
		}
		return append(dst, '}')
	case 'a':
		dst = append(dst, '[')
		for i, v := range n.vals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = v.encode(dst)
		}
		return append(dst, ']')
	case 's':
		return appendString(dst, n.text)
	}
	return append(dst, n.text...)
}

func appendString(dst []byte, s string) []byte {
	b, _ := json.Marshal(s)
	return append(dst, b...)
}

var numeric = regexp.MustCompile(`^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

// number returns n's value when n is a number or a string holding one.
func (n *node) number() (*big.Rat, bool) {
	if n.kind != 'n' && (n.kind != 's' || !numeric.MatchString(n.text)) {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(n.text)
	return r, ok
}

// setNumber replaces n's value with r, keeping n a number or a string.
func (n *node) setNumber(r *big.Rat, digits int) {
	n.text = formatRat(r, digits)
}

// fracDigits is how many fraction digits a number written as s needs at most
// after being scaled by an integer.
func fracDigits(s string) int {
	mant, exp, _ := strings.Cut(strings.ToLower(s), "e")
	d := 0
	if _, frac, ok := strings.Cut(mant, "."); ok {
		d = len(frac)
	}
	if exp != "" {
		e := 0
		neg := strings.HasPrefix(exp, "-")
		for _, c := range strings.TrimLeft(exp, "+-") {
			e = e*10 + int(c-'0')
			if e > 400 {
				break
			}
		}
		if neg {
			d += e
		} else {
			d = max(0, d-e)
		}
	}
	return min(d, 400)
}

func formatRat(r *big.Rat, digits int) string {
	if r.IsInt() {
		return r.Num().String()
	}
	s := r.FloatString(digits)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// words splits a JSON key into lower-case words: "toAmount" → to, amount;
// "min_qty" → min, qty.
func words(key string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(key)
	for i, c := range rs {
		switch {
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			flush()
		case unicode.IsUpper(c) && i > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))):
			flush()
			cur = append(cur, c)
		default:
			cur = append(cur, c)
		}
	}
	flush()
	return out
}

var (
	amountWords = wordSet("amount amounts price prices px qty quantity rate rates size sz vol volume estimated estimate " +
		"receive result value min max minimum maximum fee fees bid bids ask asks total out")
	notAmountWords = wordSet("id ids time ts timestamp date code status precision decimals decimal digits scale nonce " +
		"seq sequence version chain network type expires expire expiry created updated valid until count level levels " +
		"step tick lot ticker")
	feeWords     = wordSet("fee fees commission")
	addressWords = wordSet("address deposit payin inbound")
	expiryWords  = wordSet("expires expire expiry expiration expired valid until deadline inactive")
	minWords     = wordSet("min minimum")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// amountKey reports whether a key names an amount, a price, a quantity or a
// rate. The root (key "") counts: some books are bare arrays of levels.
func amountKey(key string) bool {
	if key == "" || key == "a" || key == "b" { // bare book arrays; Bybit's asks and bids
		return true
	}
	return keyHas(key, amountWords) && !keyHas(key, notAmountWords)
}

// keyWords caches words: answers repeat a few keys many times.
var keyWords sync.Map // string → []string

func keyHas(key string, set map[string]bool) bool {
	ws, ok := keyWords.Load(key)
	if !ok {
		ws, _ = keyWords.LoadOrStore(key, words(key))
	}
	for _, w := range ws.([]string) {
		if set[w] {
			return true
		}
	}
	return false
}

// walkLeaves calls f for every number or string with the key of its
// nearest enclosing object member ("" at the root); f changes the node in
// place.
func walkLeaves(n *node, key string, f func(key string, n *node)) {
	switch n.kind {
	case 'o':
		for i, k := range n.keys {
			walkLeaves(n.vals[i], k, f)
		}
	case 'a':
		for _, v := range n.vals {
			walkLeaves(v, key, f)
		}
	case 'n', 's':
		f(key, n)
	}
}

// scaleAmounts multiplies every amount-like number by factor.
func scaleAmounts(root *node, factor *big.Rat) {
	walkLeaves(root, "", func(key string, n *node) {
		if !amountKey(key) {
			return
		}
		if r, ok := n.number(); ok {
			n.setNumber(r.Mul(r, factor), fracDigits(n.text))
		}
	})
}

// duplicateAmounts repeats every amount-like member of every object, the
// copy holding the value ×1000: a parser that keeps the last of duplicate
// keys reads the wrong one.
func duplicateAmounts(n *node) {
	switch n.kind {
	case 'o':
		var keys []string
		var vals []*node
		for i, k := range n.keys {
			v := n.vals[i]
			duplicateAmounts(v)
			keys, vals = append(keys, k), append(vals, v)
			if r, ok := v.number(); ok && amountKey(k) {
				c := *v
				c.setNumber(r.Mul(r, big.NewRat(1000, 1)), fracDigits(v.text))
				if c.text == v.text { // zero stays zero: make it differ
					c.text = "1"
				}
				keys, vals = append(keys, k), append(vals, &c)
			}
		}
		n.keys, n.vals = keys, vals
	case 'a':
		for _, v := range n.vals {
			duplicateAmounts(v)
		}
	}
}

// changeEcho doubles every number equal to one of echoes.
func changeEcho(root *node, echoes []*big.Rat) bool {
	changed := false
	walkLeaves(root, "", func(_ string, n *node) {
		r, ok := n.number()
		if !ok {
			return
		}
		for _, e := range echoes {
			if r.Cmp(e) == 0 && r.Sign() != 0 {
				n.setNumber(r.Mul(r, big.NewRat(2, 1)), fracDigits(n.text))
				changed = true
				return
			}
		}
	})
	return changed
}

// emptyLists empties every array, and every object that maps names to
// entries (three or more members, all objects or arrays).
func emptyLists(n *node) {
	switch n.kind {
	case 'o':
		entries := len(n.keys) >= 3
		for i := range n.keys {
			if k := n.vals[i].kind; k != 'o' && k != 'a' {
				entries = false
			}
		}
		if entries {
			n.keys, n.vals = nil, nil
			return
		}
		for _, v := range n.vals {
			emptyLists(v)
		}
	case 'a':
		n.vals = nil
	}
}

// setKeyed sets every number under a key with one of words to text (kept a
// string when it was one).
func setKeyed(root *node, set map[string]bool, text string) {
	walkLeaves(root, "", func(key string, n *node) {
		if key == "" || !keyHas(key, set) || keyHas(key, notAmountWords) {
			return
		}
		if _, ok := n.number(); ok {
			n.text = text
		}
	})
}

// setStrings sets every string that is not a number, under a key with one
// of words, to text.
func setStrings(root *node, set map[string]bool, text string) {
	walkLeaves(root, "", func(key string, n *node) {
		if n.kind != 's' || key == "" || !keyHas(key, set) {
			return
		}
		if _, ok := n.number(); !ok {
			n.text = text
		}
	})
}

// setExpiries sets every expiry to one no venue means: a number (of
// seconds, minutes or milliseconds) to 1e15, a date to the year 9999.
func setExpiries(root *node) {
	walkLeaves(root, "", func(key string, n *node) {
		if key == "" || !keyHas(key, expiryWords) {
			return
		}
		if _, ok := n.number(); ok {
			n.text = "1000000000000000" // a string stays one
			return
		}
		if n.kind == 's' && len(n.text) >= 10 && n.text[4] == '-' {
			n.text = "9999-12-31T23:59:59Z"
		}
	})
}
