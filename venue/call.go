package venue

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
)

// Request is one outbound call an adapter makes.
type Request struct {
	Method      string // GET when empty
	URL         string // absolute, query included
	Header      []Field
	Body        []byte
	ContentType string
	// MaxBody sets the response size cap for this call; zero keeps the
	// client's (1 MiB by default, sized for quote answers of a few KB and
	// books of a few hundred levels). Calls for market lists and whole
	// books set it to what the venue really sends.
	MaxBody int
}

// Field is a request header.
type Field struct{ Key, Value string }

// Fetch performs req through the shared client and hands the answer to parse
// while the body is valid (it must not keep the bytes).
//
// Fetch handles what every venue shares: the venue's Guard (cool-down after
// a rate-limit answer, outbound rate limit, circuit breaker; see [Guard]),
// transport errors (timeouts and cancellation come back as the context's
// error, which the engine reports as timeout; connection failures as
// unavailable), rate limiting (HTTP 429 and Binance-style 418, with
// Retry-After in seconds or as a date, or KuCoin's gw-ratelimit-reset),
// answers too large to read, and answers that are not JSON (an HTML block
// page is unavailable, not a parse error). parse sees every other status:
// many venues put their error codes in 4xx or even 200 bodies.
//
// An error of a call that never left (the guard held it back; the
// connection could not be opened) carries swapscout.ErrNotSent, so the swap
// service knows a create that failed so made nothing; every other failure
// after the request was sent leaves the outcome open. A context carrying
// swapscout.WithLimitWait bounds the wait for the rate limit.
func Fetch(ctx context.Context, cfg *Config, req Request, parse func(status int, body []byte) error) (err error) {
	if g := cfg.Guard; g != nil {
		bctx := ctx
		if d, ok := swapscout.LimitWait(ctx); ok {
			var cancel context.CancelFunc
			bctx, cancel = context.WithTimeout(ctx, max(d, 0))
			defer cancel()
		}
		// The guard waits for a rate-limit token only when one comes
		// before bctx's deadline; otherwise it refuses at once, rate_limited
		// with the wait in RetryAfter.
		start, berr := g.begin(bctx)
		if berr != nil {
			return notSent(berr)
		}
		defer func() { err = g.end(start, err) }()
	}
	c := upstream.AcquireCall()
	defer upstream.ReleaseCall(c)
	if req.Method != "" {
		c.SetMethod(req.Method)
	}
	c.SetURL(req.URL)
	for _, h := range req.Header {
		c.SetHeader(h.Key, h.Value)
	}
	if req.Body != nil {
		c.SetBody(req.Body, req.ContentType)
	}
	if req.MaxBody > 0 {
		c.SetMaxBodySize(req.MaxBody)
	}
	if err := cfg.HTTP.Do(ctx, c); err != nil {
		err = transportError(ctx, err)
		if unsent(err) {
			err = notSent(err)
		}
		return err
	}
	status := c.Status()
	if status == 429 || status == 418 {
		wait := retryAfter(c.Header("Retry-After"), cfg.NowTime())
		if wait == 0 {
			// KuCoin says when its window resets in milliseconds instead.
			if ms, err := strconv.Atoi(string(bytes.TrimSpace(c.Header("gw-ratelimit-reset")))); err == nil && ms > 0 {
				wait, _ = Duration(ms, time.Millisecond) // capped: an absurd reset is the longest hold-off
			}
		}
		return &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: fmt.Sprintf("rate limited (HTTP %d)", status), RetryAfter: wait}
	}
	body := c.Body()
	// A block or error page is HTML; some PHP services label JSON text/html,
	// so the body decides.
	if ct := c.ContentType(); bytes.Contains(ct, []byte("html")) && bytes.HasPrefix(bytes.TrimSpace(body), []byte("<")) {
		return &swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: fmt.Sprintf("answered HTML, not JSON (HTTP %d)", status)}
	}
	return parse(status, body)
}

// FetchValue is Fetch for a parser that returns what it read: that value,
// with the call's error.
func FetchValue[T any](ctx context.Context, cfg *Config, req Request, parse func(status int, body []byte) (T, error)) (v T, err error) {
	err = Fetch(ctx, cfg, req, func(status int, body []byte) (err error) {
		v, err = parse(status, body)
		return err
	})
	return v, err
}

