package swapscout

import (
	"context"
	"time"
)

// A venue call serves a request, but what the request chose is its own
// business: a short deadline or a flood of quotes from one client must not
// change how a venue is judged (its circuit breaker, back-off, metrics) nor
// take the share of its rate budget other requests need. The engine runs each
// venue call under the venue's own deadline, detached from the request
// (Detach), and the venue side reads here what it needs to know of the
// request: until when an answer is wanted (RequestDeadline), and whether the
// request may only use spare capacity (Bulk).

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
	parent      context.Context
	deadline    time.Time
	hasDeadline bool
}

// Reset makes d the detached context of ctx (see Detach).
func (d *Detached) Reset(ctx context.Context) {
	d.parent = ctx
	d.deadline, d.hasDeadline = ctx.Deadline()
}

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
// (the deadline ctx's ancestor had when Detach was called), and false when
// ctx was not detached or the request had none. Past it nobody waits for the
// call's answer: the call may still run to its own deadline, but should not
// wait for anything else (a rate-limit token) beyond it.
func RequestDeadline(ctx context.Context) (time.Time, bool) {
	d, ok := ctx.Value(requestDeadlineKey{}).(*Detached)
	if !ok || !d.hasDeadline {
		return time.Time{}, false
	}
	return d.deadline, true
}

type bulkKey struct{}

// WithBulk marks the venue calls made with ctx as bulk: they come from a
// client that has already started more uncached quotes lately than its
// interactive share, so each venue lets them use only the rate budget it has
// to spare, never what it keeps for everyone else, and never makes them wait
// for it. Bulk reports the mark.
func WithBulk(ctx context.Context) context.Context {
	return context.WithValue(ctx, bulkKey{}, true)
}

// Bulk reports whether ctx was marked by WithBulk.
func Bulk(ctx context.Context) bool {
	b, _ := ctx.Value(bulkKey{}).(bool)
	return b
}
