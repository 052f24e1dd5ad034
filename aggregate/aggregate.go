// Package aggregate is the fan-out engine: it asks every selected venue at once,
// each under its own deadline, reports each answer the moment it arrives, and
// ranks the offers by what the user ends up with. A slow or failing venue never
// fails or delays the others; it becomes a Failure beside the offers.
package aggregate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"slices"
	"sort"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
)

// Venue is what the engine needs of a venue.
type Venue struct {
	ID      string
	Kind    swapscout.VenueKind
	KYC     swapscout.KYCRating
	Timeout time.Duration
	Quoter  swapscout.Quoter
}

// Engine fans quote requests out to venues.
type Engine struct {
	venues []Venue
	now    func() time.Time
	log    *slog.Logger
	// cooldown[i] is when venue i may be asked again (unix nanos) after it
	// rate-limited us with a Retry-After: asking earlier only escalates bans
	// (Binance answers 418 to clients that ignore 429).
	cooldown []atomic.Int64
}

// Options configure an Engine.
type Options struct {
	Now    func() time.Time // time.Now when nil
	Logger *slog.Logger     // slog.Default() when nil
}

// New returns an engine over venues, asked in the given order.
func New(venues []Venue, o Options) *Engine {
	e := &Engine{venues: venues, now: o.Now, log: o.Logger, cooldown: make([]atomic.Int64, len(venues))}
	if e.now == nil {
		e.now = time.Now
	}
	if e.log == nil {
		e.log = slog.Default()
	}
	return e
}

// Venues returns the engine's venues.
func (e *Engine) Venues() []Venue { return e.venues }

// Selection narrows a request to some venues. The zero value selects all.
type Selection struct {
	Include []string            // only these ids, when non-empty
	Exclude []string            // never these ids
	MaxKYC  swapscout.KYCRating // only venues rated this or better ('A' best); 0 = any
}

// Select returns the venues s selects, in engine order, or an EINVALID error
// naming an unknown venue id.
func (e *Engine) Select(s Selection) ([]Venue, error) {
	known := func(id string) bool {
		for _, v := range e.venues {
			if v.ID == id {
				return true
			}
		}
		return false
	}
	for _, id := range append(append([]string(nil), s.Include...), s.Exclude...) {
		if !known(id) {
			return nil, swapscout.Errorf(swapscout.EINVALID, "unknown venue %q", clip(id))
		}
	}
	out := make([]Venue, 0, len(e.venues))
	for _, v := range e.venues {
		if len(s.Include) > 0 && !contains(s.Include, v.ID) {
			continue
		}
		if contains(s.Exclude, v.ID) {
			continue
		}
		if s.MaxKYC != 0 && v.KYC > s.MaxKYC {
			continue
		}
		out = append(out, v)
	}
	return out, nil
}

