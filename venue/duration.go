package venue

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// MaxDuration is the longest time a venue's number converts to: a year.
// No expiry, wait or estimate a venue gives is longer; a larger number is a
// unit mistake (milliseconds read as minutes) or garbage.
const MaxDuration = 366 * 24 * time.Hour

// Number is what venues give durations in: whole or fractional counts.
type Number interface {
	~int | ~int32 | ~int64 | ~uint32 | ~uint64 | ~float64
}

// Duration converts v units (time.Second, time.Minute, …) as a venue gave
// them into a time.Duration, without overflow: time.Duration(v) * unit wraps
// around past 292 years (a float's conversion is undefined there), which
// turned an expiry into year −292 billion. ok is false when v is negative,
// not a number, or worth more than MaxDuration; d is then MaxDuration for
// a positive v too large (a caller capping a wait may use it) and zero
// otherwise. Every adapter converts a venue's number through it.
func Duration[T Number](v T, unit time.Duration) (d time.Duration, ok bool) {
	f := float64(v)
	switch {
	case math.IsNaN(f) || f < 0 || unit <= 0:
		return 0, false
	case f > float64(MaxDuration/unit):
		// Compared in units, before any multiplication can overflow.
		return MaxDuration, false
	}
	d = time.Duration(math.Round(f * float64(unit)))
	if d > MaxDuration {
		return MaxDuration, false
	}
	return d, true
}

// DurationOf is Duration for an exact decimal a venue gave.
func DurationOf(a swapscout.Amount, unit time.Duration) (time.Duration, bool) {
	if !a.Valid() {
		return 0, false
	}
	return Duration(a.Float64(), unit)
}

// UnixTime converts seconds since 1970 a venue gave into a time; ok is false
// for a value that is not a plausible time of now (before 2009, the first
// block of any chain, or after 2200), so garbage never becomes an expiry.
func UnixTime[T Number](secs T, unit time.Duration) (time.Time, bool) {
	f := float64(secs)
	lo, hi := float64(time.Date(2009, 1, 1, 0, 0, 0, 0, time.UTC).Unix()), float64(time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC).Unix())
	if unit <= 0 || math.IsNaN(f) {
		return time.Time{}, false
	}
	s := f * unit.Seconds()
	if s < lo || s > hi {
		return time.Time{}, false
	}
	sec, frac := math.Modf(s)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))).UTC(), true
}

// MinuteRange reads an estimate a venue gives in whole minutes, as a range
// or one number ("10-60", "5"): zero, zero for anything else, a range that
// runs backwards, or one reaching past most (a processing time of months is
// no estimate).
func MinuteRange(s string, most time.Duration) (lo, hi time.Duration) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || x < 0 || y < x {
		return 0, 0
	}
	lo, ok1 := Duration(x, time.Minute)
	hi, ok2 := Duration(y, time.Minute)
	if !ok1 || !ok2 || hi > most {
		return 0, 0
	}
	return lo, hi
}
