package book_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// fuzzSeeds adds the fixtures and a few hand-made cases to f's corpus.
func fuzzSeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		``, `{}`, `[]`, `null`, `{"bids":null}`, `{"bids":[],"asks":[]}`,
		`{"bids":[["1","2"]],"asks":[["3","4","x"]]}`, `{"bids":[["1e-8","2E+2"]]}`,
		`{"b\u0069ds":[["1\u002e5","2"]]}`, `{"bids":[["-1","2"]]}`, `{"bids":[["1","0"]],"bids":[["2","1"]]}`,
		`{"bids":[[1,2]]}`, `{"bids":[["1"]]}`, `{"x":[[[[[[]]]]]],"asks":[["0.1","1"]]}`,
		`[[8744.9,2,0.45603413],[8745,1,-0.2]]`, `{"bids":[{"price":"1","amount":"2"}]}`,
		`{"a":"\ud83d\ude00","bids":[["1","2"]]}`, `{"bids":[["01","2"]]}`, `{"bids":[[01,2]]}`,
		// Duplicated keys: the last occurrence wins, as with encoding/json.
		`{"bids":[["1","1"]],"asks":[["2","1"]],"bids":[["0.5","3"]]}`, `{"bids":[["1","1"]],"bids":null}`,
		`{"asks":[],"asks":[["2","1"],["3","1"]],"b\u0069ds":[["1","1"]],"bids":[]}`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzScanner feeds arbitrary bytes to the Scanner through every venue's
// decoder and a generic walk. It must never panic or hang, and it must accept
// exactly the documents encoding/json accepts (bar nesting beyond MaxDepth).
func FuzzScanner(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		valid := json.Valid(data)
		var s book.Scanner
		s.Reset(data)
		walk(&s)
		err := s.Finish()
		switch {
		case err == nil && !valid:
			t.Fatalf("accepted invalid JSON %q", data)
		case err != nil && !errors.Is(err, swapscout.ErrBadResponse):
			t.Fatalf("error %v does not wrap ErrBadResponse", err)
		case err != nil && valid && nesting(data) <= book.MaxDepth:
			t.Fatalf("rejected valid JSON %q: %v", data, err)
		}
		for venue := range venues {
			b, err := decode(t, venue, data)
			if err != nil {
				if !errors.Is(err, swapscout.ErrBadResponse) {
					t.Fatalf("%s: error %v does not wrap ErrBadResponse", venue, err)
				}
				continue
			}
			if !valid {
				t.Fatalf("%s: accepted invalid JSON %q", venue, data)
			}
			if b.Normalize() == nil {
				one := swapscout.AmountFromInt(1)
				b.Sell(one)
				b.Buy(one)
				b.SellFor(one)
				b.BuyExact(one)
			}
		}
	})
}

// walk reads any value with the Scanner's typed readers.
func walk(s *book.Scanner) {
	switch s.Kind() {
	case book.Object:
		s.EnterObject()
		for _, ok := s.NextKey(); ok; _, ok = s.NextKey() {
			walk(s)
		}
	case book.Array:
		s.EnterArray()
		for s.NextElem() {
			walk(s)
		}
	case book.String:
		s.String()
	case book.Bool:
		s.Bool()
	default: // numbers (which need not fit an Amount), null, and errors
		s.Skip()
	}
}

// nesting returns how deeply arrays and objects nest in valid JSON.
func nesting(data []byte) int {
	depth, max, inString := 0, 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			max = maxInt(max, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return max
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// FuzzDepthDifferential checks the Binance-shaped decode against
// encoding/json: whenever encoding/json decodes the input as a depth with
// string levels ([][]string under "bids" and "asks", every occurrence), our
// decode must agree exactly, level for level (both sides parse the strings
// with swapscout.ParseWireAmount), or fail where a level is invalid. A key
// given twice is resolved by encoding/json itself (the last wins), so the
// Scanner's rule for duplicates is checked, not restated.
func FuzzDepthDifferential(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr, ok := stdDepth(data)
		if !ok {
			return
		}
		got, err := decode(t, "binance", data)
		if err == book.ErrNoBook {
			err = nil // an object without sides: an empty book to encoding/json
		}
		if wantErr {
			if err == nil {
				t.Fatalf("accepted %q, which has an invalid level", data)
			}
			return
		}
		if err != nil {
			t.Fatalf("rejected %q: %v", data, err)
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("decode(%q) differs from encoding/json's (-std +ours):\n%s", data, diff)
		}
	})
}

// stdDepth decodes a Binance-shaped depth with encoding/json. ok is false
// when encoding/json rejects the input as such a depth; invalid is true when
// it decodes but a level of any occurrence of a side fails our rules (two
// elements at least, parseable amounts, price above zero, quantity not
// negative): a bad level is malformed even where a later duplicate replaces
// it. Which occurrence of a duplicated key counts is encoding/json's choice:
// decoding into a map, the last wins.
func stdDepth(data []byte) (b book.Book, invalid, ok bool) {
	if !json.Valid(data) || nesting(data) > book.MaxDepth {
		return b, false, false
	}
	var doc map[string]json.RawMessage
	if json.Unmarshal(data, &doc) != nil {
		return b, false, false
	}
	// Every occurrence of a side must be [][]string with valid levels.
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return b, false, false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return b, false, false
		}
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return b, false, false
		}
		if key, _ := tok.(string); key == "bids" || key == "asks" {
			_, bad, ok := stdLevels(raw)
			if !ok {
				return b, false, false
			}
			invalid = invalid || bad
		}
	}
	for _, side := range []struct {
		key string
		dst *[]book.Level
	}{{"bids", &b.Bids}, {"asks", &b.Asks}} {
		if raw, found := doc[side.key]; found {
			*side.dst, _, _ = stdLevels(raw)
		}
	}
	return b, invalid, true
}

// stdLevels decodes one side with encoding/json: ok false when it is not
// [][]string (null is an empty side), bad when a level fails our rules.
func stdLevels(raw json.RawMessage) (levels []book.Level, bad, ok bool) {
	var rows [][]string
	if json.Unmarshal(raw, &rows) != nil {
		return nil, false, false
	}
	levels = []book.Level{}
	for _, l := range rows {
		if len(l) < 2 {
			return levels, true, true
		}
		p, perr := swapscout.ParseWireAmount([]byte(l[0]))
		q, qerr := swapscout.ParseWireAmount([]byte(l[1]))
		if perr != nil || qerr != nil || p.Sign() <= 0 || q.Sign() < 0 {
			return levels, true, true
		}
		levels = append(levels, book.Level{Price: p, Qty: q})
	}
	return levels, false, true
}
