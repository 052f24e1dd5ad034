package venue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"golang.org/x/time/rate"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/opt"
	"github.com/swapscout/swapscout/upstream"
)

// Guard limits and protects the calls of one venue. [Fetch] consults it
// before every call and tells it the outcome after, so every adapter of the
// venue (quotes, books, market lists) shares it:
//
//   - a cool-down after a rate-limit answer: the venue's Retry-After (or
//     KuCoin's reset header), capped at [MaxCoolDown], or without one a
//     back-off that doubles from the venue's Limit.Backoff up to
//     [MaxBackoff]; calls during it fail rate_limited without a network call,
//     and the first call after it probes the venue again;
//
//   - an outbound rate limit (a token bucket sized from the venue's
//     documented limits, see [Descriptor.Limit]; one budget for every
//     instance when the registry has a [Budget]), shared by classes of
//     calls so that no client can take what others' quotes need. A call's
//     class (see [Guard.classify]) says how much of the bucket it must
//     leave and whether it may wait for a token:
//
//     1. interactive: a quote's direct calls. It may take the last token,
//     and waits for one if it comes before its context's deadline and its
//     request's ([swapscout.RequestDeadline]: nobody waits for the answer
//     past it) and within the wait its request allows
//     ([swapscout.TokenWait]), else fails rate_limited at once. A call with a derived
//     answer ready ([swapscout.Derivable]) takes a free token but never
//     waits: the derived answer is better than a late one.
//     2. extra: a normal quote's calls beyond its direct ones (the legs of
//     two-leg routes, [swapscout.Extra]; the CEX engine's second-choice
//     books, [WithOptional]): they leave one token and never wait, so
//     they never delay or starve the direct calls.
//     3. spare: calls that only use what the others leave, keeping the
//     reserve (half the burst) and never waiting: a flooding client's
//     ([swapscout.Bulk]: a client past its interactive share), and any
//     call whose request has less time left than the venue usually takes
//     to answer ([Guard.UsualAnswer]): it cannot use the answer it would
//     pay for (it still warms caches, detached), so a flood of deadline=1ms
//     quotes cannot spend the tokens of quotes that will wait for theirs.
//
//     So whatever a client sends, a bucket drained by spare calls still
//     holds its reserve for the other classes, and one drained by extra
//     calls still holds a token for a direct call; the lowest class a call
//     is marked with decides;
//
//   - a circuit breaker: after [BreakerFailures] failures in a row
//     (unreachable, timeout, 5xx, unreadable answers) the venue answers
//     unavailable without a network call for [BreakerOpen], then one probe
//     call decides whether it closes again. Normal answers such as an
//     unsupported pair or an amount out of range count as successes. A call
//     its caller cancelled (the engine cuts calls it cannot let run on)
//     counts as neither: it is nobody's failure, and a probe cut so gives
//     its turn back rather than reopen the circuit. The engine runs every
//     quote call under the venue's own deadline, whatever the request's,
//     so a deadline that passes is the venue's; a call whose request has
//     ended ([swapscout.RequestDeadline]) finishes what it sent but starts
//     no new call ([swapscout.ErrRequestEnded]).
//
// A nil *Guard lets every call through.
type Guard struct {
	name  string
	limit Limit
	lim   *rate.Limiter // nil: no outbound limit
	// budget, when set, holds the rate limit for every instance (under
	// budgetKey); lim is then this instance's share while it cannot be
	// asked.
	budget    Budget
	budgetKey string
	// sharedNext is when the budget last said a token would next be free
	// (unix nanos; 0: unknown).
	sharedNext atomic.Int64
	cb         circuitbreaker.CircuitBreaker[any]
	now        func() time.Time // clock of the cool-down
	// rate is the clock of the outbound rate limit: when tokens come back
	// and how a call waits for one (SetRateClock; the wall clock unless set).
	rate RateClock

	coolUntil atomic.Int64 // unix nanos; calls before it are refused
	// answer is the venue's usual answer time (nanos, a moving average on
	// the rate clock of the calls it answered); 0: none seen yet.
	answer  atomic.Int64
	mu      sync.Mutex
	strikes int // rate-limit answers in a row without a Retry-After
}

