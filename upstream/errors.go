package upstream

import (
	"context"
	"errors"
	"fmt"
)

var (
	// ErrBodyTooLarge reports a response body larger than
	// Options.MaxBodySize, on the wire or after gunzip.
	ErrBodyTooLarge = errors.New("upstream: response body too large")

	// ErrBodyBudget reports a response that would take the bodies of all
	// calls in flight past Options.BodyBudget.
	ErrBodyBudget = errors.New("upstream: response bodies in flight exceed the shared budget")

	// ErrHeaderTooLarge reports response headers that do not fit the
	// client's read buffer (16 KiB).
	ErrHeaderTooLarge = errors.New("upstream: response headers too large")

	// ErrBadEncoding reports a corrupt gzip body or an unsupported
	// Content-Encoding.
	ErrBadEncoding = errors.New("upstream: bad content encoding")

	// ErrClosed reports a call made on, or aborted by, a closed Client.
	ErrClosed = errors.New("upstream: client closed")

	// ErrInvalidURL reports a URL that is not an absolute http or https URL.
	ErrInvalidURL = errors.New("upstream: invalid URL")

	// ErrTimeout reports that the call's deadline passed. It satisfies
	// errors.Is(ErrTimeout, context.DeadlineExceeded) and has a Timeout
	// method returning true, like net and os timeout errors.
	ErrTimeout error = timeoutError{}
)

var errBodyNotAllowed = errors.New("request body not allowed for GET or HEAD")

type timeoutError struct{}

func (timeoutError) Error() string        { return "upstream: call deadline exceeded" }
func (timeoutError) Timeout() bool        { return true }
func (timeoutError) Temporary() bool      { return true }
func (timeoutError) Is(target error) bool { return target == context.DeadlineExceeded }

// Error is the type of every error returned by [Client.Do]. Use errors.Is on
// it to test for the causes listed there.
type Error struct {
	Method string // request method
	Host   string // scheme://host[:port] of the URL; empty if not reached
	Err    error  // cause
}

// Error implements the error interface.
func (e *Error) Error() string {
	if e.Host == "" {
		return "upstream: " + e.Method + ": " + e.Err.Error()
	}
	return "upstream: " + e.Method + " " + e.Host + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Timeout reports whether the call failed because a deadline passed, so that
// os.IsTimeout and net.Error-style checks work on *Error values.
func (e *Error) Timeout() bool {
	var t interface{ Timeout() bool }
	return errors.As(e.Err, &t) && t.Timeout()
}

func invalidURL(err error) error {
	return fmt.Errorf("%w: %w", ErrInvalidURL, err)
}

func badEncoding(err error) error {
	return fmt.Errorf("%w: %w", ErrBadEncoding, err)
}

func unsupportedEncoding(enc []byte) error {
	return fmt.Errorf("%w: unsupported Content-Encoding %q", ErrBadEncoding, enc)
}
