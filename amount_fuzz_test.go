package swapscout_test

import (
	"errors"
	"math/big"
	"regexp"
	"strconv"
	"testing"

	"github.com/swapscout/swapscout"
)

// The reference implementation below is deliberately naive: math/big and a
// regular expression, no shortcuts.

var refGrammar = regexp.MustCompile(`^[+-]?([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$`)

var (
	bigTen = big.NewInt(10)
	two128 = new(big.Int).Lsh(big.NewInt(1), 128)
)

func refPow10(n int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }

// refParse returns the exact value of s as coef × 10^-scale (scale may be
// negative), or ErrAmountSyntax / ErrAmountRange (exponent beyond ±100).
func refParse(s string) (coef *big.Int, scale int, err error) {
	m := refGrammar.FindStringSubmatch(s)
	if m == nil {
		return nil, 0, swapscout.ErrAmountSyntax
	}
	exp := 0
	if m[3] != "" {
		e, ok := new(big.Int).SetString(m[3], 10)
		if !ok {
			panic(m[3])
		}
		if e.CmpAbs(big.NewInt(100)) > 0 {
			return nil, 0, swapscout.ErrAmountRange
		}
		exp = int(e.Int64())
	}
	coef, _ = new(big.Int).SetString(m[1]+m[2], 10)
	if s[0] == '-' {
		coef.Neg(coef)
	}
	return coef, len(m[2]) - exp, nil
}

func refRat(coef *big.Int, scale int) *big.Rat {
	if scale >= 0 {
		return new(big.Rat).SetFrac(coef, refPow10(scale))
	}
	return new(big.Rat).SetInt(new(big.Int).Mul(coef, refPow10(-scale)))
}

// ratOf returns the exact value of a valid Amount, read back from its String.
func ratOf(t *testing.T, a swapscout.Amount) *big.Rat {
	c, s, err := refParse(a.String())
	if err != nil {
		t.Fatalf("String() = %q does not parse: %v", a.String(), err)
	}
	return refRat(c, s)
}

