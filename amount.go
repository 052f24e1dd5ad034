package swapscout

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Amount is an exact decimal number:
//
//	value = (-1)^neg × coef × 10^(-scale)
//
// where coef is a 128-bit unsigned integer (up to 38 full decimal digits, some
// 39-digit values) and scale is the number of fractional digits, 0..MaxScale.
// The zero value is 0 and an Amount is a small value type (24 bytes, no
// pointers), so it can be copied, stored in maps and compared without
// allocation.
//
// The scale is kept as written or as produced (1.50 has scale 2), so Amount is
// comparable with == but two equal numbers may differ in representation: use
// Equal or Cmp, which are numeric (go-cmp picks Equal up automatically).
// String is canonical (no exponent, trailing fractional zeros trimmed).
//
// Arithmetic is exact whenever the exact result fits: Add, Sub and Mul round
// half-even only when the exact result has more than MaxScale fractional
// digits or its coefficient would not fit in 128 bits, and then they drop as
// few fractional digits as possible. Quo and Round round to a requested scale
// with an explicit RoundingMode.
//
// An Amount can be invalid, like a floating-point NaN: a result whose integer
// part cannot be held (overflow), a division by zero, or an out-of-range scale
// argument. Invalid values propagate through all arithmetic, Valid reports
// them, String prints "NaN", and the marshalers refuse them. No method panics
// on any input; only MustAmount panics, by design.
type Amount struct {
	hi, lo uint64 // coefficient
	scale  uint8  // fractional digits, 0..MaxScale
	// flags holds the sign (flagNeg, never set for zero) and invalidity
	// (flagBad, NaN-like). One byte instead of two bools keeps Amount at four
	// fields, which the compiler passes in registers: parsing order books
	// builds hundreds of them.
	flags uint8
}

const (
	flagNeg uint8 = 1 << iota
	flagBad
)

func (a Amount) isNeg() bool { return a.flags&flagNeg != 0 }
func (a Amount) isBad() bool { return a.flags&flagBad != 0 }

// MaxScale is the largest number of fractional digits an Amount holds.
const MaxScale = 30

// RoundingMode says how Quo and Round discard digits.
type RoundingMode uint8

// Rounding modes. They are symmetric around zero.
const (
	RoundDown     RoundingMode = iota // toward zero (truncate)
	RoundUp                           // away from zero
	RoundHalfEven                     // to nearest, ties to even (banker's rounding)
)

// Parse errors. Errors returned by the parsers wrap one of these, so test
// them with errors.Is.
var (
	ErrAmountSyntax    = errors.New("amount: invalid syntax")
	ErrAmountRange     = errors.New("amount: out of range")
	ErrAmountPrecision = errors.New("amount: too many fractional digits")
)

// errAmountInvalid is returned when marshaling an invalid Amount.
var errAmountInvalid = errors.New("amount: invalid value (NaN)")

// maxAmountExponent bounds the exponent accepted by the parsers, so that
// hostile inputs such as "1e1000000000" cost nothing.
const maxAmountExponent = 100

var invalidAmount = Amount{flags: flagBad}

