package swapscout

import (
	"slices"
	"time"
)

// SwapOutcome is what one finished swap delivered against what its venue
// promised when the order was made, and how long the venue took from the
// deposit to the payout.
type SwapOutcome struct {
	Venue              string
	Promised, Received Amount    // in the To asset; Received is zero when the venue did not say
	DepositAt, PaidAt  time.Time // first seen confirming (or later) and finished; DepositAt zero when never seen
}

// VenueAccuracy sums up a venue's finished swaps over a window.
type VenueAccuracy struct {
	Venue string
	// Count is the finished swaps whose amount received is known.
	Count int
	// MedianShortfall and WorstShortfall are the percentage of the
	// promised amount that did not arrive (negative: more arrived), to
	// ShortfallScale decimals; zero when Count is 0.
	MedianShortfall, WorstShortfall Amount
	// Timed is the finished swaps whose deposit was seen, MedianTime their
	// median time from deposit to payout.
	Timed      int
	MedianTime time.Duration
}

// ShortfallScale is the number of decimals of a shortfall percentage.
const ShortfallScale = 3

var hundred = MustAmount("100")

// Shortfall returns the percentage of promised that received falls short
// by (negative when received exceeds it), or false when promised is not
// positive.
func Shortfall(promised, received Amount) (Amount, bool) {
	if !promised.Valid() || promised.Sign() <= 0 || !received.Valid() {
		return Amount{}, false
	}
	return promised.Sub(received).Mul(hundred).Quo(promised, ShortfallScale, RoundHalfEven), true
}

// Accuracy sums up outcomes per venue.
func Accuracy(outcomes []SwapOutcome) map[string]VenueAccuracy {
	type acc struct {
		short []Amount
		times []time.Duration
	}
	by := map[string]*acc{}
	for _, o := range outcomes {
		a := by[o.Venue]
		if a == nil {
			a = &acc{}
			by[o.Venue] = a
		}
		if o.Received.Sign() > 0 {
			if s, ok := Shortfall(o.Promised, o.Received); ok {
				a.short = append(a.short, s)
			}
		}
		if !o.DepositAt.IsZero() && !o.PaidAt.IsZero() && !o.PaidAt.Before(o.DepositAt) {
			a.times = append(a.times, o.PaidAt.Sub(o.DepositAt))
		}
	}
	out := make(map[string]VenueAccuracy, len(by))
	two := MustAmount("2")
	for v, a := range by {
		va := VenueAccuracy{Venue: v, Count: len(a.short), Timed: len(a.times)}
		if n := len(a.short); n > 0 {
			slices.SortFunc(a.short, func(x, y Amount) int { return x.Cmp(y) })
			va.WorstShortfall = a.short[n-1]
			va.MedianShortfall = a.short[n/2]
			if n%2 == 0 {
				va.MedianShortfall = a.short[n/2-1].Add(a.short[n/2]).Quo(two, ShortfallScale, RoundHalfEven)
			}
		}
		if n := len(a.times); n > 0 {
			slices.Sort(a.times)
			va.MedianTime = a.times[n/2]
			if n%2 == 0 {
				va.MedianTime = (a.times[n/2-1] + a.times[n/2]) / 2
			}
		}
		if va.Count > 0 || va.Timed > 0 {
			out[v] = va
		}
	}
	return out
}

// RankMinSwaps is how many finished swaps with a known amount received a
// venue needs in the window before its record may lower its offers' rank.
const RankMinSwaps = 10

// RankShortfall is the shortfall, in percent, that ranking by accuracy
// takes off this venue's offers: its median shortfall when it has at least
// RankMinSwaps finished swaps and habitually pays less than it promises;
// false otherwise (a venue that pays what it promises, or more, is ranked on
// its promise, never raised).
func (a VenueAccuracy) RankShortfall() (Amount, bool) {
	if a.Count < RankMinSwaps || a.MedianShortfall.Sign() <= 0 {
		return Amount{}, false
	}
	return a.MedianShortfall, true
}