// Cool-down and breaker settings shared by every venue.
const (
	// MaxCoolDown caps how long one rate-limit answer silences a venue,
	// whatever its Retry-After says: after it, a call probes the venue.
	MaxCoolDown = 5 * time.Minute
	// MaxBackoff caps the doubling back-off after rate-limit answers that
	// give no Retry-After.
	MaxBackoff = 2 * time.Minute
	// BreakerFailures is how many failures in a row open a venue's breaker.
	BreakerFailures = 5
	// BreakerOpen is how long an open breaker refuses calls before it lets
	// one probe through.
	BreakerOpen = 30 * time.Second
	// DefaultAnswerTime is a venue's usual answer time until it has
	// answered: an HTTPS round trip to a service on another continent.
	DefaultAnswerTime = 100 * time.Millisecond
)

// NewGuard returns the guard of the venue called name (as shown in
// messages), with l's rate limit (none when l.Rate is zero) and back-off.
// now is the cool-down's clock; time.Now when nil.
func NewGuard(name string, l Limit, now func() time.Time) *Guard {
	return newGuard(name, l, now, BreakerOpen)
}

func newGuard(name string, l Limit, now func() time.Time, open time.Duration) *Guard {
	if now == nil {
		now = time.Now
	}
	l.Backoff = opt.Or(l.Backoff, DefaultBackoff)
	g := &Guard{
		name:  name,
		limit: l,
		now:   now,
		rate:  wallClock{},
		cb: circuitbreaker.NewBuilder[any]().
			WithFailureThreshold(BreakerFailures).
			WithSuccessThreshold(1). // one good probe closes it, one bad one reopens it
			WithDelay(open).
			Build(),
	}
	if l.Rate > 0 {
		g.lim = rate.NewLimiter(l.Rate, max(l.Burst, 1))
	}
	return g
}

// RateClock is the clock of a guard's outbound rate limit: Now says when
// tokens come back, Sleep waits d (or until ctx ends, with its error).
// Deadlines stay the contexts' own: a wait is compared with the time left
// before them on the wall clock.
type RateClock interface {
	Now() time.Time
	Sleep(ctx context.Context, d time.Duration) error
}

// wallClock is the RateClock of time itself.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) Sleep(ctx context.Context, d time.Duration) error { return sleepCtx(ctx, d) }

// SetRateClock makes c the clock of g's outbound rate limit (tests count
// and skip the waits with it); call it before g's first call.
func (g *Guard) SetRateClock(c RateClock) { g.rate = c }

// tooLate reports whether a wait of d more for a token ends past ctx's
// deadline or its request's, or makes the call wait, since it began to at
// since, longer than its request lets it (swapscout.TokenWait).
func (g *Guard) tooLate(ctx context.Context, since time.Time, d time.Duration) bool {
	if w, ok := swapscout.TokenWait(ctx); ok && g.rate.Now().Add(d).Sub(since) > w {
		return true
	}
	dl, ok := g.deadline(ctx)
	return ok && d > time.Until(dl)
}

// Limit returns the figures the guard was built with.
func (g *Guard) Limit() Limit { return g.limit }

// State describes the guard for metrics and status pages: "closed" (calls
// go through), "cooling" (holding off after a rate-limit answer), "open"
// (breaker open: calls refused) or "half-open" (a probe may go through).
func (g *Guard) State() string {
	if g == nil {
		return "closed"
	}
	switch {
	case g.cb.IsOpen() && g.cb.RemainingDelay() > 0:
		return "open"
	case g.cb.IsOpen(), g.cb.IsHalfOpen(): // the next call probes
		return "half-open"
	case g.coolingFor(g.now()) > 0:
		return "cooling"
	}
	return "closed"
}

// RetryIn is how long the guard will refuse calls: the cool-down or the
// open breaker's remaining delay, whichever is longer; zero when calls go
// through.
func (g *Guard) RetryIn() time.Duration {
	if g == nil {
		return 0
	}
	return max(g.coolingFor(g.now()), g.cb.RemainingDelay())
}