// pow10u64[i] = 10^i.
var pow10u64 = [20]uint64{
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// pow10u128[i] = 10^i as {hi, lo}, for i in 0..38 (10^38 < 2^128 < 10^39).
var pow10u128 = func() (t [39][2]uint64) {
	t[0][1] = 1
	for i := 1; i < len(t); i++ {
		h, l := bits.Mul64(t[i-1][1], 10)
		t[i] = [2]uint64{t[i-1][0]*10 + h, l}
	}
	return t
}()

// pow10f64 holds the powers of ten that are exact in a float64.
var pow10f64 = [23]float64{
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
}

// mkAmount builds a valid Amount, keeping the invariant that zero is never
// negative.
func mkAmount(hi, lo uint64, scale int, neg bool) Amount {
	var f uint8
	if neg && hi|lo != 0 {
		f = flagNeg
	}
	return Amount{hi: hi, lo: lo, scale: uint8(scale), flags: f}
}

// ---- construction ----------------------------------------------------------

// ParseAmount parses a decimal written as [+-]digits[.digits][(e|E)[+-]digits],
// for user input: it is strict. There must be digits on both sides of a '.',
// and there is no room for spaces, underscores, hex, NaN or Inf. Exponents
// beyond ±100 are ErrAmountRange. Trailing fractional zeros count only if they
// fit (the written scale is kept when possible); more than MaxScale
// significant fractional digits is ErrAmountPrecision, and a coefficient that
// cannot be held in 128 bits is ErrAmountRange. It does not allocate unless it
// fails.
func ParseAmount(s string) (Amount, error) { return parseAmount(s, false) }

// ParseAmountBytes is ParseAmount for a byte slice; it does not allocate unless
// it fails.
func ParseAmountBytes(b []byte) (Amount, error) { return parseAmount(b, false) }

// ParseWireAmount parses venue data: the grammar of ParseAmount, but an amount
// with more than MaxScale fractional digits, or too many digits to fit 128
// bits, is rounded half-even to the largest scale at which it fits instead of
// being rejected. Only an integer part that cannot be held is ErrAmountRange.
// The caller strips any JSON quotes.
func ParseWireAmount(b []byte) (Amount, error) { return parseAmount(b, true) }

// MustAmount is ParseAmount that panics on error, for tests and constant
// tables.
func MustAmount(s string) Amount {
	a, err := ParseAmount(s)
	if err != nil {
		panic(err)
	}
	return a
}

// AmountFromInt returns v as an Amount with scale 0.
func AmountFromInt(v int64) Amount { return NewAmount(v, 0) }

// NewAmount returns coef × 10^-scale. A scale outside 0..MaxScale gives an
// invalid Amount.
func NewAmount(coef int64, scale int) Amount {
	if scale < 0 || scale > MaxScale {
		return invalidAmount
	}
	u := uint64(coef)
	if coef < 0 {
		u = -u
	}
	return mkAmount(0, u, scale, coef < 0)
}

// AmountFromFloat converts f through its shortest decimal representation
// (strconv 'g', -1), rounding half-even to MaxScale digits. It is meant for
// the simulator only: float64 values are seldom the amounts people meant.
// NaN, ±Inf and magnitudes of 2^128 and more are ErrAmountRange.
func AmountFromFloat(f float64) (Amount, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return invalidAmount, fmt.Errorf("%w: %v", ErrAmountRange, f)
	}
	if math.Abs(f) < 5e-31 { // rounds to zero at MaxScale; avoids huge exponents
		return Amount{}, nil
	}
	var buf [32]byte
	return parseAmount(strconv.AppendFloat(buf[:0], f, 'g', -1, 64), true)
}

type amountText interface{ ~string | ~[]byte }

func amountError[T amountText](err error, s T) error {
	in := string(s)
	if len(in) > 40 {
		in = in[:40] + "..."
	}
	return fmt.Errorf("%w: %q", err, in)
}

func isDigit(c byte) bool { return c-'0' < 10 }

// parseAmount implements the parsers. After validation the significant digits
// are D = seg1 ‖ seg2 (leading zeros removed; seg1 from the integer part,
// seg2 from the fraction) and the value is D × 10^-(fracLen-exp).
func parseAmount[T amountText](s T, lenient bool) (Amount, error) {
	n := len(s)
	i := 0
	neg := false
	if i < n && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	// The digits are accumulated in v while they are validated. Without an
	// exponent, up to 19 digits are done in this pass and up to 38 in a
	// second; the rest take the general path below.
	var v uint64
	intStart := i
	for ; i < n && isDigit(s[i]); i++ {
		v = v*10 + uint64(s[i]-'0')
	}
	intEnd := i
	if intEnd == intStart {
		return Amount{}, amountError(ErrAmountSyntax, s)
	}
	fracStart, fracEnd := i, i
	if i < n && s[i] == '.' {
		i++
		fracStart = i
		for ; i < n && isDigit(s[i]); i++ {
			v = v*10 + uint64(s[i]-'0')
		}
		fracEnd = i
		if fracEnd == fracStart {
			return Amount{}, amountError(ErrAmountSyntax, s)
		}
	}
	fracLen := fracEnd - fracStart
	if i == n && fracLen <= MaxScale {
		if nd := intEnd - intStart + fracLen; nd <= 19 {
			return mkAmount(0, v, fracLen, neg), nil
		} else if nd <= 38 { // < 10^38 always fits
			hi, lo, _ := accDigits(s[intStart:intEnd], s[fracStart:fracEnd], nd)
			return mkAmount(hi, lo, fracLen, neg), nil
		}
	}
	exp := 0
	if i < n && s[i]|0x20 == 'e' {
		i++
		eneg := false
		if i < n && (s[i] == '-' || s[i] == '+') {
			eneg = s[i] == '-'
			i++
		}
		expStart := i
		for i < n && isDigit(s[i]) {
			if exp <= maxAmountExponent {
				exp = exp*10 + int(s[i]-'0')
			}
			i++
		}
		if i == expStart {
			return Amount{}, amountError(ErrAmountSyntax, s)
		}
		if exp > maxAmountExponent {
			if i != n {
				return Amount{}, amountError(ErrAmountSyntax, s)
			}
			return Amount{}, amountError(ErrAmountRange, s)
		}
		if eneg {
			exp = -exp
		}
	}
	if i != n {
		return Amount{}, amountError(ErrAmountSyntax, s)
	}

	a := intStart
	for a < intEnd && s[a] == '0' {
		a++
	}
	b := fracStart
	if a == intEnd {
		for b < fracEnd && s[b] == '0' {
			b++
		}
	}
	a2, err := parseDigits(s[a:intEnd], s[b:fracEnd], fracLen-exp, neg, lenient)
	if err != nil {
		return Amount{}, amountError(err, s)
	}
	return a2, nil
}

