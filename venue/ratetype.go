package venue

import (
	"strings"

	"github.com/swapscout/swapscout"
)

// StatedRateType is the rate type of an offer: the one the venue's answer
// states (stated equal to its word for fixed or for float, ignoring case),
// or, when the answer does not say, the one that was asked. A venue that
// answers a fixed rate to a float request thus offers a fixed rate.
func StatedRateType(stated, fixedWord, floatWord string, asked swapscout.RateType) swapscout.RateType {
	switch {
	case stated == "":
		return asked
	case strings.EqualFold(stated, fixedWord):
		return swapscout.Fixed
	case strings.EqualFold(stated, floatWord):
		return swapscout.Float
	}
	return asked
}
