//go:build !race

package swapscout_test

import (
	"testing"

	"github.com/swapscout/swapscout"
)

var (
	sinkAmount swapscout.Amount
	sinkInt    int
	sinkBytes  []byte
)

// TestAmountAllocs pins the zero-allocation promise on ordinary values (the
// race detector allocates, hence the build tag).
func TestAmountAllocs(t *testing.T) {
	in := []byte("32085.65000000")
	wide := []byte("123456.123456789012345678")
	a, b := swapscout.MustAmount("32085.65"), swapscout.MustAmount("-0.00012345")
	w1, w2 := swapscout.MustAmount("123456.123456789012345678"), swapscout.MustAmount("0.000123456789012345678")
	buf := make([]byte, 0, 64)
	cases := []struct {
		name string
		f    func()
	}{
		{"ParseAmountBytes", func() { sinkAmount, _ = swapscout.ParseAmountBytes(in) }},
		{"ParseAmountBytes/wide", func() { sinkAmount, _ = swapscout.ParseAmountBytes(wide) }},
		{"ParseWireAmount", func() { sinkAmount, _ = swapscout.ParseWireAmount(in) }},
		{"ParseAmount", func() { sinkAmount, _ = swapscout.ParseAmount("-1.5e-8") }},
		{"Append", func() { sinkBytes = a.Append(buf[:0]) }},
		{"Append/wide", func() { sinkBytes = w1.Mul(w2).Append(buf[:0]) }},
		{"Add", func() { sinkAmount = a.Add(b) }},
		{"Sub", func() { sinkAmount = a.Sub(b) }},
		{"Mul", func() { sinkAmount = a.Mul(b) }},
		{"Mul/wide", func() { sinkAmount = w1.Mul(w2) }},
		{"Quo", func() { sinkAmount = a.Quo(b, 18, swapscout.RoundDown) }},
		{"Round", func() { sinkAmount = w1.Round(8, swapscout.RoundHalfEven) }},
		{"Cmp", func() { sinkInt = a.Cmp(b) }},
		{"Cmp/scale", func() { sinkInt = w1.Cmp(a) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %v allocs per run, want 0", c.name, n)
		}
	}
}