// Quote asks venues for req concurrently and returns the ranked result.
//
// Each venue gets its own deadline, the earlier of ctx's and its Timeout.
// emit, when non-nil, is called once per venue with its result as soon as it
// arrives, from the calling goroutine (so it needs no locking); the engine
// returns after the last venue has answered or given up. Cancelling ctx cancels
// every upstream call, and no goroutine started here outlives the call.
func (e *Engine) Quote(ctx context.Context, req swapscout.QuoteRequest, venues []Venue, emit func(swapscout.Result)) *swapscout.Quote {
	start := e.now()
	q := &swapscout.Quote{Request: req, CreatedAt: start}
	type answer struct {
		i     int
		offer swapscout.Offer
		err   error
		took  time.Duration
	}
	results := make(chan answer, len(venues))
	deadlines := newDeadlines(ctx, venues)
	defer deadlines.cancel()
	for i := range venues {
		if until := e.coolingUntil(venues[i].ID); until > start.UnixNano() {
			wait := time.Duration(until - start.UnixNano()).Round(time.Second)
			results <- answer{i: i, err: &swapscout.VenueError{Code: swapscout.CodeRateLimited,
				Msg: fmt.Sprintf("rate limited; not asked again for %s", wait), RetryAfter: wait}}
			continue
		}
		go func(i int, v *Venue, vctx context.Context) {
			a := answer{i: i}
			t0 := time.Now()
			func() {
				defer func() {
					if p := recover(); p != nil {
						e.log.Error("venue panicked", "venue", v.ID, "panic", p, "stack", string(debug.Stack()))
						a.err = fmt.Errorf("%w: adapter panicked", swapscout.ErrBadResponse)
					}
				}()
				a.offer, a.err = v.Quoter.Quote(vctx, req)
			}()
			a.took = time.Since(t0)
			if a.err == nil && vctx.Err() != nil {
				// An answer that arrived after the deadline is not an answer.
				a.err = vctx.Err()
			}
			results <- a
		}(i, &venues[i], deadlines.ctx(ctx, venues[i].Timeout))
	}
	q.Offers = make([]swapscout.Offer, 0, len(venues))
	for range venues {
		a := <-results
		v := &venues[a.i]
		var res swapscout.Result
		if a.err == nil {
			a.err = e.complete(&a.offer, v, req, a.took)
		}
		if a.err != nil {
			f := failure(v, a.err, a.took)
			if f.Code == swapscout.CodeRateLimited && f.RetryAfter > 0 && a.took > 0 {
				e.coolDown(v.ID, start.Add(a.took+f.RetryAfter))
			}
			q.Failures = append(q.Failures, f)
			res.Failure = &q.Failures[len(q.Failures)-1]
			if f.Code == swapscout.CodeBadResponse || f.Code == swapscout.CodeUnavailable {
				e.log.Warn("venue failed", "venue", v.ID, "code", f.Code, "err", a.err)
			}
		} else {
			q.Offers = append(q.Offers, a.offer)
			res.Offer = &q.Offers[len(q.Offers)-1]
		}
		if emit != nil {
			// Copy: the slices may grow and move while the caller holds the pointer.
			if res.Offer != nil {
				o := *res.Offer
				res.Offer = &o
			} else {
				f := *res.Failure
				res.Failure = &f
			}
			emit(res)
		}
	}
	Rank(req.Direction, q.Offers)
	sort.SliceStable(q.Failures, func(i, j int) bool {
		return indexOf(venues, q.Failures[i].Venue) < indexOf(venues, q.Failures[j].Venue)
	})
	q.Took = e.now().Sub(start)
	return q
}

// venueDeadlines holds one context per distinct venue timeout, shared by
// the venues that have it. Venues mostly share one timeout, and a context
// per venue would cost a timer each, set up at the same instant by a dozen
// goroutines contending for the runtime's timer lock: the largest part of
// the fan-out's own cost, measured (BenchmarkEngine).
type venueDeadlines struct {
	timeouts []time.Duration
	ctxs     []context.Context
	cancels  []context.CancelFunc
}

// deadlines prepares the contexts venues need: none for a venue whose
// timeout ends after ctx's own deadline (ctx serves it as it is).
func newDeadlines(ctx context.Context, venues []Venue) *venueDeadlines {
	d := &venueDeadlines{}
	now := time.Now() // the real clock, whatever Options.Now says: timers run on it
	dl, hasDL := ctx.Deadline()
	for i := range venues {
		t := venues[i].Timeout
		if hasDL && !dl.After(now.Add(t)) || slices.Contains(d.timeouts, t) {
			continue
		}
		c, cancel := context.WithDeadline(ctx, now.Add(t))
		d.timeouts, d.ctxs, d.cancels = append(d.timeouts, t), append(d.ctxs, c), append(d.cancels, cancel)
	}
	return d
}

// ctx is the context for a venue with timeout t: the shared one for t, or
// parent when its deadline comes first.
func (d *venueDeadlines) ctx(parent context.Context, t time.Duration) context.Context {
	if i := slices.Index(d.timeouts, t); i >= 0 {
		return d.ctxs[i]
	}
	return parent
}

func (d *venueDeadlines) cancel() {
	for _, c := range d.cancels {
		c()
	}
}

