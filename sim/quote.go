package sim

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// QuoteSpec is an instant-swap quote request as a venue handler decoded it.
type QuoteSpec struct {
	From, To  swapscout.Asset
	Amount    swapscout.Amount // in From units for Send, in To units for Receive
	Direction swapscout.Direction
	Fixed     bool
}

// QuoteResult is the venue's instant-swap answer.
type QuoteResult struct {
	AmountIn   swapscout.Amount // From units
	AmountOut  swapscout.Amount // To units, net of NetworkFee, rounded down to the To asset's decimals
	Rate       swapscout.Amount // To per From before NetworkFee (the venue's quoted rate)
	Min, Max   swapscout.Amount // limits on AmountIn, in From units (Max: Profile.MaxUSD or the asset's ceiling, the lower)
	NetworkFee swapscout.Amount // To units, already deducted from AmountOut
	RateID     string           // fixed quotes only
	ValidUntil time.Time        // fixed quotes only
}

// ErrNoPair is returned by Quote when an asset is not in Profile.Assets, or
// From equals To.
var ErrNoPair = errors.New("sim: pair not served")

// LimitError is returned by Quote when the amount is outside the venue's
// limits; Min and Max are in From units (Max zero = none).
type LimitError struct {
	Min, Max swapscout.Amount
	Below    bool // below Min (or nothing left after fees); otherwise above Max
}

func (e *LimitError) Error() string {
	if e.Below {
		return "sim: amount below minimum " + e.Min.String()
	}
	return "sim: amount above maximum " + e.Max.String()
}

// Significant digits of the numbers an instant swap venue shows.
const (
	rateDigits  = 10
	limitDigits = 8
	feeDigits   = 6
)

// Quote prices an instant swap at the venue's current mid:
//
//	rate = mid × (1 − Spread [− FixedExtra])
//	Send:    out = in×rate − fee, rounded down to To's decimals
//	Receive: in  = (out + fee)/rate, rounded up to From's decimals
//
// where fee is NetworkFeeUSD in To units. Amounts outside [Min, Max] (or that
// leave nothing after the fee) give a *LimitError; unserved assets ErrNoPair.
// Fixed quotes carry a RateID valid for Profile.RateTTL.
func (x *Exchange) Quote(q QuoteSpec) (QuoteResult, error) {
	from, okFrom := x.assets[q.From]
	to, okTo := x.assets[q.To]
	if !okFrom || !okTo || q.From == q.To {
		return QuoteResult{}, ErrNoPair
	}
	p := &x.profile
	step := x.m.step()
	pf, pt := x.usdAt(from.Ticker, step), x.usdAt(to.Ticker, step)
	if pf <= 0 || pt <= 0 {
		return QuoteResult{}, ErrNoPair
	}
	spread := p.Spread + math.Float64frombits(x.moved.Load())
	if q.Fixed {
		spread += p.FixedExtra
	}
	// rate = rn × 10^-rd; Send multiplies by rn and divides by 10^rd so that
	// the product never exceeds Amount's scale, whatever the decimals.
	rateF := pf / pt * (1 - spread)
	rd := sigDecimals(rateF, rateDigits)
	rn := scaled(rateF, rd, swapscout.RoundDown)
	if rn <= 0 {
		return QuoteResult{}, ErrNoPair
	}
	var r QuoteResult
	r.Rate = swapscout.NewAmount(rn, rd)
	r.NetworkFee = swapscout.AmountFromInt(0)
	if p.NetworkFeeUSD > 0 {
		f := p.NetworkFeeUSD / pt
		r.NetworkFee = floatAmount(f, sigDecimals(f, feeDigits), swapscout.RoundUp).Round(to.Decimals, swapscout.RoundUp)
	}
	if p.MinUSD > 0 {
		f := p.MinUSD / pf
		r.Min = floatAmount(f, sigDecimals(f, limitDigits), swapscout.RoundUp).Round(from.Decimals, swapscout.RoundUp)
	} else {
		r.Min = swapscout.AmountFromInt(0)
	}
	// The maximum: the venue's MaxUSD, and never more than the asset's
	// realistic ceiling (maxUnits).
	maxF := lookupMaxUnits(from.Ticker)
	if p.MaxUSD > 0 && (maxF == 0 || p.MaxUSD/pf < maxF) {
		maxF = p.MaxUSD / pf
	}
	if maxF > 0 {
		r.Max = floatAmount(maxF, sigDecimals(maxF, limitDigits), swapscout.RoundDown).Round(from.Decimals, swapscout.RoundDown)
	} else {
		r.Max = swapscout.AmountFromInt(0)
	}
	below := func() (QuoteResult, error) { return QuoteResult{}, &LimitError{Min: r.Min, Max: r.Max, Below: true} }

	if !q.Amount.Valid() || q.Amount.Sign() <= 0 {
		return below()
	}
	if q.Direction == swapscout.Receive {
		r.AmountOut = q.Amount
		r.AmountIn = q.Amount.Add(r.NetworkFee).Quo(r.Rate, from.Decimals, swapscout.RoundUp)
	} else {
		r.AmountIn = q.Amount
		// One rounding: (in × rn) / 10^rd, then the fee (already at To's decimals).
		r.AmountOut = q.Amount.Mul(swapscout.AmountFromInt(rn)).Quo(tenPow(rd), to.Decimals, swapscout.RoundDown).Sub(r.NetworkFee)
	}
	switch {
	case !r.AmountIn.Valid() || !r.AmountOut.Valid(): // overflowed: far beyond any limit
		return QuoteResult{}, &LimitError{Min: r.Min, Max: r.Max}
	case r.AmountIn.Cmp(r.Min) < 0 || r.AmountOut.Sign() <= 0:
		return below()
	case !r.Max.IsZero() && r.AmountIn.Cmp(r.Max) > 0:
		return QuoteResult{}, &LimitError{Min: r.Min, Max: r.Max}
	}
	if q.Fixed {
		r.RateID = x.NewID("")
		r.ValidUntil = x.Now().Add(p.RateTTL)
	}
	return r, nil
}

