package swapscout_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/swapscout/swapscout"
)

type amt = swapscout.Amount

var (
	mustAmount = swapscout.MustAmount
	invalid    = swapscout.MustAmount("1").Quo(swapscout.Amount{}, 0, swapscout.RoundDown)
)

const maxU128 = "340282366920938463463374607431768211455" // 2^128-1

func TestAmountSize(t *testing.T) {
	if n := unsafe.Sizeof(amt{}); n != 24 {
		t.Errorf("Sizeof(Amount) = %d, want 24", n)
	}
	var z amt
	if !z.Valid() || !z.IsZero() || z.String() != "0" || z.Sign() != 0 || z.Scale() != 0 {
		t.Errorf("zero value: %v valid=%v", z, z.Valid())
	}
}

// parseCase: want is String() and scale the Scale(), when err is nil.
type parseCase struct {
	in    string
	want  string
	scale int
	err   error
}

func TestParseAmount(t *testing.T) {
	cases := []parseCase{
		{"0", "0", 0, nil},
		{"-0", "0", 0, nil},
		{"+0.000", "0", 3, nil},
		{"-0.000e-5", "0", 8, nil},
		{"0e-50", "0", 30, nil},
		{"1", "1", 0, nil},
		{"+1.50", "1.5", 2, nil},
		{"-1.50", "-1.5", 2, nil},
		{"32085.65000000", "32085.65", 8, nil},
		{"007.0100", "7.01", 4, nil},
		{"0.000123", "0.000123", 6, nil},
		{"1e-8", "0.00000001", 8, nil},
		{"1E-8", "0.00000001", 8, nil},
		{"1.5E+3", "1500", 0, nil},
		{"1.5e3", "1500", 0, nil},
		{"1.50e1", "15", 1, nil},
		{"-2.5e-3", "-0.0025", 4, nil},
		{"12e-1", "1.2", 1, nil},
		{"1e0000000000000000000000000000005", "100000", 0, nil},
		{"1e-0030", "0.000000000000000000000000000001", 30, nil},
		{"123456789012345678901234567890e-30", "0.12345678901234567890123456789", 30, nil},
		{"9223372036854775807", "9223372036854775807", 0, nil},
		{"18446744073709551615", "18446744073709551615", 0, nil},
		{"18446744073709551616", "18446744073709551616", 0, nil},
		{"12345678901234567890123456789012345678", "12345678901234567890123456789012345678", 0, nil},
		{maxU128, maxU128, 0, nil},
		{"-" + maxU128, "-" + maxU128, 0, nil},
		{"340282366920938463463374607431768211456", "", 0, swapscout.ErrAmountRange},
		{"999999999999999999999999999999999999999", "", 0, swapscout.ErrAmountRange},
		{"34028236692093846346337460743176821145.5", "34028236692093846346337460743176821145.5", 1, nil},
		{"340282366920938463.463374607431768211455", "340282366920938463.463374607431768211455", 21, nil},
		{"0.000000000000000000000000000001", "0.000000000000000000000000000001", 30, nil},
		{"0.0000000000000000000000000000010000", "0.000000000000000000000000000001", 30, nil},
		{"0.1000000000000000000000000000000000", "0.1", 30, nil},
		{"1." + strings.Repeat("0", 42), "1", 30, nil},
		{"12345678901234567890." + strings.Repeat("0", 24), "12345678901234567890", 0, nil},
		{"12345678901234567890.1" + strings.Repeat("0", 24), "12345678901234567890.1", 1, nil},
		{"0.0000000000000000000000000000001", "", 0, swapscout.ErrAmountPrecision},
		{"1.23456789012345678901234567890123456789", "", 0, swapscout.ErrAmountPrecision},
		{"1e-31", "", 0, swapscout.ErrAmountPrecision},
		{"1e38", "100000000000000000000000000000000000000", 0, nil},
		{"1e39", "", 0, swapscout.ErrAmountRange},
		{"1e100", "", 0, swapscout.ErrAmountRange},
		{"1e101", "", 0, swapscout.ErrAmountRange},
		{"0e101", "", 0, swapscout.ErrAmountRange},
		{"1e-101", "", 0, swapscout.ErrAmountRange},
		{"1e99999999999999999999999", "", 0, swapscout.ErrAmountRange},
		{"1e999999999x", "", 0, swapscout.ErrAmountSyntax},
		{"12345678901234567890.12345678901234567891", "", 0, swapscout.ErrAmountRange},
		{"12345678901234567890.12345678901234567890", "12345678901234567890.1234567890123456789", 19, nil},
	}
	for _, bad := range []string{
		"", "-", "+", ".", ".5", "5.", "-.5", "1..2", "1.2.3", "1e", "1e+", "1e-", "e5", "E5",
		" 1", "1 ", "1_000", "1,5", "0x10", "0b1", "NaN", "nan", "Inf", "-Inf", "+inf",
		"--1", "+-1", "1e5.5", "1e1e1", "1.5f", "١", "1\x00", "\"1\"", "1/2",
	} {
		cases = append(cases, parseCase{bad, "", 0, swapscout.ErrAmountSyntax})
	}
	for _, c := range cases {
		for _, parse := range []func(string) (amt, error){
			swapscout.ParseAmount,
			func(s string) (amt, error) { return swapscout.ParseAmountBytes([]byte(s)) },
		} {
			got, err := parse(c.in)
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Errorf("ParseAmount(%q) = %v, %v; want error %v", c.in, got, err, c.err)
				}
				continue
			}
			if err != nil || got.String() != c.want || got.Scale() != c.scale {
				t.Errorf("ParseAmount(%q) = %v (scale %d), %v; want %s (scale %d)", c.in, got, got.Scale(), err, c.want, c.scale)
			}
		}
	}
}

