package venue

import (
	"slices"

	"github.com/swapscout/swapscout"
)

// wordClass is a failure code and what tells it: an HTTP status among
// statuses, or one of words in the venue's message.
type wordClass struct {
	code     swapscout.FailureCode
	statuses []int
	words    []string
}

// classify returns the code of the first of classes that status or msg (in
// lower case) matches; ok is false when none does.
func classify(classes []wordClass, status int, msg string) (code swapscout.FailureCode, ok bool) {
	for _, c := range classes {
		if slices.Contains(c.statuses, status) || ContainsAny(msg, c.words...) {
			return c.code, true
		}
	}
	return "", false
}

// worded are the classes of venues whose refusals are free text without a
// list of codes (ChangeHero and EasyBit, [MEM]: no source shows their
// messages), narrower than TextCode's: a refused key, rate limiting, and an
// amount below or above a limit, in that order.
var worded = []wordClass{
	{swapscout.CodeNotConfigured, []int{401, 403}, []string{"api key", "api-key", "apikey", "unauthori", "forbidden", "access denied"}},
	{swapscout.CodeRateLimited, []int{429}, []string{"too many", "rate limit", "throttl"}},
	{swapscout.CodeAmountTooSmall, nil, []string{"minimum", "minimal", "min amount", "too low", "too small"}},
	{swapscout.CodeAmountTooLarge, nil, []string{"maximum", "maximal", "max amount", "too high", "too large", "exceed"}},
}

// WordedRefusal classifies a refusal by its HTTP status and msg, the venue's
// message in lower case: a refused key (401, 403 or its words), rate limiting
// (429 or its words), an amount below or above a limit, in that order. ok is
// false when neither says; the adapter then decides by its own codes.
func WordedRefusal(status int, msg string) (code swapscout.FailureCode, ok bool) {
	return classify(worded, status, msg)
}

// textClasses are TextCode's classes, by words alone.
var textClasses = []wordClass{
	{swapscout.CodeNotConfigured, nil, keyWords},
	{swapscout.CodeRateLimited, nil, limitWords},
	{swapscout.CodeAmountTooSmall, nil, minWords},
	{swapscout.CodeAmountTooLarge, nil, maxWords},
	{swapscout.CodeUnsupportedPair, nil, pairWords},
	{swapscout.CodeUnavailable, nil, downWords},
}