// parseDigits builds the Amount D × 10^-scale0 where D = seg1 ‖ seg2 has no
// leading zeros.
func parseDigits[T amountText](seg1, seg2 T, scale0 int, neg, lenient bool) (Amount, error) {
	nd := len(seg1) + len(seg2)
	if nd == 0 {
		return Amount{scale: uint8(min(max(scale0, 0), MaxScale))}, nil
	}
	tz := 0 // trailing zeros of D
	for tz < nd && digitAt(seg1, seg2, nd-1-tz) == '0' {
		tz++
	}
	sig := nd - tz   // significant digits, ≥ 1 since D ≠ 0
	m := scale0 - tz // scale of the minimal exact representation D[:sig] × 10^-m
	if m <= MaxScale {
		t := min(max(scale0, 0), MaxScale) // preferred scale: as written
		if sig+t-m > 38 {
			t = max(m, 0) // drop trailing zeros to make room
		}
		if sig+t-m <= 39 {
			hi, lo, ok := accDigits(seg1, seg2, sig)
			if ok {
				hi, lo, ok = mulPow10(hi, lo, t-m)
			}
			if ok {
				return mkAmount(hi, lo, t, neg), nil
			}
		}
		if !lenient {
			return Amount{}, ErrAmountRange
		}
	} else if !lenient {
		return Amount{}, ErrAmountPrecision
	}
	// Lenient: keep the first sig-k digits and round half-even on the rest,
	// with k as small as possible.
	for k := max(1, m-MaxScale, sig-39); m-k >= 0; k++ {
		keep := sig - k
		if keep < 0 { // far below the last place: rounds to zero
			return Amount{scale: uint8(m - k)}, nil
		}
		hi, lo, ok := accDigits(seg1, seg2, keep)
		d0 := digitAt(seg1, seg2, keep)
		// D[sig-1] ≠ 0, so when k > 1 the digits after d0 are not all zero.
		if ok && (d0 > '5' || d0 == '5' && (k > 1 || lo&1 == 1)) {
			var c uint64
			lo, c = bits.Add64(lo, 1, 0)
			hi, c = bits.Add64(hi, 0, c)
			ok = c == 0
		}
		if ok {
			return mkAmount(hi, lo, m-k, neg), nil
		}
	}
	return Amount{}, ErrAmountRange
}

func digitAt[T amountText](seg1, seg2 T, i int) byte {
	if i < len(seg1) {
		return seg1[i]
	}
	return seg2[i-len(seg1)]
}

// accDigits returns the first n (≤ 39) digits of seg1 ‖ seg2 as a 128-bit
// integer; ok is false on overflow.
func accDigits[T amountText](seg1, seg2 T, n int) (hi, lo uint64, ok bool) {
	n1 := min(n, len(seg1))
	hi, lo, ok = accSeg(0, 0, seg1[:n1])
	if ok && n > n1 {
		hi, lo, ok = accSeg(hi, lo, seg2[:n-n1])
	}
	return hi, lo, ok
}

func accSeg[T amountText](hi, lo uint64, s T) (uint64, uint64, bool) {
	ok := true
	for i := 0; i < len(s) && ok; {
		n := min(19, len(s)-i)
		var v uint64
		for j := i; j < i+n; j++ {
			v = v*10 + uint64(s[j]-'0')
		}
		hi, lo, ok = mulAdd64(hi, lo, pow10u64[n], v)
		i += n
	}
	return hi, lo, ok
}