func TestParseWireAmount(t *testing.T) {
	cases := []parseCase{
		{"32085.65000000", "32085.65", 8, nil},
		{"1e-8", "0.00000001", 8, nil},
		{"0.0000000000000000000000000000004", "0", 30, nil},
		{"0.0000000000000000000000000000005", "0", 30, nil}, // tie, 0 is even
		{"0.00000000000000000000000000000051", "0.000000000000000000000000000001", 30, nil},
		{"0.0000000000000000000000000000015", "0.000000000000000000000000000002", 30, nil}, // tie, odd up
		{"0.0000000000000000000000000000025", "0.000000000000000000000000000002", 30, nil}, // tie, even stays
		{"-0.0000000000000000000000000000025000001", "-0.000000000000000000000000000003", 30, nil},
		{"-0.00000000000000000000000000000000001", "0", 30, nil},
		{"1e-40", "0", 30, nil},
		{"9e-31", "0.000000000000000000000000000001", 30, nil},
		{"1.23456789012345678901234567890123456789", "1.234567890123456789012345678901", 30, nil},
		{"0.9999999999999999999999999999999", "1", 30, nil},
		{"12345678901234567890.123456789012345678901234567890", "12345678901234567890.1234567890123456789", 19, nil},
		{"12345678901234567890.12345678901234567890", "12345678901234567890.1234567890123456789", 19, nil},
		{"12345678901234567890.12345678901234567895", "12345678901234567890.123456789012345679", 19, nil},
		{"340282366920938463463374607431768211455.4", maxU128, 0, nil},
		{"340282366920938463463374607431768211455.5", "", 0, swapscout.ErrAmountRange},
		{"340282366920938463463374607431768211456", "", 0, swapscout.ErrAmountRange},
		{"1e39", "", 0, swapscout.ErrAmountRange},
		{"1e-200", "", 0, swapscout.ErrAmountRange},
		{"5.", "", 0, swapscout.ErrAmountSyntax},
		{"\"1\"", "", 0, swapscout.ErrAmountSyntax},
	}
	for _, c := range cases {
		got, err := swapscout.ParseWireAmount([]byte(c.in))
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("ParseWireAmount(%q) = %v, %v; want error %v", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got.String() != c.want || got.Scale() != c.scale {
			t.Errorf("ParseWireAmount(%q) = %v (scale %d), %v; want %s (scale %d)", c.in, got, got.Scale(), err, c.want, c.scale)
		}
	}
}

func TestMustAmountPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustAmount(\"x\") did not panic")
		}
	}()
	mustAmount("x")
}

