package aggregate

import (
	"math"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/swapscout/swapscout"
)

// badOf judges rates (not logs) and returns which are implausible.
func badOf(rates []float64, refs ...float64) []bool {
	lr := make([]float64, len(rates))
	for i, r := range rates {
		lr[i] = math.Log(r)
	}
	var ref []float64
	for _, r := range refs {
		ref = append(ref, math.Log(r))
	}
	out := make([]verdict, len(rates))
	judge(lr, ref, out, make([]int, 2*len(rates)))
	bad := make([]bool, len(rates))
	for i, v := range out {
		bad[i] = v.bad
	}
	return bad
}

func TestJudgeTable(t *testing.T) {
	const h = 0.0737 // ETH per BTC-ish: an honest rate
	for _, tc := range []struct {
		name  string
		rates []float64
		refs  []float64
		bad   []bool
	}{
		{"all honest", []float64{h, h * 1.02, h * 0.97, h * 1.01}, nil, []bool{false, false, false, false}},
		{"one ×1000", []float64{h, h * 1.02, h * 1000, h * 0.99}, nil, []bool{false, false, true, false}},
		{"one ×1e12", []float64{h * 1e12, h, h, h}, nil, []bool{true, false, false, false}},
		{"one ÷1000", []float64{h, h / 1000, h, h}, nil, []bool{false, true, false, false}},
		{"one ÷1e8 (satoshis)", []float64{h, h, h / 1e8, h, h}, nil, []bool{false, false, true, false, false}},
		{"three: the honest pair vouches for each other", []float64{h, h * 1e6, h * 1.01}, nil, []bool{false, true, false}},
		{"fees eat 90% of a tiny amount: still plausible", []float64{h, h, h, h * 0.1}, nil, []bool{false, false, false, false}},
		{"99× above: still plausible", []float64{h, h, h, h * 99}, nil, []bool{false, false, false, false}},
		{"101× above: implausible", []float64{h, h, h, h * 101}, nil, []bool{false, false, false, true}},
		{"two outliers of five", []float64{h, h * 1000, h, h * 1000, h}, nil, []bool{false, true, false, true, false}},
		{"one offer, no reference: nothing to judge", []float64{h * 1e9}, nil, []bool{false}},
		{"two offers, no reference", []float64{h, h * 1e9}, nil, []bool{false, false}},
		{"one offer within the reference", []float64{h * 0.98}, []float64{h}, []bool{false}},
		{"one offer ×1000 the reference", []float64{h * 1000}, []float64{h}, []bool{true}},
		{"two offers, one off the references' median", []float64{h, h / 1e6}, []float64{h * 1.01, h, h * 0.99}, []bool{false, true}},
		{"references ignored from three offers on", []float64{h, h, h}, []float64{h * 1e6}, []bool{false, false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := badOf(tc.rates, tc.refs...); !slices.Equal(got, tc.bad) {
				t.Errorf("implausible = %v, want %v", got, tc.bad)
			}
		})
	}
}

// honestRates draws n ≥ 3 rates around one base, apart by a few percent at
// most, over the whole range of real rates (SHIB per BTC to BTC per SHIB).
func honestRates(t *rapid.T, min int) []float64 {
	base := math.Pow(10, rapid.Float64Range(-12, 12).Draw(t, "log10 base"))
	spread := rapid.Float64Range(0, 0.3).Draw(t, "spread")
	n := rapid.IntRange(min, 30).Draw(t, "n")
	rates := make([]float64, n)
	for i := range rates {
		rates[i] = base * (1 + spread*rapid.Float64Range(-1, 1).Draw(t, "dev"))
	}
	return rates
}

// outlierFactor draws a factor of three orders of magnitude or more, either
// way: the unit confusions plausibility exists to catch.
func outlierFactor(t *rapid.T) float64 {
	f := math.Pow(10, rapid.Float64Range(3, 18).Draw(t, "log10 k"))
	if rapid.Bool().Draw(t, "below") {
		f = 1 / f
	}
	return f
}

// TestPlausibleProperties: one outlier ×k (k ≥ 1000 either way) injected
// anywhere into three or more near-equal rates is always rejected and no
// honest rate ever is.
func TestPlausibleProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rates := honestRates(t, 3)
		k := outlierFactor(t)
		at := rapid.IntRange(0, len(rates)).Draw(t, "at")
		rates = slices.Insert(rates, at, rates[0]*k)
		for i, bad := range badOf(rates) {
			if bad != (i == at) {
				t.Fatalf("rate %d (%g) implausible=%v; outlier at %d ×%g in %v", i, rates[i], bad, at, k, rates)
			}
		}
	})
}

// TestPlausibleHonestNeverRejected: rates within a factor of ten of each
// other (fees eating most of a tiny amount) are never rejected, whatever
// their number, with or without a reference nearby.
func TestPlausibleHonestNeverRejected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := math.Pow(10, rapid.Float64Range(-12, 12).Draw(t, "log10 base"))
		n := rapid.IntRange(1, 30).Draw(t, "n")
		rates := make([]float64, n)
		for i := range rates {
			rates[i] = base * math.Pow(10, rapid.Float64Range(-1, 0).Draw(t, "fees"))
		}
		var refs []float64
		if rapid.Bool().Draw(t, "reference") {
			refs = append(refs, base)
		}
		for i, bad := range badOf(rates, refs...) {
			if bad {
				t.Fatalf("honest rate %d (%g) rejected among %v (refs %v)", i, rates[i], rates, refs)
			}
		}
	})
}