// ---- 128/256-bit helpers ---------------------------------------------------

// mulAdd64 returns (hi,lo)×m + a and whether it fits in 128 bits.
func mulAdd64(hi, lo, m, a uint64) (uint64, uint64, bool) {
	h1, l1 := bits.Mul64(lo, m)
	h2, l2 := bits.Mul64(hi, m)
	l1, c := bits.Add64(l1, a, 0)
	h1, c = bits.Add64(h1, l2, c)
	return h1, l1, h2 == 0 && c == 0
}

// mulPow10 returns (hi,lo)×10^k, 0 ≤ k ≤ 38, and whether it fits in 128 bits.
func mulPow10(hi, lo uint64, k int) (uint64, uint64, bool) {
	if k > 19 {
		var ok bool
		if hi, lo, ok = mulAdd64(hi, lo, pow10u64[19], 0); !ok {
			return 0, 0, false
		}
		k -= 19
	}
	return mulAdd64(hi, lo, pow10u64[k], 0)
}

// u256 is a 256-bit unsigned integer, least significant word first.
type u256 [4]uint64

// mul128 returns the full product (ah,al)×(bh,bl).
func mul128(ah, al, bh, bl uint64) (z u256) {
	h00, l00 := bits.Mul64(al, bl)
	h01, l01 := bits.Mul64(al, bh)
	h10, l10 := bits.Mul64(ah, bl)
	h11, l11 := bits.Mul64(ah, bh)
	var c1, c2 uint64
	z[0] = l00
	z[1], c1 = bits.Add64(h00, l01, 0)
	z[1], c2 = bits.Add64(z[1], l10, 0)
	k1 := c1 + c2
	z[2], c1 = bits.Add64(h01, h10, 0)
	z[2], c2 = bits.Add64(z[2], l11, 0)
	k2 := c1 + c2
	z[2], c1 = bits.Add64(z[2], k1, 0)
	z[3] = h11 + k2 + c1
	return z
}

func (x *u256) add(y *u256) {
	var c uint64
	x[0], c = bits.Add64(x[0], y[0], 0)
	x[1], c = bits.Add64(x[1], y[1], c)
	x[2], c = bits.Add64(x[2], y[2], c)
	x[3], _ = bits.Add64(x[3], y[3], c)
}

// sub sets x = x - y, or y - x when y > x, and reports whether it swapped.
func (x *u256) sub(y *u256) (swapped bool) {
	var z u256
	var c uint64
	z[0], c = bits.Sub64(x[0], y[0], 0)
	z[1], c = bits.Sub64(x[1], y[1], c)
	z[2], c = bits.Sub64(x[2], y[2], c)
	z[3], c = bits.Sub64(x[3], y[3], c)
	if c != 0 {
		var b uint64
		z[0], b = bits.Sub64(0, z[0], 0)
		z[1], b = bits.Sub64(0, z[1], b)
		z[2], b = bits.Sub64(0, z[2], b)
		z[3], _ = bits.Sub64(0, z[3], b)
	}
	*x = z
	return c != 0
}

// divmod64 sets x = x / d and returns the remainder.
func (x *u256) divmod64(d uint64) (r uint64) {
	for i := 3; i >= 0; i-- {
		if r == 0 && x[i] < d {
			r, x[i] = x[i], 0
		} else {
			x[i], r = bits.Div64(r, x[i], d)
		}
	}
	return r
}