func TestAmountConstructors(t *testing.T) {
	cases := []struct {
		got  amt
		want string
	}{
		{swapscout.AmountFromInt(0), "0"},
		{swapscout.AmountFromInt(-42), "-42"},
		{swapscout.AmountFromInt(math.MaxInt64), "9223372036854775807"},
		{swapscout.AmountFromInt(math.MinInt64), "-9223372036854775808"},
		{swapscout.NewAmount(-15, 1), "-1.5"},
		{swapscout.NewAmount(1, 30), "0.000000000000000000000000000001"},
		{swapscout.NewAmount(1, 31), "NaN"},
		{swapscout.NewAmount(1, -1), "NaN"},
		{swapscout.NewAmount(0, 5), "0"},
	}
	for i, c := range cases {
		if s := c.got.String(); s != c.want {
			t.Errorf("%d: got %s, want %s", i, s, c.want)
		}
	}
	if a := swapscout.NewAmount(1500, 3); a.Scale() != 3 || a.String() != "1.5" {
		t.Errorf("NewAmount(1500, 3) = %v scale %d", a, a.Scale())
	}
}

func TestAmountFromFloat(t *testing.T) {
	cases := []struct {
		f    float64
		want string
		err  error
	}{
		{0, "0", nil},
		{math.Copysign(0, -1), "0", nil},
		{0.1, "0.1", nil},
		{-2.5, "-2.5", nil},
		{1e-7, "0.0000001", nil},
		{1e20, "100000000000000000000", nil},
		{123456.789, "123456.789", nil},
		{1e-30, "0.000000000000000000000000000001", nil},
		{1.4e-30, "0.000000000000000000000000000001", nil},
		{1e-40, "0", nil},
		{5e-324, "0", nil},
		{1e300, "", swapscout.ErrAmountRange},
		{math.NaN(), "", swapscout.ErrAmountRange},
		{math.Inf(1), "", swapscout.ErrAmountRange},
		{math.Inf(-1), "", swapscout.ErrAmountRange},
	}
	for _, c := range cases {
		got, err := swapscout.AmountFromFloat(c.f)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("AmountFromFloat(%v) = %v, %v; want %v", c.f, got, err, c.err)
			}
			continue
		}
		if err != nil || got.String() != c.want {
			t.Errorf("AmountFromFloat(%v) = %v, %v; want %s", c.f, got, err, c.want)
		}
	}
}

func TestAmountFloat64(t *testing.T) {
	cases := map[string]float64{
		"0": 0, "0.1": 0.1, "-2.5": -2.5, "32085.65000000": 32085.65,
		"123456.123456789012345678":        123456.123456789012345678,
		maxU128:                            3.402823669209385e38,
		"0.000000000000000000000000000001": 1e-30,
	}
	for in, want := range cases {
		if got := mustAmount(in).Float64(); got != want {
			t.Errorf("%s.Float64() = %v, want %v", in, got, want)
		}
	}
	if !math.IsNaN(invalid.Float64()) {
		t.Error("invalid.Float64() is not NaN")
	}
}

func TestAmountString(t *testing.T) {
	cases := []struct {
		a    amt
		want string
	}{
		{mustAmount("1.500"), "1.5"},
		{mustAmount("-0.000"), "0"},
		{mustAmount("100"), "100"},
		{mustAmount("1e2"), "100"},
		{mustAmount("100.00"), "100"},
		{mustAmount("-0.0010"), "-0.001"},
		{mustAmount("18446744073709551616"), "18446744073709551616"},
		{mustAmount("10000000000000000000000000000000000000"), "10000000000000000000000000000000000000"},
		{mustAmount("10000000000000000000.0000000000000000001"), "10000000000000000000.0000000000000000001"},
		{mustAmount("340282366.920938463463374607431768211455"), "340282366.920938463463374607431768211455"},
		{mustAmount("-0.340282366920938463463374607431"), "-0.340282366920938463463374607431"},
		{mustAmount("1").Neg(), "-1"},
		{amt{}.Neg(), "0"},
		{invalid, "NaN"},
	}
	for _, c := range cases {
		if s := c.a.String(); s != c.want {
			t.Errorf("String() = %q, want %q", s, c.want)
		}
		if b := c.a.Append([]byte("x=")); string(b) != "x="+c.want {
			t.Errorf("Append = %q, want %q", b, "x="+c.want)
		}
	}
}