func (g *Guard) coolingFor(now time.Time) time.Duration {
	until := g.coolUntil.Load()
	if until == 0 {
		return 0
	}
	return max(0, time.Duration(until-now.UnixNano()))
}

// Do runs call under the guard, as [Fetch] does for the calls it makes: for
// a venue call made some other way. The error is call's, or the guard's
// refusal (call then never runs).
func (g *Guard) Do(ctx context.Context, call func(context.Context) error) error {
	if g == nil {
		return call(ctx)
	}
	start, err := g.begin(ctx)
	if err != nil {
		return err
	}
	return g.end(start, call(ctx))
}

// begin decides whether a call may go out now. It waits for a rate-limit
// token when one comes before ctx's deadline. start is when the call went
// out (on the rate clock), for end to learn the venue's answer time.
func (g *Guard) begin(ctx context.Context) (start time.Time, err error) {
	if rd, ok := swapscout.RequestDeadline(ctx); ok && !time.Now().Before(rd) {
		// The engine lets a call its request no longer waits for finish
		// what it has sent, but it starts nothing new.
		return start, errRequestEnded
	}
	if left := g.coolingFor(g.now()); left > 0 {
		return start, &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: left, Err: swapscout.ErrHeldBack,
			Msg: fmt.Sprintf("%s rate limit: holding off calls for %s", g.name, left.Round(time.Millisecond))}
	}
	if d := g.cb.RemainingDelay(); d > 0 {
		return start, g.openError(d)
	}
	if g.lim != nil {
		if err := g.wait(ctx); err != nil {
			return start, err
		}
	}
	if !g.cb.TryAcquirePermit() {
		return start, g.openError(g.cb.RemainingDelay())
	}
	return g.rate.Now(), nil
}

var errRequestEnded = &swapscout.VenueError{Code: swapscout.CodeTimeout, Msg: "the request ended before this call could start",
	Err: swapscout.ErrRequestEnded}

func (g *Guard) openError(d time.Duration) error {
	msg := fmt.Sprintf("circuit open after %d failures; retrying in %s", BreakerFailures, d.Round(time.Second))
	if d <= 0 {
		msg = fmt.Sprintf("circuit half-open after %d failures: a probe call is in flight", BreakerFailures)
	}
	return &swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: msg, Err: swapscout.ErrHeldBack}
}

// class is a call's claim on the venue's rate budget (see [Guard]), from
// the most to the least entitled.
type class uint8

const (
	interactive class = iota // may take the last token and wait for one
	derivable                // may take the last token, never waits
	extra                    // leaves one token, never waits
	late                     // spare: its request cannot use the answer
	bulk                     // spare: a flooding client's
)

// classify returns the class of a call made with ctx: the lowest its marks
// and its request's time left give it.
func (g *Guard) classify(ctx context.Context) class {
	switch {
	case swapscout.Bulk(ctx):
		return bulk
	case g.hopeless(ctx):
		return late
	case swapscout.Extra(ctx), Optional(ctx):
		return extra
	case swapscout.Derivable(ctx):
		return derivable
	}
	return interactive
}

// hopeless reports whether the request ctx serves has less time left than
// the venue usually takes to answer: its client cannot use the answer, so
// the call may spend only spare tokens.
func (g *Guard) hopeless(ctx context.Context) bool {
	rd, ok := swapscout.RequestDeadline(ctx)
	return ok && time.Until(rd) < g.UsualAnswer()
}

// keep is how many tokens a call of class c must leave in the bucket.
func (g *Guard) keep(c class) float64 {
	switch c {
	case extra:
		return 1
	case late, bulk:
		return g.reserve()
	}
	return 0
}

// UsualAnswer is how long the venue usually takes to answer a call: a
// moving average of the calls it answered (or let run to their own
// deadline), DefaultAnswerTime before the first.
func (g *Guard) UsualAnswer() time.Duration {
	if n := g.answer.Load(); n > 0 {
		return time.Duration(n)
	}
	return DefaultAnswerTime
}

// learn adds a call's answer time d to the usual one (weight 1/8: a few
// slow answers move it, one does not). Concurrent updates may lose one
// sample, which an average can spare.
func (g *Guard) learn(d time.Duration) {
	d = max(d, 1)
	old := time.Duration(g.answer.Load())
	if old > 0 {
		d = old + (d-old)/8
	}
	g.answer.Store(int64(max(d, 1)))
}

