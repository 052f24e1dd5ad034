package nearintents

import (
	"errors"
	"strings"

	"github.com/swapscout/swapscout"
)

// errBaseUnits is a base-unit amount that is not a plain integer string.
var errBaseUnits = errors.New("not an integer amount in base units")

// maxBaseDigits bounds a base-unit integer: 38 digits is the most an Amount
// holds exactly, far above any real balance (10^14 tokens of 24 decimals).
const maxBaseDigits = 38

// FromBase reads s, an integer in the smallest unit of a token with dec
// decimals ("6160820348891358620689654" with 24 decimals), as the exact
// decimal amount (6.160820348891358620689654). Only digits are accepted: no
// sign, point, exponent or spaces, as 1Click writes them.
func FromBase(s string, dec int) (swapscout.Amount, error) {
	if s == "" || dec < 0 || dec > swapscout.MaxScale {
		return swapscout.Amount{}, errBaseUnits
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return swapscout.Amount{}, errBaseUnits
		}
	}
	s = strings.TrimLeft(s, "0")
	if len(s) > maxBaseDigits {
		return swapscout.Amount{}, errBaseUnits
	}
	if s == "" {
		return swapscout.Amount{}, nil
	}
	var b strings.Builder
	b.Grow(len(s) + dec + 2)
	if n := len(s) - dec; n > 0 {
		b.WriteString(s[:n])
		if dec > 0 {
			b.WriteByte('.')
			b.WriteString(s[n:])
		}
	} else {
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(s)
	}
	return swapscout.ParseAmount(b.String())
}

// ToBase writes a as an integer in the smallest unit of a token with dec
// decimals, dropping (rounding toward zero) any digit finer than that unit:
// 1Click takes no fraction of a base unit. ok is false for a negative or
// invalid amount.
func ToBase(a swapscout.Amount, dec int) (s string, ok bool) {
	if !a.Valid() || a.Sign() < 0 || dec < 0 || dec > swapscout.MaxScale {
		return "", false
	}
	t := a.Round(dec, swapscout.RoundDown).String()
	whole, frac, _ := strings.Cut(t, ".")
	digits := strings.TrimLeft(whole+frac+strings.Repeat("0", dec-len(frac)), "0")
	if digits == "" {
		digits = "0"
	}
	return digits, true
}