func TestAmountArith(t *testing.T) {
	const rd, ru, he = swapscout.RoundDown, swapscout.RoundUp, swapscout.RoundHalfEven
	add := func(a, b string) amt { return mustAmount(a).Add(mustAmount(b)) }
	sub := func(a, b string) amt { return mustAmount(a).Sub(mustAmount(b)) }
	mul := func(a, b string) amt { return mustAmount(a).Mul(mustAmount(b)) }
	quo := func(a, b string, s int, m swapscout.RoundingMode) amt {
		return mustAmount(a).Quo(mustAmount(b), s, m)
	}
	round := func(a string, s int, m swapscout.RoundingMode) amt { return mustAmount(a).Round(s, m) }
	cases := []struct {
		name  string
		got   amt
		want  string
		scale int // checked when ≥ 0
	}{
		{"add", add("1.5", "2.25"), "3.75", 2},
		{"add scale", add("1.50", "1"), "2.5", 2},
		{"add zero sign", add("-1", "1"), "0", 0},
		{"add 0.1+0.2", add("0.1", "0.2"), "0.3", 1},
		{"add neg", add("-1.5", "-2.5"), "-4", 1},
		{"add mixed", add("-1.5", "2.25"), "0.75", 2},
		{"add mixed 2", add("1.5", "-2.25"), "-0.75", 2},
		{"add overflow", add(maxU128, "1"), "NaN", -1},
		{"add neg overflow", add("-"+maxU128, "-1"), "NaN", -1},
		{"add max", add(maxU128, "-1"), "340282366920938463463374607431768211454", 0},
		{"add wide exact", add("34028236692093846346337460743176821145.5", "0.5"), "34028236692093846346337460743176821146", 0},
		{"add wide round", add("100000000000000000000", "0.000000000000000000000000000001"), "100000000000000000000", 18},
		{"add wide round 2", add("100000000000000000000", "0.0000000000000000005"), "100000000000000000000", 18},
		{"add wide round 3", add("100000000000000000000", "0.0000000000000000015"), "100000000000000000000.000000000000000002", 18},
		{"add wide sub", add("100000000000000000000", "-0.0000000000000000015"), "99999999999999999999.999999999999999998", 18},
		{"add align overflow", add("1", "-0.000000000000000000000000000001").Add(mustAmount(maxU128)), "NaN", -1},
		{"sub", sub("2", "3.5"), "-1.5", 1},
		{"sub zero", sub("1", "1.000"), "0", 3},
		{"sub neg", sub("-1", "-1"), "0", 0},
		{"sub zero b", sub("5", "0"), "5", 0},
		{"sub from zero", sub("0", "5"), "-5", 0},
		{"mul", mul("1.5", "2"), "3", 1},
		{"mul neg", mul("-0.1", "0.1"), "-0.01", 2},
		{"mul neg neg", mul("-3", "-0.5"), "1.5", 1},
		{"mul zero", mul("0", "-5"), "0", 0},
		{"mul round tie odd", mul("0.000000000000001", "0.0000000000000015"), "0.000000000000000000000000000002", 30},
		{"mul round tie even", mul("0.0000000000000025", "0.000000000000001"), "0.000000000000000000000000000002", 30},
		{"mul round tiny", mul("0.000000000000001", "0.0000000000000001"), "0", 30},
		{"mul round neg", mul("-0.000000000000001", "0.0000000000000016"), "-0.000000000000000000000000000002", 30},
		{"mul 2^64 2^64", mul("18446744073709551616", "18446744073709551616"), "NaN", -1},
		{"mul 2^64 2^64-1", mul("18446744073709551616", "18446744073709551615"), "340282366920938463444927863358058659840", 0},
		{"mul 1e20 1e19", mul("100000000000000000000", "10000000000000000000"), "NaN", -1},
		{"mul wide", mul("123456.123456789012345678", "0.000123456789012345678"), "15.2414965858869012620045279683", 30},
		{"mul wide exact", mul("12345678901234567890.5", "2"), "24691357802469135781", 1},
		{"mul wide reduce", mul("1234567890123456789.123456789", "1234567890123456789.123456789"),
			"1524157875323883675323883573784484098.52", 2},
		{"mul max", mul(maxU128, "1"), maxU128, 0},
		{"mul max half", mul(maxU128, "0.5"), "170141183460469231731687303715884105728", 0},
		{"mul max 0.1", mul(maxU128, "0.1"), "34028236692093846346337460743176821145.5", 1},
		{"mul max 0.99", mul(maxU128, "0.99"), "336879543251729078828740861357450529340", 0},
		{"mul max 1.0", mul(maxU128, "1.0"), maxU128, 0},
		{"mul max 1.1", mul(maxU128, "1.1"), "NaN", -1},
		{"mul pipeline", mul("123456.123456789012345678", "0.000123456789012345678").Mul(mustAmount("0.995")).Round(18, rd), "15.165289102957466755", 18},
		{"quo 1/3", quo("1", "3", 18, rd), "0.333333333333333333", 18},
		{"quo 2/3 he", quo("2", "3", 18, he), "0.666666666666666667", 18},
		{"quo 2/3 rd", quo("2", "3", 18, rd), "0.666666666666666666", 18},
		{"quo -2/3 ru", quo("-2", "3", 18, ru), "-0.666666666666666667", 18},
		{"quo -1/3 rd", quo("-1", "3", 18, rd), "-0.333333333333333333", 18},
		{"quo 1/-3 ru", quo("1", "-3", 2, ru), "-0.34", 2},
		{"quo exact", quo("1", "4", 18, rd), "0.25", 18},
		{"quo tie even down", quo("1", "8", 2, he), "0.12", 2},
		{"quo tie even up", quo("3", "8", 2, he), "0.38", 2},
		{"quo tie int", quo("10", "4", 0, he), "2", 0},
		{"quo tie int up", quo("14", "4", 0, he), "4", 0},
		{"quo ru", quo("0.121", "1", 2, ru), "0.13", 2},
		{"quo ru exact", quo("0.12", "1", 2, ru), "0.12", 2},
		{"quo zero", quo("0", "-7", 5, ru), "0", 5},
		{"quo by zero", quo("1", "0", 2, rd), "NaN", -1},
		{"quo by zero 0/0", quo("0", "0.00", 2, rd), "NaN", -1},
		{"quo scale 31", quo("1", "3", 31, rd), "NaN", -1},
		{"quo scale -1", quo("1", "3", -1, rd), "NaN", -1},
		{"quo bad mode", quo("1", "3", 2, swapscout.RoundingMode(9)), "NaN", -1},
		{"quo scaled divisor", quo("1", "0.000000000000000000000000000003", 0, rd), "333333333333333333333333333333", 0},
		{"quo small divisor", quo("1", "0.000000000000000000000000000001", 30, rd), "1000000000000000000000000000000", 8},
		{"quo reduce", quo("100000000000000000000", "1", 30, rd), "100000000000000000000", 18},
		{"quo reduce ru", quo("100000000000000000000", "3", 30, ru), "33333333333333333333.3333333333333333334", 19},
		{"quo overflow", quo("1000000000000000000000000000000", "0.000000001", 10, rd), "NaN", -1},
		{"quo big divisor", quo("1", maxU128, 30, rd), "0", 30},
		{"quo big divisor ru", quo("1", maxU128, 30, ru), "0.000000000000000000000000000001", 30},
		{"quo big both", quo(maxU128, "340282366920938463463374607431768211.455", 3, he), "1000", 3},
		{"quo big both 2", quo(maxU128, "18446744073709551616", 30, he), "18446744073709551615.9999999999999999999", 19},
		{"quo e<-19", quo("1.000000000000000000000000000000", "3", 0, he), "0", 0},
		{"quo e<-19 2", quo("2.000000000000000000000000000000", "3", 0, he), "1", 0},
		{"round he down", round("1.25", 1, he), "1.2", 1},
		{"round he up", round("1.35", 1, he), "1.4", 1},
		{"round he above", round("1.251", 1, he), "1.3", 1},
		{"round ru neg", round("-1.21", 1, ru), "-1.3", 1},
		{"round rd neg", round("-1.29", 1, rd), "-1.2", 1},
		{"round ru exact", round("1.20", 1, ru), "1.2", 1},
		{"round noop", round("1.25", 5, he), "1.25", 2},
		{"round 0.5", round("0.5", 0, he), "0", 0},
		{"round -0.5", round("-0.5", 0, he), "0", 0},
		{"round 1.5", round("1.5", 0, he), "2", 0},
		{"round 2.5", round("2.5", 0, he), "2", 0},
		{"round -2.5 ru", round("-2.5", 0, ru), "-3", 0},
		{"round long", round("0.123456789012345678901234567891", 0, ru), "1", 0},
		{"round long he", round("0.500000000000000000000000000001", 0, he), "1", 0},
		{"round long he 2", round("0.500000000000000000000000000000", 0, he), "0", 0},
		{"round max", round("34028236692093846346337460743176821145.5", 0, ru), "34028236692093846346337460743176821146", 0},
		{"round neg scale", round("1", -1, rd), "NaN", -1},
		{"round bad mode", round("1.5", 0, swapscout.RoundingMode(3)), "NaN", -1},
		{"ceil min", mustAmount("33.55663041").Ceil(6), "33.556631", 6},
		{"ceil exact", mustAmount("33.556630").Ceil(6), "33.55663", 6},
		{"ceil neg", mustAmount("-1.29").Ceil(1), "-1.2", 1},
		{"ceil noop", mustAmount("1.5").Ceil(8), "1.5", 1},
		{"ceil bad scale", mustAmount("1.5").Ceil(-1), "NaN", -1},
		{"floor max", mustAmount("33.55663041").Floor(6), "33.55663", 6},
		{"floor neg", mustAmount("-1.21").Floor(1), "-1.3", 1},
		{"floor zero", mustAmount("0.0000001").Floor(6), "0", 6},
		{"neg", mustAmount("1.5").Neg(), "-1.5", 1},
		{"abs", mustAmount("-1.5").Abs(), "1.5", 1},
		{"min", swapscout.MinAmount(mustAmount("1.5"), mustAmount("-2")), "-2", 0},
		{"max", swapscout.MaxAmount(mustAmount("1.5"), mustAmount("-2")), "1.5", 1},
		{"min eq", swapscout.MinAmount(mustAmount("1.50"), mustAmount("1.5")), "1.5", 2},
		{"max eq", swapscout.MaxAmount(mustAmount("1.50"), mustAmount("1.5")), "1.5", 2},
	}
	for _, c := range cases {
		if s := c.got.String(); s != c.want || c.scale >= 0 && c.got.Scale() != c.scale {
			t.Errorf("%s: got %s (scale %d), want %s (scale %d)", c.name, s, c.got.Scale(), c.want, c.scale)
		}
		if c.want == "NaN" && c.got.Valid() {
			t.Errorf("%s: Valid() = true for NaN", c.name)
		}
	}
}

