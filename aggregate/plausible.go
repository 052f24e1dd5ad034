package aggregate

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/swapscout/swapscout"
)

// Plausibility: an offer whose effective rate (AmountOut/AmountIn, the same
// units for every venue of one request) is orders of magnitude away from
// what the other venues answer is a venue's mistake (a unit read as
// satoshis, wei or thousands; a price inverted), never an offer.
//
// The rule. With three offers or more, each offer is compared with the
// median of the OTHER offers' rates (leave-one-out, so an outlier never
// moves its own yardstick). With an even number of others the median is
// the whole interval between the two middle rates, so an offer is judged
// by its distance to the nearest of them: among three offers one honest
// pair always vouches for each other however far off the third is. With
// one or two offers, each is compared with the median of the order books'
// mid prices (swapscout.PriceReference), when a venue has one at hand;
// without either, nothing can be judged and every offer stands.
//
// The threshold is a factor of implausibleFactor either way. Spreads and
// fees between honest venues are a few percent; on a tiny amount a fixed
// network fee can eat most of it, which still leaves a rate a few times
// below the others, not a hundred. Every unit confusion seen in the wild
// is a thousand times or more (milli-units 1e3, 6-decimal tokens 1e6,
// satoshis 1e8, gwei 1e9, wei 1e18). An honest offer that pays a
// hundredth of the median is worthless to the user anyway.
//
// The judgement depends only on the multiset of rates: not on the order
// the venues answered in, nor on their ids (TestPlausibleProperties).
const implausibleFactor = 100

// minMedian is the fewest offers judged by each other's median; below it,
// by the reference price.
const minMedian = 3

var logFactor = math.Log(implausibleFactor)

// verdict is the plausibility judgement of one offer.
type verdict struct {
	bad bool
	// ratio, when bad, is how many times the rate is above (>1) or below
	// (<1) what it was compared with.
	ratio float64
	// against is the index of the offer whose rate it was compared with
	// (a median of the others), or -1 for the reference price.
	against int
	others  int // how many other offers the median is of; 0 for the reference
}

// logRate is the natural log of an offer's effective rate; NaN when an
// amount is not positive (complete refuses those before this runs). A
// float is enough here: the judgement is about orders of magnitude, and
// every amount shown keeps its exact decimal form.
func logRate(o *swapscout.Offer) float64 {
	return math.Log(o.AmountOut.Float64() / o.AmountIn.Float64())
}

// judge fills out[i] with the verdict on the offer of log-rate lr[i]. ref
// holds the log mid prices of the order books (any order, maybe empty),
// used only when fewer than minMedian offers are judged. scratch needs room
// for 2×len(lr) ints; the caller reuses it across calls.
func judge(lr []float64, ref []float64, out []verdict, scratch []int) {
	n := len(lr)
	if n < minMedian {
		lo, hi, ok := medianOf(ref)
		for i := range n {
			out[i] = verdict{against: -1}
			if ok {
				out[i].bad, out[i].ratio = outside(lr[i], lo, hi)
			}
		}
		return
	}
	// Sort once; the median of "all but i" is then read off by index.
	order, pos := scratch[:n], scratch[n:2*n]
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmpFloat(lr[a], lr[b]); c != 0 {
			return c
		}
		return a - b // a total order: the result never depends on the sort
	})
	for p, i := range order {
		pos[i] = p
	}
	m := n - 1 // the others
	for i := range n {
		// The k-th smallest of the others is order[k], or order[k+1]
		// from i's own place on.
		klo, khi := m/2, m/2
		if m%2 == 0 {
			klo--
		}
		if klo >= pos[i] {
			klo++
		}
		if khi >= pos[i] {
			khi++
		}
		jlo, jhi := order[klo], order[khi]
		v := verdict{against: jlo, others: m}
		v.bad, v.ratio = outside(lr[i], lr[jlo], lr[jhi])
		if lr[i] > lr[jhi] {
			v.against = jhi
		}
		out[i] = v
	}
}

// sortedInsert inserts x into the sorted xs (cmpFloat's order).
func sortedInsert(xs []float64, x float64) []float64 {
	i, _ := slices.BinarySearchFunc(xs, x, cmpFloat)
	return slices.Insert(xs, i, x)
}