// sigDecimals returns the number of decimals that show f (> 0) with sig
// significant digits, within [0, MaxScale].
func sigDecimals(f float64, sig int) int {
	if !(f > 0) || math.IsInf(f, 0) {
		return 0
	}
	d := sig - 1 - int(math.Floor(math.Log10(f)))
	return max(0, min(d, swapscout.MaxScale))
}

// scaled returns f×10^d rounded to an integer with mode; f must be ≥ 0 and
// f×10^d must fit an int64.
func scaled(f float64, d int, mode swapscout.RoundingMode) int64 {
	v := f * math.Pow10(d)
	switch mode {
	case swapscout.RoundDown:
		v = math.Floor(v)
	case swapscout.RoundUp:
		v = math.Ceil(v)
	default:
		v = math.RoundToEven(v)
	}
	return int64(v)
}

// floatAmount returns f (≥ 0) as an Amount with d decimals, rounded with mode.
func floatAmount(f float64, d int, mode swapscout.RoundingMode) swapscout.Amount {
	for d > 0 && f*math.Pow10(d) >= 1e18 {
		d--
	}
	if f >= 1e18 { // beyond any realistic price or amount: keep the integer part
		return swapscout.MustAmount(strconv.FormatFloat(math.Floor(f), 'f', 0, 64))
	}
	return swapscout.NewAmount(scaled(f, d, mode), d)
}

// tens[d] is 10^d.
var tens = func() (t [swapscout.MaxScale + 1]swapscout.Amount) {
	for d := range t {
		t[d] = swapscout.MustAmount("1" + strings.Repeat("0", d))
	}
	return t
}()

// tenPow returns 10^d, 0 ≤ d ≤ MaxScale.
func tenPow(d int) swapscout.Amount { return tens[d] }