func TestAmountInvalidPropagates(t *testing.T) {
	one := mustAmount("1")
	if invalid.Valid() {
		t.Fatal("1/0 is valid")
	}
	results := map[string]amt{
		"add": invalid.Add(one), "add2": one.Add(invalid), "sub": invalid.Sub(one), "sub2": one.Sub(invalid),
		"mul": invalid.Mul(one), "mul2": one.Mul(invalid), "quo": invalid.Quo(one, 2, swapscout.RoundDown),
		"quo2": one.Quo(invalid, 2, swapscout.RoundDown), "round": invalid.Round(2, swapscout.RoundDown),
		"neg": invalid.Neg(), "abs": invalid.Abs(), "min": swapscout.MinAmount(invalid, one),
		"min2": swapscout.MinAmount(one, invalid), "max": swapscout.MaxAmount(one, invalid),
		"max2": swapscout.MaxAmount(invalid, one),
	}
	for name, r := range results {
		if r.Valid() || r.String() != "NaN" {
			t.Errorf("%s: got %v, want NaN", name, r)
		}
	}
	if invalid.Sign() != 0 || invalid.IsZero() || invalid.Scale() != 0 {
		t.Errorf("invalid: Sign %d IsZero %v Scale %d", invalid.Sign(), invalid.IsZero(), invalid.Scale())
	}
	if _, err := invalid.MarshalJSON(); err == nil {
		t.Error("MarshalJSON of invalid: no error")
	}
	if _, err := invalid.MarshalText(); err == nil {
		t.Error("MarshalText of invalid: no error")
	}
	if b, err := invalid.AppendText([]byte("x")); err == nil || string(b) != "x" {
		t.Errorf("AppendText of invalid = %q, %v", b, err)
	}
	if _, err := json.Marshal(struct{ A amt }{invalid}); err == nil {
		t.Error("json.Marshal of invalid: no error")
	}
}

