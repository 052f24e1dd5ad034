package book

import (
	"fmt"
	"testing"
)

// FuzzQuotedDecimal: whenever the word-at-a-time fast path accepts a quoted
// decimal, the byte-at-a-time loop must read it the same way: same
// coefficient, scale and end. What the fast path declines goes to the loop,
// so it cannot differ.
func FuzzQuotedDecimal(f *testing.F) {
	for _, s := range []string{
		`"97123.45000000"`, `"1.43899000"`, `"0.00002000"`, `"5"`, `"1234567"`, `"12345678"`,
		`"0.1"`, `"1234567.12345678"`, `"1234567.123456789"`, `"12345678.1"`, `".5"`, `"5."`,
		`"1..2"`, `"-1.5"`, `"1.5e3"`, `"1.5 "`, `""`, `"1.2.3"`, `"00.10"`, `"9\u00395"`, `"1.5`,
		`"9.9999999"`, `"99999999"`, `"1.` + "\xba9" + `"`,
	} {
		f.Add(s, []byte(`,"1.0"]],"asks":[]}`))
	}
	f.Fuzz(func(t *testing.T, s string, tail []byte) {
		d := append([]byte(s), tail...)
		if len(d) < 18 || d[0] != '"' {
			return
		}
		c, sc, n, ok := quotedDecimal(d, 0)
		if !ok {
			return
		}
		lc, lsc, ln, lok := parseDecimalLoop(d, 0)
		if got, want := fmt.Sprint(c, sc, n, ok), fmt.Sprint(lc, lsc, ln, lok); got != want {
			t.Fatalf("quotedDecimal(%q) = %s, the loop gives %s", d, got, want)
		}
	})
}

// TestQuotedDecimalCovers: the fast path takes the shapes venues send.
func TestQuotedDecimalCovers(t *testing.T) {
	pad := `,"1"]]}`
	for _, tc := range []struct {
		in    string
		coef  int64
		scale int
	}{
		{`"97123.45000000"`, 9712345000000, 8},
		{`"1.43899000"`, 143899000, 8},
		{`"0.00002000"`, 2000, 8},
		{`"1234567.12345678"`, 123456712345678, 8},
		{`"0.1"`, 1, 1},
		{`"42"`, 42, 0},
		{`"1234567"`, 1234567, 0},
	} {
		d := []byte(tc.in + pad + pad + pad)
		c, sc, n, ok := quotedDecimal(d, 0)
		if !ok || c != tc.coef || sc != tc.scale || n != len(tc.in) {
			t.Errorf("quotedDecimal(%s) = %d, %d, %d, %v; want %d, %d, %d, true", tc.in, c, sc, n, ok, tc.coef, tc.scale, len(tc.in))
		}
	}
	for _, in := range []string{`"-1.5"`, `"12345678.1"`, `"1.123456789"`, `".5"`, `"5."`, `"1e5"`, `"1,5"`, `"1.5\u0030"`} {
		d := []byte(in + pad + pad + pad)
		if _, _, _, ok := quotedDecimal(d, 0); ok {
			t.Errorf("quotedDecimal(%s) accepted it; the loop should decide", in)
		}
	}
}
