package swapscout

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// BinaryOrder is exact where float64 is not: amounts a hair below a power
// of two (more digits than a float64 carries) stay below it.
func TestAmountBinaryOrder(t *testing.T) {
	for _, tc := range []struct {
		amount string
		want   int
	}{
		{"1", 0}, {"1.5", 0}, {"1.99999999999999999999", 0}, {"2", 1}, {"3", 1}, {"4", 2}, {"2.000", 1},
		{"0.5", -1}, {"0.75", -1}, {"0.99999999999999999999", -1}, {"0.25", -2},
		{"18446744073709551615", 63}, {"18446744073709551616", 64},
		{"0.000000000000000000000000000001", -100},                                           // 1e-30: log2 is -99.66
		{"0.000000000000000000000000000808", -90}, {"0.000000000000000000000000000807", -91}, // 2^-90 ≈ 8.0779e-28
		{"340282366920938463463374607431768211455", 127}, // 2^128-1
		{"170141183460469231731687303715884105728", 127}, // 2^127
		{"170141183460469231731687303715884105727", 126},
	} {
		got, ok := MustAmount(tc.amount).BinaryOrder()
		if !ok || got != tc.want {
			t.Errorf("BinaryOrder(%s) = %d, %v; want %d", tc.amount, got, ok, tc.want)
		}
	}
	for _, a := range []Amount{MustAmount("0"), MustAmount("-1"), MustAmount("0.000"), {flags: flagBad}} {
		if e, ok := a.BinaryOrder(); ok {
			t.Errorf("BinaryOrder(%s) = %d, true; want false", a, e)
		}
	}
}

// BinaryOrder agrees with exact rational arithmetic on random coefficients
// and scales, and at the powers of two and their neighbours.
func TestAmountBinaryOrderProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 1))
	check := func(a Amount) {
		t.Helper()
		got, ok := a.BinaryOrder()
		x, _ := new(big.Rat).SetString(a.String())
		// want: the e with 2^e <= x < 2^(e+1), by stepping from the bit lengths.
		want := x.Num().BitLen() - x.Denom().BitLen()
		pow := func(e int) *big.Rat {
			if e >= 0 {
				return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
			}
			return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
		}
		for x.Cmp(pow(want)) < 0 {
			want--
		}
		for x.Cmp(pow(want+1)) >= 0 {
			want++
		}
		if !ok || got != want {
			t.Errorf("BinaryOrder(%s) = %d, %v; want %d", a, got, ok, want)
		}
	}
	for range 2000 {
		hi, lo := r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64)
		if r.IntN(2) == 0 {
			hi = 0
		}
		if hi|lo == 0 {
			lo = 1
		}
		check(mkAmount(hi, lo, r.IntN(MaxScale+1), false))
	}
	for k := range 128 {
		hi, lo := shl128(0, 1, uint(k))
		below, b := bits.Sub64(lo, 1, 0)
		above, c := bits.Add64(lo, 1, 0)
		for _, s := range []int{0, 7, MaxScale} {
			check(mkAmount(hi, lo, s, false))
			if k > 0 {
				check(mkAmount(hi-b, below, s, false))
			}
			check(mkAmount(hi+c, above, s, false))
		}
	}
}