// wait takes a token of the outbound rate limit (the shared budget when
// there is one and it answers, else the local limiter), as the call's
// class allows: an interactive call waits for it only when it comes before
// ctx's deadline, the others never wait and leave what their class keeps.
func (g *Guard) wait(ctx context.Context) error {
	c := g.classify(ctx)
	if g.budget != nil {
		if err, ok := g.sharedWait(ctx, c); ok {
			return err
		}
		g.fallback()
	}
	now := g.rate.Now()
	if c != interactive {
		keep := g.keep(c)
		tokens := g.lim.TokensAt(now)
		if tokens >= keep+1 && g.lim.AllowN(now, 1) {
			return nil
		}
		wait := time.Duration((keep + 1 - tokens) / float64(g.lim.Limit()) * float64(time.Second))
		return g.refusal(ctx, c, wait)
	}
	if g.lim.AllowN(now, 1) {
		return nil
	}
	r := g.lim.ReserveN(now, 1)
	d := r.DelayFrom(now)
	if !r.OK() || g.tooLate(ctx, now, d) {
		r.CancelAt(now)
		return g.overLimit(d)
	}
	if err := g.rate.Sleep(ctx, d); err != nil {
		r.CancelAt(g.rate.Now())
		return err
	}
	return nil
}

// deadline is when a call must have its token: ctx's deadline or the
// request's, whichever comes first (the call may run on past the request's,
// but nobody waits for its token).
func (g *Guard) deadline(ctx context.Context) (time.Time, bool) {
	dl, ok := ctx.Deadline()
	if rd, rok := swapscout.RequestDeadline(ctx); rok && (!ok || rd.Before(dl)) {
		dl, ok = rd, true
	}
	return dl, ok
}

// overLimit is the refusal of a call whose token would come too late.
func (g *Guard) overLimit(d time.Duration) error {
	return &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: d, Err: swapscout.ErrHeldBack,
		Msg: fmt.Sprintf("over our own rate limit for %s (%g calls/s); next call in %s", g.name, float64(g.limit.Rate), d.Round(time.Millisecond))}
}

// refusal is the answer to a call of class c (not interactive: it may not
// wait for a token) when its class leaves it none.
func (g *Guard) refusal(ctx context.Context, c class, wait time.Duration) error {
	switch c {
	case bulk:
		return &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: wait, Err: swapscout.ErrHeldBack,
			Msg: fmt.Sprintf("%s: this client runs many quotes at once; those past its share use only the rate budget others leave (%g calls/s)",
				g.name, float64(g.limit.Rate))}
	case late:
		left := time.Duration(0)
		if rd, ok := swapscout.RequestDeadline(ctx); ok {
			left = max(0, time.Until(rd))
		}
		return &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: wait, Err: swapscout.ErrHeldBack,
			Msg: fmt.Sprintf("%s usually answers in %s and this request had %s left: its call uses only the rate budget others leave (%g calls/s)",
				g.name, g.UsualAnswer().Round(time.Millisecond), left.Round(time.Millisecond), float64(g.limit.Rate))}
	case extra:
		return &swapscout.VenueError{Code: swapscout.CodeRateLimited, Err: ErrSkipped,
			Msg: fmt.Sprintf("over our own rate limit for %s (%g calls/s): an optional call was skipped", g.name, float64(g.limit.Rate))}
	}
	return &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: wait, Err: ErrDerivable,
		Msg: fmt.Sprintf("over our own rate limit for %s (%g calls/s): a recent answer serves instead of waiting", g.name, float64(g.limit.Rate))}
}

// ErrDerivable is the cause of a call the rate limit refused at once
// because a derived answer was ready (swapscout.WithDerivable).
var ErrDerivable = fmt.Errorf("no token free now, and a derived answer is ready: %w", swapscout.ErrHeldBack)

// reserve is the part of the bucket spare calls (bulk, late) leave to the
// others: half the burst, at least one token.
func (g *Guard) reserve() float64 {
	return max(1, float64(g.limit.Burst)/2)
}

