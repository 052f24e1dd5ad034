package swapscout

import (
	"errors"
	"fmt"
	"time"
)

// Application error codes. Transports map them to statuses in one place
// (httpapi's status table); clients see Code and Message, logs see the cause.
const (
	EINVALID         = "invalid_request"      // bad input from the client
	ENOTFOUND        = "not_found"            // unknown or expired resource
	ENOTALLOWED      = "method_not_allowed"   // route exists, method does not
	ETOOLARGE        = "request_too_large"    // request line or body over the limit
	ECONFLICT        = "idempotency_conflict" // an Idempotency-Key reused for another request
	EADDRESS         = "invalid_address"      // a payout or refund address or memo is wrong
	ERATECHANGED     = "rate_changed"         // the venue's new offer is worse than the user allowed
	EINPROGRESS      = "in_progress"          // a request with this Idempotency-Key is still being made
	ESWAPUNSUPPORTED = "swap_unsupported"     // the venue cannot create swaps
	EVENUE           = "venue_refused"        // the venue did not do what was asked
	EBADANSWER       = "venue_bad_answer"     // the venue's answer failed our checks; nothing payable was made
	EUNKNOWN         = "outcome_unknown"      // the venue may have made an order whose answer was lost
	ERATELIMITED     = "rate_limited"         // our own limit on calls to the venue holds the request back
	EDEPOSIT         = "deposit_conflict"     // another deposit transaction is recorded for the swap, or the swap is over
	EUNAVAILABLE     = "unavailable"          // a dependency is down
	EUNAUTHORIZED    = "unauthorized"         // an API key is required, or the one given is unknown
	EFORBIDDEN       = "forbidden"            // the client's key or grant does not allow this
	EINTERNAL        = "internal"             // a bug; the message is generic
)

// ErrorCodes lists every application error code, for documentation and tests.
var ErrorCodes = []string{EINVALID, ENOTFOUND, ENOTALLOWED, ETOOLARGE, ECONFLICT, EADDRESS, ERATECHANGED,
	EINPROGRESS, ESWAPUNSUPPORTED, EVENUE, EBADANSWER, EUNKNOWN, ERATELIMITED, EDEPOSIT, EUNAVAILABLE, EUNAUTHORIZED, EFORBIDDEN, EINTERNAL}

// Error is an application error: Code and Message are safe to show a client;
// Err is the cause, for logs only. RetryAfter, when positive, is when asking
// again may get another answer (transports send it as Retry-After).
type Error struct {
	Code       string
	Message    string
	Err        error
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the code and a formatted public message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the application code of err: its *Error's code, or
// EINTERNAL for any other non-nil error.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// RetryAfterOf returns the RetryAfter of err's *Error, or zero.
func RetryAfterOf(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		return max(e.RetryAfter, 0)
	}
	return 0
}

// ErrorMessage returns the public message of err; internal errors get a
// generic one so no cause leaks to a client.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) && e.Code != EINTERNAL {
		return e.Message
	}
	return "internal error"
}

// VenueError is a venue's refusal or fault, with a typed code. Adapters return
// it (usually through NewVenueError or by wrapping a sentinel) and the engine
// turns it into a Failure.
type VenueError struct {
	Code     FailureCode
	Msg      string
	Min, Max Amount // limits on the amount sent, in From units
	// MinOut, MaxOut: limits on the amount received, in To units, when the
	// venue states them that way (reverse quotes, payout minimums).
	MinOut, MaxOut Amount
	RetryAfter     time.Duration
	// Field, on a refused swap creation, names the request field the venue
	// refused ("payout_address", "refund_address", "payout_memo",
	// "refund_memo"), when its answer says which: the user's input, not a
	// fault of the venue's.
	Field string
	Err   error
}

func (e *VenueError) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = string(e.Code)
	}
	if e.Err != nil {
		return msg + ": " + e.Err.Error()
	}
	return msg
}

func (e *VenueError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrAmountTooSmall) true for any *VenueError with that code.
func (e *VenueError) Is(target error) bool {
	t, ok := target.(*VenueError)
	return ok && t.Msg == "" && t.Err == nil && t.Code == e.Code
}

// NewVenueError returns a *VenueError with a formatted message.
func NewVenueError(code FailureCode, format string, args ...any) *VenueError {
	return &VenueError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ErrNotSent marks a venue call that never left: refused before any byte of
// the request was written (our own rate limit, cool-down or circuit breaker;
// a connection that could not be opened). errors.Is finds it in the chain
// of the error a call returns: a create that failed with it made nothing at
// the venue, whatever else the error says.
var ErrNotSent = errors.New("the call was not sent")

// Sentinels for errors.Is; wrap them with fmt.Errorf("…: %w", ErrX) or return a
// *VenueError with the same code and more detail.
var (
	ErrUnsupportedPair = &VenueError{Code: CodeUnsupportedPair}
	ErrAmountTooSmall  = &VenueError{Code: CodeAmountTooSmall}
	ErrAmountTooLarge  = &VenueError{Code: CodeAmountTooLarge}
	ErrTimeout         = &VenueError{Code: CodeTimeout}
	ErrRateLimited     = &VenueError{Code: CodeRateLimited}
	ErrUnavailable     = &VenueError{Code: CodeUnavailable}
	ErrBadResponse     = &VenueError{Code: CodeBadResponse}
	ErrNotConfigured   = &VenueError{Code: CodeNotConfigured}
)