// refRound rounds x to an integer with mode.
func refRound(x *big.Rat, mode swapscout.RoundingMode) *big.Int {
	num := new(big.Int).Abs(x.Num())
	q, r := new(big.Int).QuoRem(num, x.Denom(), new(big.Int))
	switch mode {
	case swapscout.RoundUp:
		if r.Sign() != 0 {
			q.Add(q, big.NewInt(1))
		}
	case swapscout.RoundHalfEven:
		c := new(big.Int).Lsh(r, 1).Cmp(x.Denom())
		if c > 0 || c == 0 && q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	if x.Sign() < 0 {
		q.Neg(q)
	}
	return q
}

// refFit is the rule of Amount arithmetic: x rounded with mode at the largest
// scale s ≤ min(start, MaxScale) whose coefficient is below 2^128; ok is false
// when there is none.
func refFit(x *big.Rat, start int, mode swapscout.RoundingMode) (coef *big.Int, s int, ok bool) {
	for s = min(start, swapscout.MaxScale); s >= 0; s-- {
		c := refRound(new(big.Rat).Mul(x, new(big.Rat).SetInt(refPow10(s))), mode)
		if new(big.Int).Abs(c).Cmp(two128) < 0 {
			return c, s, true
		}
	}
	return nil, 0, false
}

// checkFit checks got against refFit(x, start, mode).
func checkFit(t *testing.T, what string, got swapscout.Amount, x *big.Rat, start int, mode swapscout.RoundingMode) {
	t.Helper()
	coef, s, ok := refFit(x, start, mode)
	if !ok {
		if got.Valid() {
			t.Errorf("%s = %v, want invalid (exact %s)", what, got, x.RatString())
		}
		return
	}
	if !got.Valid() || got.Scale() != s || ratOf(t, got).Cmp(refRat(coef, s)) != 0 {
		t.Errorf("%s = %v (scale %d), want %v (scale %d; exact %s)", what, got, got.Scale(), refRat(coef, s).FloatString(s), s, x.RatString())
	}
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{
		"0", "-0", "1", "-1.50", "32085.65000000", "007.0100", "1e-8", "1.5E+3", "-2.5e-3", "1e100", "1e-101",
		"340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
		"34028236692093846346337460743176821145.5", "0.000000000000000000000000000001",
		"0.0000000000000000000000000000001", "0.0000000000000000000000000000015", "0.1000000000000000000000000000000000",
		"12345678901234567890.123456789012345678901234567890", "1.23456789012345678901234567890123456789",
		"", ".5", "5.", "1e", "NaN", "+Inf", "0x1", "1_0", " 1", "1e0000000000000000000000000000005",
		"0.9999999999999999999999999999999", "99999999999999999999999999999999999999.99",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		strict, serr := swapscout.ParseAmount(s)
		strictB, serrB := swapscout.ParseAmountBytes([]byte(s))
		wire, werr := swapscout.ParseWireAmount([]byte(s))
		if strict != strictB || (serr == nil) != (serrB == nil) {
			t.Fatalf("ParseAmount(%q) = %v, %v but ParseAmountBytes = %v, %v", s, strict, serr, strictB, serrB)
		}

		// Round trip.
		for _, a := range []swapscout.Amount{strict, wire} {
			str := a.String()
			b, err := swapscout.ParseAmount(str)
			if err != nil || !b.Equal(a) || b.String() != str || !a.Valid() {
				t.Fatalf("ParseAmount(%q) = %v; String %q parses as %v, %v", s, a, str, b, err)
			}
			if js, err := a.MarshalJSON(); err != nil || string(js) != strconv.Quote(str) {
				t.Fatalf("MarshalJSON(%v) = %s, %v", a, js, err)
			}
			var c swapscout.Amount
			if err := c.UnmarshalJSON([]byte(strconv.Quote(str))); err != nil || c != b {
				t.Fatalf("UnmarshalJSON(%q) = %v, %v, want %v", str, c, err, b)
			}
			if f := a.Float64(); f != a.Float64() {
				t.Fatal("Float64 is NaN")
			}
		}

		// Against the reference.
		coef, scale0, rerr := refParse(s)
		if rerr != nil {
			if !errors.Is(serr, rerr) || !errors.Is(werr, rerr) {
				t.Fatalf("%q: got errors %v / %v, want %v", s, serr, werr, rerr)
			}
			return
		}
		x := refRat(coef, scale0)
		// Minimal exact representation coef × 10^-m.
		m := scale0
		if coef.Sign() == 0 {
			m = min(max(m, 0), swapscout.MaxScale)
		}
		for coef.Sign() != 0 && new(big.Int).Rem(coef, bigTen).Sign() == 0 {
			coef.Quo(coef, bigTen)
			m--
		}
		minCoef := new(big.Int).Abs(coef)
		if m < 0 {
			minCoef.Mul(minCoef, refPow10(-m))
		}
		switch {
		case m > swapscout.MaxScale:
			if !errors.Is(serr, swapscout.ErrAmountPrecision) {
				t.Fatalf("ParseAmount(%q) = %v, %v; want ErrAmountPrecision", s, strict, serr)
			}
		case minCoef.Cmp(two128) >= 0:
			if !errors.Is(serr, swapscout.ErrAmountRange) {
				t.Fatalf("ParseAmount(%q) = %v, %v; want ErrAmountRange", s, strict, serr)
			}
		default:
			if serr != nil || ratOf(t, strict).Cmp(x) != 0 {
				t.Fatalf("ParseAmount(%q) = %v, %v; want %s", s, strict, serr, x.RatString())
			}
			// The scale is the written one, less trailing zeros only when
			// needed to fit.
			if sc := strict.Scale(); sc < max(m, 0) || sc > min(max(scale0, 0), swapscout.MaxScale) {
				t.Fatalf("ParseAmount(%q) has scale %d; minimal %d, written %d", s, sc, m, scale0)
			}
			if wire != strict || werr != nil {
				t.Fatalf("ParseWireAmount(%q) = %v, %v; want %v as ParseAmount", s, wire, werr, strict)
			}
			return
		}
		if serr == nil {
			t.Fatalf("ParseAmount(%q) = %v, want an error", s, strict)
		}
		if werr != nil {
			if !errors.Is(werr, swapscout.ErrAmountRange) {
				t.Fatalf("ParseWireAmount(%q) = %v, %v; want ErrAmountRange", s, wire, werr)
			}
			wire = invalid
		}
		checkFit(t, "ParseWireAmount("+strconv.Quote(s)+")", wire, x, min(m, swapscout.MaxScale), swapscout.RoundHalfEven)
	})
}

// fuzzOperand builds an Amount from fuzz words: the 128-bit coefficient
// (hi‖lo) >> shift, at scale sc mod 31, through its string form.
func fuzzOperand(t *testing.T, hi, lo uint64, shift, sc uint8, neg bool) swapscout.Amount {
	c := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
	c.Or(c, new(big.Int).SetUint64(lo))
	c.Rsh(c, uint(shift%128))
	if neg {
		c.Neg(c)
	}
	s := c.String() + "e-" + strconv.Itoa(int(sc%31))
	a, err := swapscout.ParseAmount(s)
	if err != nil {
		t.Fatalf("ParseAmount(%q): %v", s, err)
	}
	return a
}

