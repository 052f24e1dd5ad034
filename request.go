package swapscout

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// A venue call serves a request, but what the request chose is its own
// business: a short deadline or a flood of quotes from one client must not
// change how a venue is judged (its circuit breaker, back-off, metrics) nor
// take the share of its rate budget other requests need. The engine runs each
// venue call under the venue's own deadline, detached from the request
// (Detach), and the venue side reads here what it needs to know of the
// request: until when an answer is wanted (RequestDeadline), and which share
// of the budget its calls may use (Bulk, Extra; see venue.Guard for the
// classes).

// Detach returns a context for a venue call that may outlive the request
// whose context is ctx: it keeps ctx's values, but neither its deadline nor
// its cancellation, and remembers ctx's deadline as the request's (see
// RequestDeadline). The call must get a deadline of its own.
func Detach(ctx context.Context) context.Context {
	d := new(Detached)
	d.Reset(ctx)
	return d
}

// Detached is the context Detach returns. A value that lives as long as
// the calls may embed one and Reset it, to save an allocation.
type Detached struct {
	parent context.Context
	// deadline is the request's, in Unix nanoseconds; 0: none.
	deadline atomic.Int64
	// tokenWait bounds a call's wait for a rate-limit token (TokenWait);
	// 0: only the deadlines do.
	tokenWait time.Duration
}

// Reset makes d the detached context of ctx (see Detach).
func (d *Detached) Reset(ctx context.Context) {
	d.parent = ctx
	d.tokenWait = 0
	d.deadline.Store(0)
	if dl, ok := ctx.Deadline(); ok {
		d.deadline.Store(max(dl.UnixNano(), 1))
	}
}

// Extend makes d's calls wanted until ctx's deadline too (for ever when
// ctx has none): another request now waits for them.
func (d *Detached) Extend(ctx context.Context) {
	dl, ok := ctx.Deadline()
	for {
		old := d.deadline.Load()
		if old == 0 || ok && dl.UnixNano() <= old {
			return
		}
		next := int64(0)
		if ok {
			next = dl.UnixNano()
		}
		if d.deadline.CompareAndSwap(old, next) {
			return
		}
	}
}

// End marks the request over as of now, whatever its deadline said: its
// calls may finish what they have sent but start nothing new, until
// Extend.
func (d *Detached) End() {
	now := time.Now().UnixNano()
	for {
		old := d.deadline.Load()
		if old != 0 && old <= now || d.deadline.CompareAndSwap(old, now) {
			return
		}
	}
}

// SetTokenWait bounds how long d's calls wait for a rate-limit token (see
// TokenWait); 0 lifts the bound. Set it before the calls start.
func (d *Detached) SetTokenWait(w time.Duration) { d.tokenWait = w }

type requestDeadlineKey struct{}

func (*Detached) Deadline() (time.Time, bool) { return time.Time{}, false }
func (*Detached) Done() <-chan struct{}       { return nil }
func (*Detached) Err() error                  { return nil }

// Value is the parent's, except RequestDeadline's key.
func (d *Detached) Value(key any) any {
	if _, ok := key.(requestDeadlineKey); ok {
		return d // no boxing of the time: RequestDeadline reads the field
	}
	return d.parent.Value(key)
}

func (d *Detached) String() string { return "swapscout.Detach" }

// RequestDeadline returns the deadline of the request a detached call serves
// (the deadline ctx's ancestor had when Detach was called, the moment End
// said it was over, or a later one Extend gave it), and false when ctx was
// not detached or the request has none. Past it nobody waits for the call's answer: a call under way may run
// to its own deadline, but a new one should not start (ErrRequestEnded) nor
// wait for anything (a rate-limit token) beyond it.
func RequestDeadline(ctx context.Context) (time.Time, bool) {
	d, ok := ctx.Value(requestDeadlineKey{}).(*Detached)
	if !ok {
		return time.Time{}, false
	}
	n := d.deadline.Load()
	if n == 0 {
		return time.Time{}, false
	}
	return time.Unix(0, n), true
}

// TokenWait returns how long a detached call may wait for a token of its
// venue's rate limit, and false when only the deadlines bound the wait. A
// quote is as slow as its slowest call: under load a venue's bucket has no
// token for most calls, each one that waited for its token until near the
// request's deadline would make the whole answer that slow, and a queue of
// waiting calls serves nobody sooner. So the engine bounds the wait of a
// quote's calls (aggregate.Options.TokenWait) and a call whose token comes
// later is refused at once as held back, saying when the next one comes.
func TokenWait(ctx context.Context) (time.Duration, bool) {
	d, ok := ctx.Value(requestDeadlineKey{}).(*Detached)
	if !ok || d.tokenWait <= 0 {
		return 0, false
	}
	return d.tokenWait, true
}

// ErrHeldBack is the cause of a venue call our own side did not send: over
// our outbound rate limit, in a cool-down after the venue rate-limited us,
// refused by an open circuit breaker, or its request over. Nothing reached
// the venue, so it says nothing new of it: metrics count it apart from the
// venue's failures.
var ErrHeldBack = errors.New("held back: not sent to the venue")

// ErrRequestEnded is the cause of a venue call that was not made because
// the request it served had ended (RequestDeadline) before it could start.
// It is also ErrHeldBack and context.Canceled (errors.Is), as a cancelled
// call says as little of the venue.
var ErrRequestEnded = fmt.Errorf("the request ended before the call started: %w: %w", ErrHeldBack, context.Canceled)

// WithBulk marks the venue calls made with ctx as bulk: they come from a
// client that already runs more uncached quotes at once than its
// interactive share, so each venue lets them use only the rate budget it has
// to spare, never what it keeps for everyone else, and never makes them wait
// for it. Bulk reports the mark.
func WithBulk(ctx context.Context) context.Context {
	return bulkMark.set(ctx)
}

// Bulk reports whether ctx was marked by WithBulk.
func Bulk(ctx context.Context) bool {
	return bulkMark.in(ctx)
}

// WithExtra marks the venue calls made with ctx as extra: a normal
// request's calls beyond the ones its answer needs first (the legs of
// two-leg routes, searched beside the direct offers). Each venue lets them
// take a token of its rate budget while one is left after it for the
// calls that need it, and never makes them wait; they rank above bulk
// calls, so one client's flood cannot take the budget another's routes
// need. A call marked both extra and bulk is bulk. Extra reports the mark.
func WithExtra(ctx context.Context) context.Context {
	return extraMark.set(ctx)
}

// Extra reports whether ctx was marked by WithExtra.
func Extra(ctx context.Context) bool {
	return extraMark.in(ctx)
}

// WithDerivable marks the venue calls made with ctx as having an honest
// derived answer ready (a recent answer of the same venue for nearby
// amounts, see package derive): the venue's rate limit lets such a call
// through when a token is free now, and never makes it wait for one, since
// the derived answer is better than one that comes near the deadline.
// Derivable reports the mark.
func WithDerivable(ctx context.Context) context.Context {
	return derivableMark.set(ctx)
}

// Derivable reports whether ctx was marked by WithDerivable.
func Derivable(ctx context.Context) bool {
	return derivableMark.in(ctx)
}

// WithFresh marks a quote whose answers must all come from the venues now,
// never derived from earlier answers: the re-quote of an offer being taken.
// Fresh reports the mark.
func WithFresh(ctx context.Context) context.Context {
	return freshMark.set(ctx)
}

// Fresh reports whether ctx was marked by WithFresh.
func Fresh(ctx context.Context) bool {
	return freshMark.in(ctx)
}
