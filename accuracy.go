package swapscout

import (
	"slices"
	"time"
)

// SwapOutcome is what one finished swap delivered against what its venue
// promised when the order was made, and how long the venue took from the
// deposit to the payout; or, for a swap not finished, that it was held.
type SwapOutcome struct {
	Venue              string
	Status             SwapStatus // where the swap stands now; empty reads as finished
	Promised, Received Amount     // in the To asset; Received is zero when the venue did not say
	MaxSlippage        Amount     // the swap's own (Swap.MaxSlippage); zero reads as DefaultMaxSlippage
	DepositAt, PaidAt  time.Time  // first seen on the way to the payout (DepositSeen) and finished; DepositAt zero when never seen
	Held               bool       // the venue held the swap for verification at some point
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
	// P90Time is the time nine in ten of the timed swaps took at most:
	// the venue's usual time (Usual), against which open swaps are late.
	P90Time time.Duration
	// Short is the finished swaps that received less than promised by
	// more than their MaxSlippage (Swap.Shortfall).
	Short int
	// Held is the swaps of the window the venue held for verification
	// (StatusHeld), finished or not.
	Held int
}

// DefaultUsualTime is the time from deposit to payout a venue is taken to
// need until this server has seen UsualMinSwaps of its swaps finish with
// their deposit timed: an hour, past most venues' own estimates (ChangeNOW
// says 10 to 60 minutes) with a deposit's confirmations.
const DefaultUsualTime = time.Hour

// UsualMinSwaps is how many timed finished swaps a venue needs before its
// own 90th percentile replaces DefaultUsualTime.
const UsualMinSwaps = 10

// Usual returns the venue's usual time from deposit to payout: its P90Time
// once it has UsualMinSwaps timed swaps, with their number, or def (0 for
// DefaultUsualTime) with 0.
func (a VenueAccuracy) Usual(def time.Duration) (time.Duration, int) {
	if a.Timed >= UsualMinSwaps && a.P90Time > 0 {
		return a.P90Time, a.Timed
	}
	if def <= 0 {
		def = DefaultUsualTime
	}
	return def, 0
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
		short      []Amount
		times      []time.Duration
		over, held int
	}
	by := map[string]*acc{}
	for _, o := range outcomes {
		a := by[o.Venue]
		if a == nil {
			a = &acc{}
			by[o.Venue] = a
		}
		if o.Held {
			a.held++
		}
		if o.Status != "" && o.Status != StatusFinished {
			continue
		}
		if o.Received.Sign() > 0 {
			sw := Swap{Status: StatusFinished, PromisedOut: o.Promised, AmountReceived: o.Received, MaxSlippage: o.MaxSlippage}
			if sf, ok := sw.Shortfall(); ok {
				a.short = append(a.short, sf.Percent)
				if sf.Short {
					a.over++
				}
			}
		}
		if !o.DepositAt.IsZero() && !o.PaidAt.IsZero() && !o.PaidAt.Before(o.DepositAt) {
			a.times = append(a.times, o.PaidAt.Sub(o.DepositAt))
		}
	}
	out := make(map[string]VenueAccuracy, len(by))
	two := MustAmount("2")
	for v, a := range by {
		va := VenueAccuracy{Venue: v, Count: len(a.short), Timed: len(a.times), Short: a.over, Held: a.held}
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
			va.P90Time = a.times[(n*9+9)/10-1] // nearest rank: the ⌈0.9 n⌉-th
		}
		if va.Count > 0 || va.Timed > 0 || va.Held > 0 {
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