// transportError maps a failed call to what the engine reports. The
// messages are fixed texts: the cause (with addresses and library
// details) stays in Err, for logs only.
func transportError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var msg string
	code := swapscout.CodeBadResponse
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return context.DeadlineExceeded
	case errors.Is(err, upstream.ErrBodyBudget):
		msg = "answer too large for the shared budget"
	case errors.Is(err, upstream.ErrBodyTooLarge):
		msg = "answer too large"
	case errors.Is(err, upstream.ErrHeaderTooLarge):
		msg = "response headers too large"
	case errors.Is(err, upstream.ErrBadEncoding):
		msg = "unreadable answer"
	default:
		code, msg = swapscout.CodeUnavailable, "venue unreachable"
	}
	return &swapscout.VenueError{Code: code, Msg: msg, Err: err}
}

// unsent reports whether a transport failure happened before any byte of
// the request could be written: the connection could not be opened (refused,
// unreachable, no such host) or the URL was never dialled.
func unsent(err error) bool {
	var op *net.OpError
	var dns *net.DNSError
	return errors.As(err, &op) && op.Op == "dial" || errors.As(err, &dns) || errors.Is(err, upstream.ErrInvalidURL)
}

// notSent marks err as the error of a call that never left
// (swapscout.ErrNotSent), keeping its code, message and RetryAfter.
func notSent(err error) error {
	if errors.Is(err, swapscout.ErrNotSent) {
		return err
	}
	var ve *swapscout.VenueError
	if errors.As(err, &ve) {
		c := *ve
		c.Err = errors.Join(swapscout.ErrNotSent, ve.Err)
		return &c
	}
	return fmt.Errorf("%w: %w", swapscout.ErrNotSent, err)
}

// retryAfter parses a Retry-After header: delay-seconds or an HTTP-date
// (RFC 9110), relative to now. Zero when absent, malformed or past.
func retryAfter(v []byte, now time.Time) time.Duration {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return 0
	}
	if n, err := strconv.Atoi(string(v)); err == nil {
		d, _ := Duration(max(n, 0), time.Second) // capped, never wrapped: Retry-After: 1e12
		return d
	}
	t, err := http.ParseTime(string(v))
	if err != nil {
		return 0
	}
	return max(t.Sub(now), 0)
}

// ErrListLoading is the cause of the error a venue answers while its market
// or currency list is still loading (at startup, or until the venue answers
// again): test for it with errors.Is.
var ErrListLoading = errors.New("market list loading")

// ListLoading is the unavailable error of venue name while its list loads:
// a *swapscout.VenueError (errors.As finds it) that is also ErrListLoading
// (errors.Is), reading "<name> market list loading".
func ListLoading(name string) error {
	return listLoading{&swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: name + " market list loading"}}
}

type listLoading struct{ *swapscout.VenueError }

func (l listLoading) Unwrap() error        { return l.VenueError }
func (l listLoading) Is(target error) bool { return target == ErrListLoading }

// StatusError is the error for a status the adapter does not expect.
func StatusError(status int) error {
	if status >= 500 {
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "venue error (HTTP %d)", status)
	}
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "unexpected answer (HTTP %d)", status)
}

// BadResponse wraps a decode error as bad_response.
func BadResponse(err error) error {
	return &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: "malformed answer", Err: err}
}

// Unsupported is the error for a pair a venue cannot quote, found without a call.
func Unsupported(name string, req swapscout.QuoteRequest) error {
	return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s does not swap %s to %s", name, req.From, req.To)
}

// Parallel runs fns concurrently and waits for all; it returns the first
// error in argument order. Adapters use it for calls that can overlap (an
// estimate and its limits).
func Parallel(ctx context.Context, fns ...func(context.Context) error) error {
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	for i, fn := range fns[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i+1] = fn(ctx)
		}()
	}
	errs[0] = fns[0](ctx)
	wg.Wait()
	return firstNonNil(errs)
}

func firstNonNil(errs []error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// NowTime returns the time on cfg's clock.
func (cfg *Config) NowTime() time.Time {
	if cfg.Now != nil {
		return cfg.Now()
	}
	return time.Now()
}
