package venue

import (
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
)

// MaxListAmount is where a fee, minimum, maximum or step in a venue's list
// stops being a number and becomes a bug: 10^15 units of anything. Venues that
// mean "no limit" by a huge maximum should pass zero (absent) for it.
var MaxListAmount = swapscout.MustAmount("1000000000000000")

// MaxMinimumUSD is the most a venue's least order or least deposit may be
// worth at the rough prices (swapscout.RoughUSD): no venue asks for ten
// million dollars' worth of a coin before it will trade. A minimum worth
// more is a number read in the wrong unit (satoshis or wei taken for coins,
// a list scaled ×10^12), though it may be far under MaxListAmount, and the
// list carrying it is refused like any absurd list: retried within seconds,
// instead of refusing every order until the next refresh.
const MaxMinimumUSD = 1e7

// AbsurdMinimum reports whether min, a least order or deposit in units of
// the catalogue ticker, is worth more than MaxMinimumUSD at the rough
// prices, and what it is worth (0 for a ticker without a rough price).
func AbsurdMinimum(ticker string, min swapscout.Amount) (worthUSD float64, absurd bool) {
	usd, ok := swapscout.RoughUSD(ticker)
	if !ok || !min.Valid() || min.Sign() <= 0 {
		return 0, false
	}
	worth := min.Float64() * usd
	return worth, worth > MaxMinimumUSD
}

// MaxListDecimals is the most decimal places a listed precision may have
// (NEAR has 24; 30 leaves room).
const MaxListDecimals = 30

// ListCheck vets a list a venue sent (currencies, pairs, limits) before it
// replaces the last good one. An adapter's Refresh records each entry it keeps
// through the methods below and calls Err: a non-nil error means the list is
// absurd, the adapter keeps its last good list and returns the error, and the
// registry retries sooner than the refresh interval.
//
// Only entries the adapter will use need checking; one absurd entry rejects
// the whole list, because a venue that ships one absurd value in a list has
// usually shifted or mislabelled a column everywhere.
type ListCheck struct {
	What     string // names the list in the error, e.g. "FixedFloat currency list"
	problems []string
	n        int
}

// Amount checks a fee, minimum, maximum or step: negative or at least
// MaxListAmount is absurd, and so is zero unless zeroOK (an absent value).
func (c *ListCheck) Amount(item, field string, a swapscout.Amount, zeroOK bool) {
	switch {
	case a.Sign() < 0:
		c.Problem(item, "%s %s is negative", field, a)
	case a.Sign() == 0 && !zeroOK:
		c.Problem(item, "%s is zero", field)
	case a.Cmp(MaxListAmount) >= 0:
		c.Problem(item, "%s %s is astronomical", field, a)
	}
}

// Range checks min and max with Amount (zero means absent for both) and that
// min does not exceed max when both are present.
func (c *ListCheck) Range(item string, min, max swapscout.Amount) {
	c.Amount(item, "minimum", min, true)
	c.Amount(item, "maximum", max, true)
	if min.Sign() > 0 && max.Sign() > 0 && min.Cmp(max) > 0 {
		c.Problem(item, "minimum %s exceeds maximum %s", min, max)
	}
}

// Minimum checks a least order or deposit of the catalogue ticker: as
// Amount does (zero is absent), and worth at most MaxMinimumUSD.
func (c *ListCheck) Minimum(item, ticker string, min swapscout.Amount) {
	n := c.n
	c.Amount(item, "minimum", min, true)
	if worth, absurd := AbsurdMinimum(ticker, min); absurd && c.n == n {
		c.Problem(item, "minimum %s %s is worth about $%.2g", min, ticker, worth)
	}
}

// Decimals checks a precision given as a count of decimal places.
func (c *ListCheck) Decimals(item string, n int) {
	if n < 0 || n > MaxListDecimals {
		c.Problem(item, "precision of %d decimals", n)
	}
}

// Problem records an absurd value the adapter found itself.
func (c *ListCheck) Problem(item, format string, args ...any) {
	c.n++
	if len(c.problems) < 3 {
		c.problems = append(c.problems, Clip(item)+": "+fmt.Sprintf(format, args...))
	}
}

// Err returns nil when the list is fit to use: kept (the entries the adapter
// would store) is positive and no entry had an absurd value. Otherwise it is
// a bad_response naming the first few problems.
func (c *ListCheck) Err(kept int) error {
	switch {
	case c.n > 0:
		more := ""
		if c.n > len(c.problems) {
			more = fmt.Sprintf(" and %d more", c.n-len(c.problems))
		}
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s rejected, the last good one is kept: %s%s",
			c.What, strings.Join(c.problems, "; "), more)
	case kept <= 0:
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s rejected, the last good one is kept: no usable entry", c.What)
	}
	return nil
}
