package swaps

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
)

// codeBadRequest is the venue kit's code for a venue's refusal of what it was
// asked, in its own words (venue.CodeBadRequest; the service does not import
// the adapters' kit).
const codeBadRequest swapscout.FailureCode = "bad_request"

// createdNothing reports whether a failed create call certainly made no
// order at the venue, so the key may be released:
//
//   - a venue that keeps no order (swapscout.DepositTracked: THORChain,
//     Maya) holds nothing until a deposit arrives, whatever the call did;
//   - a call that never left (swapscout.ErrNotSent: our own rate limit,
//     cool-down or circuit breaker; a connection that could not be opened);
//   - a clean refusal in the venue's own words: the pair, the amount, the
//     addresses or the credentials refused, or "too many requests".
//
// Everything else leaves the outcome open: the request may have reached the
// venue, which may have made the order before its answer was lost (cut,
// unreadable, a 5xx from a gateway in front of it, no answer in time).
func createdNothing(sw swapscout.Swapper, err error) bool {
	if _, ok := sw.(swapscout.DepositTracked); ok {
		return true
	}
	if errors.Is(err, swapscout.ErrNotSent) {
		return true
	}
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) {
		return false
	}
	switch ve.Code {
	case swapscout.CodeUnsupportedPair, swapscout.CodeAmountTooSmall, swapscout.CodeAmountTooLarge,
		swapscout.CodeRateLimited, swapscout.CodeNotConfigured, codeBadRequest:
		return true
	}
	return false
}

// createError is what the client hears of a create call that certainly
// made nothing: 429 when calls to the venue are held back (our own limit or
// the venue's "slow down"), 503 when the venue cannot be reached at all, the
// venue's refusal (502 venue_refused) otherwise.
func createError(venue string, err error) error {
	var ve *swapscout.VenueError
	isVE := errors.As(err, &ve)
	notSent := errors.Is(err, swapscout.ErrNotSent)
	switch {
	case isVE && addressFields[ve.Field]:
		// The venue refused one of the user's addresses or memos and said
		// which: a 400 beside that field, as a local check would.
		return &AddressError{Field: ve.Field, Reason: clip(ve.Msg)}
	case isVE && ve.Code == swapscout.CodeRateLimited:
		return rateLimited(venue, ve.Msg, ve.RetryAfter)
	case notSent && !isVE && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)):
		return rateLimited(venue, "no call slot in time", 0)
	case notSent && isVE && ve.Code == swapscout.CodeUnavailable:
		return &swapscout.Error{Code: swapscout.EUNAVAILABLE, RetryAfter: retrySeconds(ve.RetryAfter), Err: err,
			Message: fmt.Sprintf("%s cannot be reached now (%s); nothing was created: try again later", venue, clip(ve.Msg))}
	}
	msg := "the venue did not create the swap"
	if isVE {
		msg = fmt.Sprintf("%s (%s: %s)", msg, ve.Code, clip(ve.Msg))
	}
	return &swapscout.Error{Code: EVENUE, Message: msg, Err: err}
}

// rateLimited is the 429 of a creation held back by a rate limit; after is
// when to try again (a second when nobody said).
func rateLimited(venue, why string, after time.Duration) error {
	after = retrySeconds(max(after, time.Second))
	return &swapscout.Error{Code: swapscout.ERATELIMITED, RetryAfter: after, Message: fmt.Sprintf(
		"calls to %s are held back for now (%s); nothing was created. Try again in %s (the same Idempotency-Key may be used)",
		venue, clip(why), seconds(after))}
}

// lostWhy says, for the client and the operator, how a create call's answer
// was lost.
func lostWhy(err error) string {
	var ve *swapscout.VenueError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "no answer before the deadline"
	case errors.Is(err, context.Canceled):
		return "the call was cut"
	case errors.As(err, &ve) && ve.Code == swapscout.CodeTimeout:
		return "no answer before the deadline"
	case errors.As(err, &ve) && ve.Code == swapscout.CodeBadResponse:
		return "its answer could not be read: " + clip(ve.Msg)
	case errors.As(err, &ve):
		return "it failed after the request was sent: " + clip(ve.Msg)
	}
	return "the call failed after the request was sent"
}

// retrySeconds rounds d up to whole seconds, at least one: what a
// Retry-After header can say.
func retrySeconds(d time.Duration) time.Duration {
	if d <= time.Second {
		return time.Second
	}
	return (d + time.Second - 1).Truncate(time.Second)
}

// seconds says d as whole seconds, rounded up: "12 s".
func seconds(d time.Duration) string {
	return strconv.FormatInt(int64(retrySeconds(d)/time.Second), 10) + " s"
}