func (x *u256) bitLen() int {
	for i := 3; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

// roundUp reports whether a truncated quotient q (odd: its parity) must be
// incremented, given the last remainder r of a division by d and whether any
// earlier, less significant division left a remainder (sticky).
func roundUp(mode RoundingMode, odd bool, r, d uint64, sticky bool) bool {
	switch mode {
	case RoundUp:
		return r != 0 || sticky
	case RoundHalfEven:
		if h := d - r; r != h {
			return r > h
		}
		return sticky || odd
	}
	return false
}

// fit256 returns x × 10^-scale rounded with mode to the largest scale
// s ≤ scale-drop whose coefficient fits 128 bits, or invalid if even s = 0
// does not fit.
func fit256(x u256, scale, drop int, mode RoundingMode, neg bool) Amount {
	for k := drop; k <= scale; {
		q := x
		up := false
		if k > 0 {
			sticky := false
			rem := k
			for ; rem > 19; rem -= 19 {
				sticky = q.divmod64(pow10u64[19]) != 0 || sticky
			}
			r := q.divmod64(pow10u64[rem])
			up = roundUp(mode, q[0]&1 == 1, r, pow10u64[rem], sticky)
		}
		if q[2]|q[3] == 0 {
			lo, c := bits.Add64(q[0], b2u(up), 0)
			hi, c := bits.Add64(q[1], 0, c)
			if c == 0 {
				return mkAmount(hi, lo, scale-k, neg)
			}
			k++ // rounded up to 2^128
			continue
		}
		// At least (bitLen-129)·log10(2) more digits must go; 0.3 never
		// overshoots the smallest k that fits.
		k += max(1, (q.bitLen()-129)*3/10)
	}
	return invalidAmount
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// ---- arithmetic ------------------------------------------------------------

// Add returns a + b, exact unless it needs more than 128 bits (see Amount).
// The scale of the result is the larger of the two scales.
func (a Amount) Add(b Amount) Amount { return addAmounts(a, b, b.isNeg()) }

// Sub returns a - b, exact unless it needs more than 128 bits (see Amount).
func (a Amount) Sub(b Amount) Amount { return addAmounts(a, b, !b.isNeg()) }

// addAmounts returns a + (-1)^bneg × |b|.
func addAmounts(a, b Amount, bneg bool) Amount {
	if a.isBad() || b.isBad() {
		return invalidAmount
	}
	ah, al, bh, bl := a.hi, a.lo, b.hi, b.lo
	s := a.scale
	ok := true
	if a.scale < b.scale {
		s = b.scale
		ah, al, ok = mulPow10(ah, al, int(b.scale-a.scale))
	} else if a.scale > b.scale {
		bh, bl, ok = mulPow10(bh, bl, int(a.scale-b.scale))
	}
	if ok {
		var c uint64
		if a.isNeg() == bneg {
			al, c = bits.Add64(al, bl, 0)
			ah, c = bits.Add64(ah, bh, c)
			if c == 0 {
				return mkAmount(ah, al, int(s), bneg)
			}
		} else {
			al, c = bits.Sub64(al, bl, 0)
			ah, c = bits.Sub64(ah, bh, c)
			if c == 0 {
				return mkAmount(ah, al, int(s), a.isNeg())
			}
			al, c = bits.Sub64(0, al, 0)
			ah, _ = bits.Sub64(0, ah, c)
			return mkAmount(ah, al, int(s), bneg)
		}
	}
	// Wide case: align both in 256 bits, then round to fit.
	pa, pb := pow10u128[s-a.scale], pow10u128[s-b.scale]
	x := mul128(a.hi, a.lo, pa[0], pa[1])
	y := mul128(b.hi, b.lo, pb[0], pb[1])
	neg := a.isNeg()
	if a.isNeg() == bneg {
		x.add(&y)
	} else if x.sub(&y) {
		neg = bneg
	}
	return fit256(x, int(s), 0, RoundHalfEven, neg)
}

// Mul returns a × b. The product is exact when it fits; otherwise it is
// rounded half-even to MaxScale fractional digits, or to fewer if the
// coefficient would not fit 128 bits. If the integer part cannot fit, the
// result is invalid.
func (a Amount) Mul(b Amount) Amount {
	if a.isBad() || b.isBad() {
		return invalidAmount
	}
	scale := int(a.scale) + int(b.scale)
	neg := a.isNeg() != b.isNeg()
	if a.hi|b.hi == 0 {
		hi, lo := bits.Mul64(a.lo, b.lo)
		if scale <= MaxScale {
			return mkAmount(hi, lo, scale, neg)
		}
		return fit256(u256{lo, hi}, scale, scale-MaxScale, RoundHalfEven, neg)
	}
	x := mul128(a.hi, a.lo, b.hi, b.lo)
	if scale <= MaxScale && x[2]|x[3] == 0 {
		return mkAmount(x[1], x[0], scale, neg)
	}
	return fit256(x, scale, max(scale-MaxScale, 0), RoundHalfEven, neg)
}

// Quo returns a / b rounded with mode to scale fractional digits (0..MaxScale);
// the result has exactly that scale, unless its coefficient would not fit 128
// bits, in which case it is rounded (same mode) to fewer digits. b == 0, a
// scale out of range or an unknown mode give an invalid Amount.
func (a Amount) Quo(b Amount, scale int, mode RoundingMode) Amount {
	if a.isBad() || b.isBad() || b.hi|b.lo == 0 || scale < 0 || scale > MaxScale || mode > RoundHalfEven {
		return invalidAmount
	}
	neg := a.isNeg() != b.isNeg()
	if a.hi|a.lo == 0 {
		return Amount{scale: uint8(scale)}
	}
	// |a|/|b| × 10^scale = a.coef × 10^e / b.coef
	e := scale - int(a.scale) + int(b.scale)
	if b.hi == 0 {
		d := b.lo
		var x u256
		ok := true
		switch {
		case e >= 0 && e <= 38:
			x = mul128(a.hi, a.lo, pow10u128[e][0], pow10u128[e][1])
		case e < 0 && e >= -19:
			x = u256{a.lo, a.hi}
			var h uint64
			h, d = bits.Mul64(d, pow10u64[-e])
			ok = h == 0
		default:
			ok = false
		}
		if ok {
			r := x.divmod64(d)
			if x[2]|x[3] == 0 {
				lo, c := bits.Add64(x[0], b2u(roundUp(mode, x[0]&1 == 1, r, d, false)), 0)
				hi, c := bits.Add64(x[1], 0, c)
				if c == 0 {
					return mkAmount(hi, lo, scale, neg)
				}
			}
		}
	}
	return quoBig(a, b, scale, e, mode, neg)
}

// quoBig is the general case of Quo, with math/big.
func quoBig(a, b Amount, scale, e int, mode RoundingMode, neg bool) Amount {
	num, den := bigFromU128(a.hi, a.lo), bigFromU128(b.hi, b.lo)
	if e >= 0 {
		num.Mul(num, bigPow10(e))
	} else {
		den.Mul(den, bigPow10(-e))
	}
	q, r, h := new(big.Int), new(big.Int), new(big.Int)
	for {
		q.QuoRem(num, den, r)
		if r.Sign() != 0 {
			up := mode == RoundUp
			if mode == RoundHalfEven {
				c := r.Cmp(h.Sub(den, r))
				up = c > 0 || c == 0 && q.Bit(0) == 1
			}
			if up {
				q.Add(q, big.NewInt(1))
			}
		}
		if q.BitLen() <= 128 {
			var buf [16]byte
			q.FillBytes(buf[:])
			return mkAmount(binary.BigEndian.Uint64(buf[:8]), binary.BigEndian.Uint64(buf[8:]), scale, neg)
		}
		j := max(1, (q.BitLen()-129)*3/10) // as in fit256
		if j > scale {
			return invalidAmount
		}
		den.Mul(den, bigPow10(j))
		scale -= j
	}
}

func bigFromU128(hi, lo uint64) *big.Int {
	var buf [16]byte
	binary.BigEndian.PutUint64(buf[:8], hi)
	binary.BigEndian.PutUint64(buf[8:], lo)
	return new(big.Int).SetBytes(buf[:])
}

func bigPow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// Round returns a rounded with mode to at most scale fractional digits; an
// Amount that already has no more than scale digits is returned unchanged. A
// negative scale or an unknown mode gives an invalid Amount.
func (a Amount) Round(scale int, mode RoundingMode) Amount {
	if a.isBad() || scale < 0 || mode > RoundHalfEven {
		return invalidAmount
	}
	if int(a.scale) <= scale {
		return a
	}
	return fit256(u256{a.lo, a.hi}, int(a.scale), int(a.scale)-scale, mode, a.isNeg())
}

// Ceil returns a rounded toward +∞ to at most scale fractional digits.
//
// It is how a lower bound is written with fewer digits: a venue's minimum
// shown at an asset's precision must never fall below what the venue
// accepts (a node minimum of 33.55663041 TRX is 33.556631 at TRX's six
// decimals, not 33.55663, which the node refuses again). Every adapter that
// converts a minimum between units uses Ceil; maxima use Floor.
func (a Amount) Ceil(scale int) Amount {
	if a.isNeg() {
		return a.Round(scale, RoundDown) // toward zero is toward +∞
	}
	return a.Round(scale, RoundUp)
}

// Floor returns a rounded toward −∞ to at most scale fractional digits: an
// upper bound (a venue's maximum) written with fewer digits is never above
// what the venue accepts. See Ceil.
func (a Amount) Floor(scale int) Amount {
	if a.isNeg() {
		return a.Round(scale, RoundUp)
	}
	return a.Round(scale, RoundDown)
}

// Neg returns -a.
func (a Amount) Neg() Amount {
	if !a.isBad() && a.hi|a.lo != 0 {
		a.flags ^= flagNeg
	}
	return a
}

// Abs returns |a|.
func (a Amount) Abs() Amount {
	a.flags &^= flagNeg
	return a
}

// Cmp compares a and b numerically, ignoring scale (1.50 == 1.5), and returns
// -1, 0 or +1. Invalid Amounts sort below every valid one and equal to each
// other, so Cmp is a total order.
func (a Amount) Cmp(b Amount) int {
	if a.isBad() || b.isBad() {
		return b2i(b.isBad()) - b2i(a.isBad())
	}
	sa, sb := a.Sign(), b.Sign()
	if sa != sb {
		return b2i(sa > sb) - b2i(sa < sb)
	}
	if sa == 0 {
		return 0
	}
	return sa * cmpMag(a, b)
}

func cmpMag(a, b Amount) int {
	ah, al, bh, bl := a.hi, a.lo, b.hi, b.lo
	var ok bool
	if a.scale < b.scale {
		if ah, al, ok = mulPow10(ah, al, int(b.scale-a.scale)); !ok {
			return 1
		}
	} else if a.scale > b.scale {
		if bh, bl, ok = mulPow10(bh, bl, int(a.scale-b.scale)); !ok {
			return -1
		}
	}
	if ah != bh {
		return b2i(ah > bh) - b2i(ah < bh)
	}
	return b2i(al > bl) - b2i(al < bl)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BinaryOrder returns e such that 2^e <= a < 2^(e+1), exactly (a float64
// rounds 0.99999999999999999 up to 1 and loses digits past the 17th), for
// keys that group amounts by order of magnitude. ok is false for an amount
// that is not positive.
func (a Amount) BinaryOrder() (e int, ok bool) {
	if a.isBad() || a.isNeg() || a.hi|a.lo == 0 {
		return 0, false
	}
	// a = c / d with d = 10^scale; both fit in 128 bits. Their bit lengths
	// put c/d in (2^(e-1), 2^(e+1)) for e the difference: the order is e,
	// or e-1 when c/d < 2^e, decided by shifting the shorter one left
	// (which never takes it past the longer one's 128 bits).
	ch, cl := a.hi, a.lo
	dh, dl := pow10u128[a.scale][0], pow10u128[a.scale][1]
	e = bitLen128(ch, cl) - bitLen128(dh, dl)
	if e >= 0 {
		dh, dl = shl128(dh, dl, uint(e))
	} else {
		ch, cl = shl128(ch, cl, uint(-e))
	}
	if ch < dh || (ch == dh && cl < dl) {
		e--
	}
	return e, true
}

func bitLen128(hi, lo uint64) int {
	if hi != 0 {
		return 64 + bits.Len64(hi)
	}
	return bits.Len64(lo)
}

// shl128 is {hi, lo} << n for n < 128; the caller keeps it within 128 bits.
func shl128(hi, lo uint64, n uint) (uint64, uint64) {
	if n >= 64 {
		return lo << (n - 64), 0
	}
	if n == 0 {
		return hi, lo
	}
	return hi<<n | lo>>(64-n), lo << n
}

// Equal reports whether a and b are numerically equal (Cmp(b) == 0); two
// invalid Amounts are equal.
func (a Amount) Equal(b Amount) bool { return a.Cmp(b) == 0 }

// MinAmount returns the smaller of a and b (a when equal); invalid if either is.
func MinAmount(a, b Amount) Amount {
	if a.isBad() || b.isBad() {
		return invalidAmount
	}
	if b.Cmp(a) < 0 {
		return b
	}
	return a
}

// MaxAmount returns the larger of a and b (a when equal); invalid if either is.
func MaxAmount(a, b Amount) Amount {
	if a.isBad() || b.isBad() {
		return invalidAmount
	}
	if b.Cmp(a) > 0 {
		return b
	}
	return a
}

// Sign returns -1, 0 or +1; 0 for an invalid Amount.
func (a Amount) Sign() int {
	switch {
	case a.isBad() || a.hi|a.lo == 0:
		return 0
	case a.isNeg():
		return -1
	}
	return 1
}

// IsZero reports whether a is a valid zero.
func (a Amount) IsZero() bool { return !a.isBad() && a.hi|a.lo == 0 }

// Valid reports whether a is a number (not the result of an overflow, a
// division by zero or a bad argument).
func (a Amount) Valid() bool { return !a.isBad() }

// Scale returns the number of fractional digits held, trailing zeros included
// (0 for an invalid Amount).
func (a Amount) Scale() int { return int(a.scale) }

// ---- formatting and encoding -----------------------------------------------

const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

const zeros30 = "000000000000000000000000000000"

// putU64 writes v in decimal ending at buf[i] and returns the start index.
func putU64(buf []byte, i int, v uint64) int {
	for v >= 100 {
		q := v / 100
		r := (v - q*100) * 2
		i -= 2
		buf[i], buf[i+1] = digitPairs[r], digitPairs[r+1]
		v = q
	}
	if v >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[v*2], digitPairs[v*2+1]
		return i
	}
	i--
	buf[i] = byte('0' + v)
	return i
}

// String returns a in canonical form: no exponent, trailing fractional zeros
// trimmed, "0" for zero, a leading "-" for negatives; "NaN" if invalid.
func (a Amount) String() string {
	var buf [48]byte
	return string(a.Append(buf[:0]))
}

// Append appends a.String() to dst. It does not allocate when dst has room.
func (a Amount) Append(dst []byte) []byte {
	if a.isBad() {
		return append(dst, "NaN"...)
	}
	if a.hi|a.lo == 0 {
		return append(dst, '0')
	}
	var buf [40]byte
	end := len(buf)
	i := end
	hi, lo := a.hi, a.lo
	for hi != 0 { // peel off 19 digits at a time
		var r uint64
		hi, r = hi/1e19, hi%1e19
		lo, r = bits.Div64(r, lo, 1e19)
		j := putU64(buf[:], i, r)
		for j > i-19 {
			j--
			buf[j] = '0'
		}
		i = j
	}
	i = putU64(buf[:], i, lo)
	s := int(a.scale)
	for s > 0 && buf[end-1] == '0' {
		end--
		s--
	}
	digits := buf[i:end]
	if a.isNeg() {
		dst = append(dst, '-')
	}
	if n := len(digits) - s; n > 0 {
		dst = append(dst, digits[:n]...)
		if s > 0 {
			dst = append(dst, '.')
			dst = append(dst, digits[n:]...)
		}
		return dst
	}
	dst = append(dst, "0."...)
	dst = append(dst, zeros30[:s-len(digits)]...)
	return append(dst, digits...)
}

// AppendText implements encoding.TextAppender; it fails for an invalid Amount.
func (a Amount) AppendText(dst []byte) ([]byte, error) {
	if a.isBad() {
		return dst, errAmountInvalid
	}
	return a.Append(dst), nil
}

// MarshalText implements encoding.TextMarshaler; it fails for an invalid
// Amount.
func (a Amount) MarshalText() ([]byte, error) {
	return a.AppendText(make([]byte, 0, 48))
}

// UnmarshalText implements encoding.TextUnmarshaler with the strict grammar of
// ParseAmount. On error a is unchanged.
func (a *Amount) UnmarshalText(b []byte) error {
	v, err := ParseAmountBytes(b)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// MarshalJSON encodes a as a JSON string, "0.1", so that no JSON reader turns
// it into a float; it fails for an invalid Amount.
func (a Amount) MarshalJSON() ([]byte, error) {
	if a.isBad() {
		return nil, errAmountInvalid
	}
	b := append(make([]byte, 0, 50), '"')
	b = a.Append(b)
	return append(b, '"'), nil
}

// UnmarshalJSON accepts what venues send: a JSON string ("1.5") or a JSON
// number (1.5, 1e-8), parsed like ParseWireAmount (extra fractional digits are
// rounded half-even). The literal null leaves a unchanged; an empty string or
// any other JSON value is ErrAmountSyntax. On error a is unchanged.
func (a *Amount) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var in []byte
	switch {
	case len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"':
		in = b[1 : len(b)-1]
	case len(b) > 0 && (b[0] == '-' || isDigit(b[0])):
		in = b
	}
	if len(in) == 0 {
		return amountError(ErrAmountSyntax, b)
	}
	v, err := ParseWireAmount(in)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// Float64 returns the float64 nearest to a (NaN if invalid), for display and
// the simulator only.
func (a Amount) Float64() float64 {
	if a.isBad() {
		return math.NaN()
	}
	if a.hi == 0 && a.lo < 1<<53 && a.scale < uint8(len(pow10f64)) {
		f := float64(a.lo) / pow10f64[a.scale] // both exact: one correct rounding
		if a.isNeg() {
			f = -f
		}
		return f
	}
	var buf [48]byte
	f, _ := strconv.ParseFloat(string(a.Append(buf[:0])), 64)
	return f
}