func TestAmountCmp(t *testing.T) {
	cases := []struct {
		a, b amt
		want int
	}{
		{mustAmount("1.5"), mustAmount("1.50"), 0},
		{mustAmount("0"), mustAmount("-0.000"), 0},
		{mustAmount("-1"), mustAmount("1"), -1},
		{mustAmount("1"), mustAmount("-1"), 1},
		{mustAmount("0"), mustAmount("0.000000000000000000000000000001"), -1},
		{mustAmount("0"), mustAmount("-0.000000000000000000000000000001"), 1},
		{mustAmount("1.1"), mustAmount("1.09"), 1},
		{mustAmount("-1.1"), mustAmount("-1.09"), -1},
		{mustAmount(maxU128), mustAmount("0.000000000000000000000000000001"), 1},
		{mustAmount("0.000000000000000000000000000001"), mustAmount(maxU128), -1},
		{mustAmount("-" + maxU128), mustAmount("-0.1"), -1},
		{mustAmount("-0.1"), mustAmount("-" + maxU128), 1},
		{mustAmount(maxU128), mustAmount("340282366920938463.463374607431768211455"), 1},
		{mustAmount("18446744073709551616"), mustAmount("18446744073709551615.999999999999999999"), 1},
		{invalid, mustAmount("-" + maxU128), -1},
		{mustAmount("-" + maxU128), invalid, 1},
		{invalid, invalid, 0},
	}
	for i, c := range cases {
		if got := c.a.Cmp(c.b); got != c.want {
			t.Errorf("%d: %v.Cmp(%v) = %d, want %d", i, c.a, c.b, got, c.want)
		}
		if got := c.b.Cmp(c.a); got != -c.want {
			t.Errorf("%d: %v.Cmp(%v) = %d, want %d", i, c.b, c.a, got, -c.want)
		}
		if got := c.a.Equal(c.b); got != (c.want == 0) {
			t.Errorf("%d: %v.Equal(%v) = %v", i, c.a, c.b, got)
		}
	}
}