// TestPlausibleReference: with one or two offers, an offer ×k off the
// reference is rejected and one near it is not.
func TestPlausibleReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rates := honestRates(t, 2)[:rapid.IntRange(1, 2).Draw(t, "offers")]
		ref := rates[0] * (1 + rapid.Float64Range(-0.05, 0.05).Draw(t, "mid spread"))
		at := rapid.IntRange(0, len(rates)-1).Draw(t, "at")
		rates[at] *= outlierFactor(t)
		for i, bad := range badOf(rates, ref) {
			if bad != (i == at) {
				t.Fatalf("rate %d implausible=%v; outlier at %d in %v, reference %g", i, bad, at, rates, ref)
			}
		}
	})
}

// TestPlausibleOrderFree: the verdicts depend on the set of rates, not on
// the order the venues answered in, and the same input always gives the
// same verdicts.
func TestPlausibleOrderFree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Clusters of rates far apart, so that verdicts of both kinds occur.
		n := rapid.IntRange(1, 30).Draw(t, "n")
		rates := make([]float64, n)
		for i := range rates {
			rates[i] = math.Pow(10, float64(3*rapid.IntRange(0, 3).Draw(t, "cluster"))) * (1 + rapid.Float64Range(0, 0.1).Draw(t, "dev"))
		}
		perm := rapid.Permutation(indices(n)).Draw(t, "perm")
		shuffled := make([]float64, n)
		for i, p := range perm {
			shuffled[i] = rates[p]
		}
		want := badOf(rates)
		if again := badOf(rates); !slices.Equal(want, again) {
			t.Fatalf("not deterministic: %v then %v", want, again)
		}
		got := badOf(shuffled)
		for i, p := range perm {
			if got[i] != want[p] {
				t.Fatalf("rate %g implausible=%v in one order, %v in another (%v vs %v)", rates[p], want[p], got[i], rates, shuffled)
			}
		}
	})
}

// TestPlausibleAmongAgreesWithJudge: the streaming check of one offer
// against the sorted rates of all gives judge's verdict.
func TestPlausibleAmongAgreesWithJudge(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(minMedian, 30).Draw(t, "n")
		lr := make([]float64, n)
		var sorted []float64
		for i := range lr {
			lr[i] = math.Log(math.Pow(10, float64(3*rapid.IntRange(0, 3).Draw(t, "cluster")))) + rapid.Float64Range(0, 0.1).Draw(t, "dev")
			sorted = sortedInsert(sorted, lr[i])
		}
		vs := make([]verdict, n)
		judge(lr, nil, vs, make([]int, 2*n))
		for i := range lr {
			if plausibleAmong(lr[i], sorted) == vs[i].bad {
				t.Fatalf("rate %d: plausibleAmong %v, judge bad %v (%v)", i, !vs[i].bad, vs[i].bad, lr)
			}
		}
	})
}

func indices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func TestImplausibleMessage(t *testing.T) {
	in := swapscout.MustAmount("1")
	var offers []swapscout.Offer
	for range 22 {
		offers = append(offers, swapscout.Offer{AmountIn: in, AmountOut: swapscout.MustAmount("0.0737")})
	}
	offers = append(offers, swapscout.Offer{AmountIn: in, AmountOut: swapscout.MustAmount("73.49")},
		swapscout.Offer{AmountIn: in, AmountOut: swapscout.MustAmount("0.0000000737")})
	lr := make([]float64, len(offers))
	for i := range offers {
		lr[i] = logRate(&offers[i])
	}
	vs := make([]verdict, len(offers))
	judge(lr, nil, vs, make([]int, 2*len(offers)))
	for i, want := range map[int]string{
		22: "rate 73.49 is 997× the median 0.0737 of 23 other venues",
		23: "rate 0.0000000737 is 1/1000000 of the median 0.0737 of 23 other venues",
	} {
		if !vs[i].bad {
			t.Fatalf("offer %d not judged implausible", i)
		}
		if got := implausible(&offers[i], vs[i], offers, nil); got != want {
			t.Errorf("message = %q, want %q", got, want)
		}
	}
	ref := []swapscout.Amount{swapscout.MustAmount("0.07371234")}
	one := offers[22:23]
	vs = vs[:1]
	judge(lr[22:23], []float64{math.Log(0.07371234)}, vs, make([]int, 2))
	if got := implausible(&one[0], vs[0], one, ref); !strings.HasSuffix(got, "× the order books' mid price 0.07371") {
		t.Errorf("reference message = %q", got)
	}
}

// BenchmarkJudge30: the plausibility check of one fan-out of 30 offers, as
// finish runs it (logs of the rates, then the judgement).
func BenchmarkJudge30(b *testing.B) {
	offers := make([]swapscout.Offer, 30)
	for i := range offers {
		offers[i] = swapscout.Offer{AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.NewAmount(int64(20000+i*7), 4)}
	}
	lr := make([]float64, len(offers))
	vs := make([]verdict, len(offers))
	scratch := make([]int, 2*len(offers))
	b.ReportAllocs()
	for b.Loop() {
		for i := range offers {
			lr[i] = logRate(&offers[i])
		}
		judge(lr, nil, vs, scratch)
	}
}