func FuzzAmountArith(f *testing.F) {
	f.Add(uint64(0), uint64(15), uint8(0), uint8(1), false, uint64(0), uint64(3), uint8(0), uint8(0), true, uint8(18), uint8(2))
	f.Add(uint64(0), uint64(1), uint8(0), uint8(0), false, uint64(0), uint64(3), uint8(0), uint8(0), false, uint8(18), uint8(0))
	f.Add(^uint64(0), ^uint64(0), uint8(0), uint8(0), false, uint64(0), uint64(1), uint8(0), uint8(0), false, uint8(30), uint8(1))
	f.Add(^uint64(0), ^uint64(0), uint8(0), uint8(30), true, ^uint64(0), ^uint64(0), uint8(0), uint8(30), false, uint8(30), uint8(2))
	f.Add(uint64(1)<<40, uint64(12345), uint8(0), uint8(18), false, uint64(0), uint64(123456789012345678), uint8(0), uint8(21), false, uint8(18), uint8(0))
	f.Add(uint64(0), uint64(1)<<63, uint8(3), uint8(15), false, uint64(99), uint64(7), uint8(60), uint8(16), true, uint8(7), uint8(2))
	f.Add(uint64(5), uint64(0), uint8(0), uint8(0), false, uint64(0), uint64(5), uint8(0), uint8(30), false, uint8(30), uint8(2))
	f.Add(uint64(0), uint64(0), uint8(0), uint8(5), false, uint64(0), uint64(0), uint8(0), uint8(3), true, uint8(31), uint8(3))
	f.Fuzz(func(t *testing.T, ahi, alo uint64, ash, asc uint8, aneg bool, bhi, blo uint64, bsh, bsc uint8, bneg bool, qsc, mode uint8) {
		a := fuzzOperand(t, ahi, alo, ash, asc, aneg)
		b := fuzzOperand(t, bhi, blo, bsh, bsc, bneg)
		ra, rb := ratOf(t, a), ratOf(t, b)
		sa, sb := a.Scale(), b.Scale()
		rm := swapscout.RoundingMode(mode % 4) // 3 is not a mode

		if got, want := a.Cmp(b), ra.Cmp(rb); got != want || b.Cmp(a) != -want || a.Equal(b) != (want == 0) {
			t.Fatalf("%v.Cmp(%v) = %d, want %d", a, b, got, want)
		}
		checkFit(t, a.String()+" + "+b.String(), a.Add(b), new(big.Rat).Add(ra, rb), max(sa, sb), swapscout.RoundHalfEven)
		checkFit(t, a.String()+" - "+b.String(), a.Sub(b), new(big.Rat).Sub(ra, rb), max(sa, sb), swapscout.RoundHalfEven)
		checkFit(t, a.String()+" × "+b.String(), a.Mul(b), new(big.Rat).Mul(ra, rb), sa+sb, swapscout.RoundHalfEven)

		s := int(qsc % 32) // 31 is out of range
		q := a.Quo(b, s, rm)
		if what := a.String() + " / " + b.String() + " @" + strconv.Itoa(s) + "/" + strconv.Itoa(int(rm)); rb.Sign() == 0 || s > swapscout.MaxScale || rm > swapscout.RoundHalfEven {
			if q.Valid() {
				t.Fatalf("%s = %v, want invalid", what, q)
			}
		} else {
			checkFit(t, what, q, new(big.Rat).Quo(ra, rb), s, rm)
		}

		rs := int(qsc%34) - 1
		r := a.Round(rs, rm)
		switch what := a.String() + " round " + strconv.Itoa(rs) + "/" + strconv.Itoa(int(rm)); {
		case rs < 0 || rm > swapscout.RoundHalfEven:
			if r.Valid() {
				t.Fatalf("%s = %v, want invalid", what, r)
			}
		case sa <= rs:
			if r != a {
				t.Fatalf("%s = %v, want unchanged", what, r)
			}
		default:
			checkFit(t, what, r, ra, rs, rm)
		}

		if mn, mx := swapscout.MinAmount(a, b), swapscout.MaxAmount(a, b); mn.Cmp(mx) > 0 || !mn.Equal(a) && !mn.Equal(b) {
			t.Fatalf("Min/Max(%v, %v) = %v, %v", a, b, mn, mx)
		}
		if n := a.Neg(); ratOf(t, n).Cmp(new(big.Rat).Neg(ra)) != 0 || n.Scale() != sa || a.Abs().Sign() < 0 {
			t.Fatalf("Neg/Abs(%v)", a)
		}
	})
}