func TestAmountJSON(t *testing.T) {
	type doc struct {
		A amt  `json:"a"`
		B amt  `json:"b"`
		C amt  `json:"c"`
		D *amt `json:"d"`
		E amt  `json:"e"`
	}
	d := doc{C: mustAmount("7")}
	in := `{"a":"1.5","b":1e-8,"c":null,"d":"-2.50","e":0.12345678901234567890123456789012345}`
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.A.String() != "1.5" || d.B.String() != "0.00000001" || d.C.String() != "7" ||
		d.D == nil || d.D.String() != "-2.5" || d.E.String() != "0.12345678901234567890123456789" {
		t.Errorf("Unmarshal = %+v", d)
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"a":"1.5","b":"0.00000001","c":"7","d":"-2.5","e":"0.12345678901234567890123456789"}`; string(out) != want {
		t.Errorf("Marshal = %s, want %s", out, want)
	}
	for _, bad := range []string{`""`, `"abc"`, `true`, `{}`, `[]`, `"1.5`, `" 1"`, `"1e"`, `"Inf"`, `"NaN"`, `+1`, `"\u0031"`} {
		a := mustAmount("3")
		err := a.UnmarshalJSON([]byte(bad))
		if !errors.Is(err, swapscout.ErrAmountSyntax) || a.String() != "3" {
			t.Errorf("UnmarshalJSON(%s) = %v (a = %v), want ErrAmountSyntax, a unchanged", bad, err, a)
		}
	}
	var a amt
	if err := a.UnmarshalJSON([]byte(`"1e200"`)); !errors.Is(err, swapscout.ErrAmountRange) {
		t.Errorf("UnmarshalJSON(1e200) = %v", err)
	}
	if err := json.Unmarshal([]byte(`{"a":"0.0000000000000000000000000000000001"}`), &d); err != nil || !d.A.IsZero() {
		t.Errorf("tiny JSON string: %v %v", d.A, err)
	}
}

func TestAmountText(t *testing.T) {
	var a amt
	if err := a.UnmarshalText([]byte("1.2500")); err != nil || a.String() != "1.25" || a.Scale() != 4 {
		t.Errorf("UnmarshalText = %v (scale %d), %v", a, a.Scale(), err)
	}
	if err := a.UnmarshalText([]byte("0.0000000000000000000000000000001")); !errors.Is(err, swapscout.ErrAmountPrecision) || a.String() != "1.25" {
		t.Errorf("UnmarshalText strict = %v, %v", a, err)
	}
	b, err := mustAmount("-0.50").MarshalText()
	if err != nil || string(b) != "-0.5" {
		t.Errorf("MarshalText = %q, %v", b, err)
	}
	b, err = mustAmount("2").AppendText([]byte("x"))
	if err != nil || string(b) != "x2" {
		t.Errorf("AppendText = %q, %v", b, err)
	}
	m := map[amt]int{} // keys are representations, not numbers
	m[mustAmount("1.5")]++
	m[mustAmount("1.50")]++
	if len(m) != 2 {
		t.Errorf("map keys: %v", m)
	}
}
