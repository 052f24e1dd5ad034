// Decimal libraries compared with swapscout.Amount; see doc.go.
//
// Each library runs the same two workloads: parsing one price as an exchange
// sends it, and a quote pipeline (parse three values, two multiplications,
// round down to 18 places, one comparison, format). TestPrecision records
// which libraries produce the exact answer of that pipeline. The package holds
// tests only, so the libraries are test dependencies and never reach a binary.
package decimal

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
	govalues "github.com/govalues/decimal"
	shopspring "github.com/shopspring/decimal"

	"github.com/swapscout/swapscout"
)

const (
	exchangePrice = "32085.65000000"
	inA           = "123456.123456789012345678"
	inB           = "0.000123456789012345678"
	inC           = "0.995"
	limit         = "15"
	// inA × inB × inC = 15.16528910295746675569450532845826645328558…, exact;
	// rounded down to 18 places:
	want = "15.165289102957466755"
)

// lib is one decimal library under test.
type lib struct {
	name     string
	parse    func(string) error
	pipeline func() (string, int, error)
}

// apdCtx is IEEE 754 decimal128 precision (34 digits), rounding half-even;
// apdDown truncates.
var (
	apdCtx  = &apd.Context{Precision: 34, MaxExponent: apd.MaxExponent, MinExponent: apd.MinExponent, Rounding: apd.RoundHalfEven}
	apdDown = &apd.Context{Precision: 34, MaxExponent: apd.MaxExponent, MinExponent: apd.MinExponent, Rounding: apd.RoundDown}
)

var libs = []lib{
	{
		name: "Amount",
		parse: func(s string) error {
			_, err := swapscout.ParseAmount(s)
			return err
		},
		pipeline: func() (string, int, error) {
			a, err := swapscout.ParseAmount(inA)
			if err != nil {
				return "", 0, err
			}
			b, err := swapscout.ParseAmount(inB)
			if err != nil {
				return "", 0, err
			}
			c, err := swapscout.ParseAmount(inC)
			if err != nil {
				return "", 0, err
			}
			r := a.Mul(b).Mul(c).Round(18, swapscout.RoundDown)
			return r.String(), r.Cmp(amountLimit), nil
		},
	},
	{
		name: "shopspring",
		parse: func(s string) error {
			_, err := shopspring.NewFromString(s)
			return err
		},
		pipeline: func() (string, int, error) {
			a, err := shopspring.NewFromString(inA)
			if err != nil {
				return "", 0, err
			}
			b, err := shopspring.NewFromString(inB)
			if err != nil {
				return "", 0, err
			}
			c, err := shopspring.NewFromString(inC)
			if err != nil {
				return "", 0, err
			}
			r := a.Mul(b).Mul(c).RoundDown(18)
			return r.String(), r.Cmp(shopspringLimit), nil
		},
	},
	{
		name: "apd",
		parse: func(s string) error {
			_, _, err := apd.NewFromString(s)
			return err
		},
		pipeline: func() (string, int, error) {
			a, _, err := apd.NewFromString(inA)
			if err != nil {
				return "", 0, err
			}
			b, _, err := apd.NewFromString(inB)
			if err != nil {
				return "", 0, err
			}
			c, _, err := apd.NewFromString(inC)
			if err != nil {
				return "", 0, err
			}
			var ab, abc, r apd.Decimal
			if _, err := apdCtx.Mul(&ab, a, b); err != nil {
				return "", 0, err
			}
			if _, err := apdCtx.Mul(&abc, &ab, c); err != nil {
				return "", 0, err
			}
			if _, err := apdDown.Quantize(&r, &abc, -18); err != nil {
				return "", 0, err
			}
			return r.String(), r.Cmp(apdLimit), nil
		},
	},
	{
		name: "govalues",
		parse: func(s string) error {
			_, err := govalues.Parse(s)
			return err
		},
		pipeline: func() (string, int, error) {
			a, err := govalues.Parse(inA)
			if err != nil {
				return "", 0, err
			}
			b, err := govalues.Parse(inB)
			if err != nil {
				return "", 0, err
			}
			c, err := govalues.Parse(inC)
			if err != nil {
				return "", 0, err
			}
			ab, err := a.Mul(b)
			if err != nil {
				return "", 0, err
			}
			abc, err := ab.Mul(c)
			if err != nil {
				return "", 0, err
			}
			r := abc.Trunc(18)
			return r.String(), r.Cmp(govaluesLimit), nil
		},
	},
}

var (
	amountLimit     = swapscout.MustAmount(limit)
	shopspringLimit = shopspring.RequireFromString(limit)
	apdLimit, _, _  = apd.NewFromString(limit)
	govaluesLimit   = govalues.MustParse(limit)
	sinkString      string
	sinkInt         int

	// exactness pins each library's TestPrecision outcome. shopspring
	// multiplies exactly (big.Int); apd at 34 digits rounds, but not enough to
	// matter here; govalues holds 19 digits, so it rounds inA while parsing
	// and silently answers 15.16528910295746945.
	exactness = map[string]bool{"Amount": true, "shopspring": true, "apd": true, "govalues": false}
)

// TestPrecision runs the pipeline once per library and checks which ones get
// the exact answer. Only Amount is required to; the others' outcomes are
// pinned so that BENCHMARKS.md stays true when a version changes.
func TestPrecision(t *testing.T) {
	for _, l := range libs {
		got, cmp, err := l.pipeline()
		exact := err == nil && got == want && cmp == 1
		t.Logf("%-10s %-24s err=%v exact=%v", l.name, got, err, exact)
		if exact != exactness[l.name] {
			t.Errorf("%s: got %q (cmp %d, err %v); exact = %v, expected %v (want %s)", l.name, got, cmp, err, exact, exactness[l.name], want)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for _, l := range libs {
		b.Run(l.name, func(b *testing.B) {
			if err := l.parse(exchangePrice); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				_ = l.parse(exchangePrice)
			}
		})
	}
}

func BenchmarkPipeline(b *testing.B) {
	for _, l := range libs {
		b.Run(l.name, func(b *testing.B) {
			if _, _, err := l.pipeline(); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				sinkString, sinkInt, _ = l.pipeline()
			}
		})
	}
}