func (e *Engine) index(id string) int {
	for i := range e.venues {
		if e.venues[i].ID == id {
			return i
		}
	}
	return -1
}

func (e *Engine) coolingUntil(id string) int64 {
	if i := e.index(id); i >= 0 {
		return e.cooldown[i].Load()
	}
	return 0
}

// coolDown records that venue id asked not to be called before t (capped at
// ten minutes, in case a venue sends an absurd Retry-After).
func (e *Engine) coolDown(id string, t time.Time) {
	if max := e.now().Add(10 * time.Minute); t.After(max) {
		t = max
	}
	if i := e.index(id); i >= 0 {
		e.cooldown[i].Store(t.UnixNano())
	}
}

// Rank orders offers best first for direction d.
func Rank(d swapscout.Direction, offers []swapscout.Offer) {
	// slices, not sort.Slice: the reflective swapper was a tenth of a
	// fan-out's own cost (BenchmarkEngine), and this runs after the last
	// venue has answered.
	slices.SortFunc(offers, func(a, b swapscout.Offer) int {
		switch {
		case swapscout.Better(d, &a, &b):
			return -1
		case swapscout.Better(d, &b, &a):
			return 1
		}
		return 0
	})
}

// complete checks a venue's offer and fills what the engine knows.
func (e *Engine) complete(o *swapscout.Offer, v *Venue, req swapscout.QuoteRequest, took time.Duration) error {
	if !o.AmountIn.Valid() || !o.AmountOut.Valid() || o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 {
		return fmt.Errorf("%w: offer amounts must be positive (in %s, out %s)", swapscout.ErrBadResponse, o.AmountIn, o.AmountOut)
	}
	o.Venue = v.ID
	o.Took = took
	if o.KYC == 0 {
		o.KYC = v.KYC
	}
	if o.Rate.IsZero() {
		o.Rate = o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)
	}
	return nil
}

// failure turns a venue's error into a typed Failure. Messages are safe to
// show: they come from adapters, never from raw upstream bodies.
func failure(v *Venue, err error, took time.Duration) swapscout.Failure {
	f := swapscout.Failure{Venue: v.ID, Took: took}
	var ve *swapscout.VenueError
	var ne net.Error
	switch {
	case errors.As(err, &ve):
		f.Code, f.Message = ve.Code, ve.Error()
		f.Min, f.Max, f.MinOut, f.MaxOut, f.RetryAfter = ve.Min, ve.Max, ve.MinOut, ve.MaxOut, ve.RetryAfter
		if ve.Code == swapscout.CodeTimeout && f.Message == string(ve.Code) {
			f.Message = "no answer in time"
		}
	case errors.Is(err, context.DeadlineExceeded):
		f.Code = swapscout.CodeTimeout
		f.Message = fmt.Sprintf("no answer within %s", took.Round(time.Millisecond))
	case errors.Is(err, context.Canceled):
		f.Code = swapscout.CodeTimeout
		f.Message = "request cancelled"
	case errors.As(err, &ne) && ne.Timeout():
		f.Code = swapscout.CodeTimeout
		f.Message = fmt.Sprintf("no answer within %s", took.Round(time.Millisecond))
	default:
		f.Code = swapscout.CodeUnavailable
		f.Message = "venue unreachable"
	}
	if f.Message == "" {
		f.Message = string(f.Code)
	}
	return f
}

func indexOf(vs []Venue, id string) int {
	for i := range vs {
		if vs[i].ID == id {
			return i
		}
	}
	return len(vs)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func clip(s string) string {
	if len(s) > 32 {
		return s[:32] + "…"
	}
	return s
}

// Service answers quote requests for the API: it selects venues and runs the
// engine. (Caching and collapsing of identical requests live here too.)
type Service struct {
	Engine *Engine
}

// Quote selects venues and fans out.
func (s *Service) Quote(ctx context.Context, req swapscout.QuoteRequest, sel Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	vs, err := s.Engine.Select(sel)
	if err != nil {
		return nil, err
	}
	return s.Engine.Quote(ctx, req, vs, emit), nil
}