// plausibleAmong is judge's verdict on one log-rate x of the sorted log-rates
// of all offers (x among them, at least minMedian), against the median of
// the others: what streaming needs on each arrival, without sorting again.
func plausibleAmong(x float64, sorted []float64) bool {
	p, _ := slices.BinarySearchFunc(sorted, x, cmpFloat) // x's place; any equal one will do
	m := len(sorted) - 1
	klo, khi := m/2, m/2
	if m%2 == 0 {
		klo--
	}
	if klo >= p {
		klo++
	}
	if khi >= p {
		khi++
	}
	bad, _ := outside(x, sorted[klo], sorted[khi])
	return !bad
}

// outside reports whether x lies more than logFactor outside [lo, hi],
// and then the ratio to the nearest end (1 when it does not).
func outside(x, lo, hi float64) (bool, float64) {
	switch {
	case math.IsNaN(x):
		return true, math.NaN()
	case x-hi > logFactor:
		return true, math.Exp(x - hi)
	case lo-x > logFactor:
		return true, math.Exp(x - lo)
	}
	return false, 1
}

// medianOf returns the median interval of xs: the middle value, or the two
// middle values of an even count. xs is sorted in place.
func medianOf(xs []float64) (lo, hi float64, ok bool) {
	if len(xs) == 0 {
		return 0, 0, false
	}
	slices.SortFunc(xs, cmpFloat)
	m := len(xs)
	lo, hi = xs[m/2], xs[m/2]
	if m%2 == 0 {
		lo = xs[m/2-1]
	}
	return lo, hi, true
}

// cmpFloat orders floats with NaN first, so a NaN never lands in the middle.
func cmpFloat(a, b float64) int {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case math.IsNaN(a):
		return -1
	case math.IsNaN(b):
		return 1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// implausible is the failure message of an offer judged bad, e.g. "rate
// 73.49 is 997× the median 0.0737 of 22 other venues". The rates shown are
// exact decimals rounded to four significant digits.
// refs are the order books' mid prices, sorted, when the offer was judged
// by them.
func implausible(o *swapscout.Offer, v verdict, offers []swapscout.Offer, refs []swapscout.Amount) string {
	var what string
	if m := len(refs); v.against < 0 && m > 0 {
		ref := refs[m/2]
		if m%2 == 0 && v.ratio < 1 {
			ref = refs[m/2-1]
		}
		what = "the order books' mid price " + sig4(ref)
	} else {
		a := &offers[v.against]
		what = fmt.Sprintf("the median %s of %d other venues", sig4(rateOf(a)), v.others)
	}
	if math.IsNaN(v.ratio) {
		return "rate " + sig4(rateOf(o)) + " cannot be compared with " + what
	}
	if v.ratio >= 1 {
		return fmt.Sprintf("rate %s is %s× %s", sig4(rateOf(o)), times(v.ratio), what)
	}
	return fmt.Sprintf("rate %s is 1/%s of %s", sig4(rateOf(o)), times(1/v.ratio), what)
}

func times(r float64) string {
	if r < 1e6 {
		return strconv.FormatFloat(r, 'f', 0, 64)
	}
	return strconv.FormatFloat(r, 'e', 0, 64)
}

// rateOf is AmountOut/AmountIn, exact to a few more digits than shown.
func rateOf(o *swapscout.Offer) swapscout.Amount {
	e := math.Floor(math.Log10(o.AmountOut.Float64() / o.AmountIn.Float64()))
	return o.AmountOut.Quo(o.AmountIn, scaleFor(e, 6), swapscout.RoundHalfEven)
}

// sig4 shows a to four significant digits.
func sig4(a swapscout.Amount) string {
	if !a.Valid() || a.IsZero() {
		return a.String()
	}
	e := math.Floor(math.Log10(math.Abs(a.Float64())))
	return a.Round(scaleFor(e, 4), swapscout.RoundHalfEven).String()
}

// scaleFor is the scale that keeps digits significant digits of a number
// whose decimal exponent is e, within what an Amount holds.
func scaleFor(e float64, digits int) int {
	if math.IsNaN(e) || math.IsInf(e, 0) {
		return swapscout.MaxScale
	}
	return int(min(max(float64(digits-1)-e, 0), swapscout.MaxScale))
}