// end records the outcome of a call that begin let through at start and
// returns the error the caller sees: a rate-limit answer's RetryAfter
// becomes the cool-down actually applied. An answer (or the venue's own
// deadline passing) teaches the venue's usual answer time.
func (g *Guard) end(start time.Time, err error) error {
	if err == nil {
		g.cb.RecordSuccess()
		g.resetStrikes()
		g.learn(g.rate.Now().Sub(start))
		return nil
	}
	ve := asVenueError(err)
	isVE := ve != nil
	switch {
	case isVE && ve.Code == swapscout.CodeRateLimited:
		g.cb.RecordSuccess() // the venue answered; the cool-down handles it
		return g.coolDown(ve, err)
	case errors.Is(err, context.Canceled), errors.Is(err, upstream.ErrBodyBudget):
		// Not the venue's doing: the caller gave up (or the engine cut the
		// call), or other answers filled the shared body budget. A probe's
		// permit goes back with no verdict: counting it failed would let
		// whoever cancels probes keep the circuit open for everyone.
		if g.cb.IsHalfOpen() {
			// Give the permit back: a fresh half-open state (through open,
			// as the breaker ignores a move to the state it is in). Only
			// this call held the permit, so no verdict is lost.
			g.cb.Open()
			g.cb.HalfOpen()
		}
		return err
	case errors.Is(err, context.DeadlineExceeded):
		// The venue's own deadline (the engine's calls run under it): it
		// took at least this long.
		g.cb.RecordFailure()
		g.learn(g.rate.Now().Sub(start))
	case !isVE, ve.Code == swapscout.CodeUnavailable, ve.Code == swapscout.CodeBadResponse, ve.Code == swapscout.CodeTimeout:
		g.cb.RecordFailure()
	default: // a normal answer: unsupported pair, amount out of range, …
		g.cb.RecordSuccess()
		g.learn(g.rate.Now().Sub(start))
	}
	g.resetStrikes()
	return err
}

func (g *Guard) resetStrikes() {
	g.mu.Lock()
	g.strikes = 0
	g.mu.Unlock()
}

// coolDown starts the hold-off after a rate-limit answer and returns err
// with RetryAfter set to it.
func (g *Guard) coolDown(ve *swapscout.VenueError, err error) error {
	d := ve.RetryAfter
	g.mu.Lock()
	if d <= 0 {
		d = g.limit.Backoff << min(g.strikes, 16)
		d = min(d, MaxBackoff)
		g.strikes++
	} else {
		g.strikes = 0
	}
	g.mu.Unlock()
	d = min(d, MaxCoolDown)
	until := g.now().Add(d).UnixNano()
	for {
		old := g.coolUntil.Load()
		if old >= until || g.coolUntil.CompareAndSwap(old, until) {
			break
		}
	}
	if d == ve.RetryAfter {
		return err
	}
	c := *ve
	c.RetryAfter = d
	return &c
}

// asVenueError finds the *VenueError in err's chain, like errors.As without
// its allocation (this runs on every call).
func asVenueError(err error) *swapscout.VenueError {
	for err != nil {
		if ve, ok := err.(*swapscout.VenueError); ok {
			return ve
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return nil
		}
		err = u.Unwrap()
	}
	return nil
}

// ErrSkipped is the cause of an optional call the rate limit skipped: it
// says nothing of the venue, so a caller reports another route's error
// before it (errors.Is).
var ErrSkipped = fmt.Errorf("optional call skipped: %w", swapscout.ErrHeldBack)

// optionalKey marks a context whose calls are optional (WithOptional).
type optionalKey struct{}

// WithOptional marks calls made with the returned context as optional: the
// venue's rate limit lets them through only while tokens are to spare and
// never makes them wait, so they cannot starve the calls a quote needs (the
// CEX engine prices its second-choice routes this way).
func WithOptional(ctx context.Context) context.Context {
	return context.WithValue(ctx, optionalKey{}, true)
}

// Optional reports whether ctx was marked by WithOptional.
func Optional(ctx context.Context) bool {
	v, _ := ctx.Value(optionalKey{}).(bool)
	return v
}
