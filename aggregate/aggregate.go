// Package aggregate is the fan-out engine: it asks every selected venue at once,
// each under its own deadline, reports each answer as soon as it can be judged,
// and ranks the offers by what the user ends up with. A slow, failing or wrong
// venue never fails or delays the others; it becomes a Failure beside the
// offers: an offer that does not answer the request or whose rate is
// implausible against the others' (plausible.go) is a bad_response.
package aggregate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
)

// Venue is what the engine needs of a venue.
type Venue struct {
	ID   string
	Kind swapscout.VenueKind
	KYC  swapscout.KYCRating
	// Log is the venue's log-policy rating (its ratings.json); 0: not rated,
	// which no logpolicy= filter selects.
	Log     swapscout.LogRating
	Timeout time.Duration
	Quoter  swapscout.Quoter
	// Custody is the venue's (its descriptor's); empty means
	// swapscout.Custodial. Every offer of the venue carries it.
	Custody swapscout.Custody
	// Swapper is the venue's swap capability, when Quoter wraps the
	// adapter (metrics) and hides it; nil: Quoter's own (swappable.go).
	Swapper swapscout.Swapper
}

// stamp sets what every offer of v says of its venue: the custody is the
// venue's, whatever the adapter says; the deposit kind is the adapter's
// (memo venues set it), a plain transfer otherwise.
func (v *Venue) stamp(o *swapscout.Offer) {
	o.Custody = v.custody()
	if o.Deposit == "" {
		o.Deposit = swapscout.DepositTransfer
	}
}

// custody is v's custody, Custodial when unset.
func (v *Venue) custody() swapscout.Custody {
	if v.Custody == "" {
		return swapscout.Custodial
	}
	return v.Custody
}

// Engine fans quote requests out to venues.
type Engine struct {
	venues []Venue
	now    func() time.Time
	log    *slog.Logger
	// Cool-downs after a venue rate-limits us are not the engine's: each
	// venue's Guard (package venue) holds every call, quotes and lists alike.
	stragglers atomic.Int64 // venue calls answered without (see Stragglers)
	// curves, when set, keeps the venues' recent answers to derive offers
	// from (derive.go).
	curves *curves
	// accuracy, when set, ranks by accuracy (SetAccuracy).
	accuracy func(context.Context) (map[string]swapscout.VenueAccuracy, error)
	// outcome, when set, gives each offer its venue's line of the outcome
	// board; rankOnChain ranks on what the chain showed (SetOutcomes).
	outcome     func(venue string) *swapscout.OfferOutcome
	rankOnChain bool

	// selections holds the venues of each Selection naming no venue, by
	// selKey (selected): at most a few hundred combinations of ratings.
	selections sync.Map

	// Venue calls that run on after their request (detach.go).
	maxDetached int64
	// tokenWait is Options.TokenWait resolved: 0 for no bound.
	tokenWait time.Duration
	detached  atomic.Int64 // calls running past the request that started them
	joined    atomic.Int64 // answers taken from another fan-out's call
	sharing   atomic.Int32 // len(shared), read without the lock
	mu        sync.Mutex
	shared    map[callKey]*sharedCall // detached calls others may join
	live      map[*fanOut]struct{}    // fan-outs with detached calls
	closed    bool
	wg        sync.WaitGroup // one per fan-out in live
}

// SetAccuracy makes the engine rank each quote by accuracy (RankByAccuracy)
// with the venues' records that acc reads; a failed read ranks on the
// venues' promises. Call it before the engine answers its first quote.
func (e *Engine) SetAccuracy(acc func(context.Context) (map[string]swapscout.VenueAccuracy, error)) {
	e.accuracy = acc
}

// SetOutcomes makes the engine attach to every offer its venue's line of the
// outcome board, as outcome reads it from a snapshot (it must not block or
// allocate: it runs for every offer). With rank set, a venue whose payouts
// seen on chain habitually fall short of its promises
// (swapscout.VenueBoard.ChainShortfall) ranks as if it delivered that much
// less, ahead of any accuracy the venue itself reported (SetAccuracy). Call
// it before the engine answers its first quote.
func (e *Engine) SetOutcomes(outcome func(venue string) *swapscout.OfferOutcome, rank bool) {
	e.outcome, e.rankOnChain = outcome, rank
}

// Options configure an Engine.
type Options struct {
	Now    func() time.Time // time.Now when nil
	Logger *slog.Logger     // slog.Default() when nil
	// MaxDetached bounds the venue calls, engine-wide, that may run on to
	// their venue's own deadline after the request that started them has
	// been answered (see Quote); past it, such calls are cut. Zero means
	// DefaultMaxDetached, negative means none: every call still running
	// when its request ends is cut.
	MaxDetached int
	// Derive, when set, lets the engine serve an offer derived from a
	// venue's recent answers when our own rate limit has no call to spare
	// in time (derive.go); nil never derives.
	Derive *DeriveOptions
	// TokenWait bounds how long a quote's venue call waits for a token of
	// the venue's rate limit (swapscout.TokenWait): zero means
	// DefaultTokenWait, negative no bound but the deadlines. A quote marked
	// swapscout.WithFresh (the re-quote before a swap) is not bounded: it
	// may wait for its tokens until its deadline.
	TokenWait time.Duration
}

// DefaultTokenWait is Options.TokenWait's default: a call whose venue has
// no token free within it is refused at once (held back, with when the next
// token comes), or served derived (Derive), rather than holding the whole
// quote back until near its deadline. It is short against the venues'
// answer times (100 ms to 1 s), so a quote under load is about as fast as
// its slowest venue, as it is idle.
const DefaultTokenWait = 250 * time.Millisecond

// DefaultMaxDetached is Options.MaxDetached's default. Each detached call is
// a goroutine and a connection for at most its venue's timeout, and real
// calls are bounded anyway by each venue's outbound rate limit (package
// venue): a ceiling for adapters that have none.
const DefaultMaxDetached = 1024

// New returns an engine over venues, asked in the given order.
func New(venues []Venue, o Options) *Engine {
	e := &Engine{venues: venues, now: o.Now, log: o.Logger, maxDetached: int64(o.MaxDetached),
		shared: map[callKey]*sharedCall{}, live: map[*fanOut]struct{}{}, tokenWait: o.TokenWait}
	if e.maxDetached == 0 {
		e.maxDetached = DefaultMaxDetached
	}
	switch {
	case e.tokenWait == 0:
		e.tokenWait = DefaultTokenWait
	case e.tokenWait < 0:
		e.tokenWait = 0
	}
	if e.now == nil {
		e.now = time.Now
	}
	if e.log == nil {
		e.log = slog.Default()
	}
	if o.Derive != nil {
		e.curves = newCurves(*o.Derive, e.now)
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
	// MaxLog: only venues (and offers) whose log policy is rated this or
	// better ('A' best); 0 = any.
	MaxLog swapscout.LogRating
	// Custody: only venues of this custody; empty = any.
	Custody swapscout.Custody
	// Swappable: only offers that can become a swap here (CanSwap); venues
	// that create no swaps are not asked.
	Swappable bool
	// PreCheck: only venues that offer an AML pre-check of the refund
	// address before an order (swapscout.AddressChecker), for a user who
	// wants one.
	PreCheck bool
}

// Unknown returns the first venue id s names (included or excluded) that
// known does not know.
func (s *Selection) Unknown(known func(id string) bool) (string, bool) {
	for _, ids := range [][]string{s.Include, s.Exclude} {
		for _, id := range ids {
			if !known(id) {
				return id, true
			}
		}
	}
	return "", false
}

// Selects reports whether s selects a venue with this id, KYC rating,
// log-policy rating, custody (empty reads as custodial), swap capability
// and AML pre-check. It is the one
// rule of selection: the engine picks the venues it asks with it, and the
// quote service checks with it, against the venues it lists, that a
// selection leaves some venue to ask.
func (s *Selection) Selects(id string, kyc swapscout.KYCRating, log swapscout.LogRating, custody swapscout.Custody, canSwap, preCheck bool) bool {
	if custody == "" {
		custody = swapscout.Custodial
	}
	return (len(s.Include) == 0 || contains(s.Include, id)) && !contains(s.Exclude, id) &&
		(s.MaxKYC == 0 || kyc <= s.MaxKYC) && (s.MaxLog == 0 || (log != 0 && log <= s.MaxLog)) &&
		(s.Custody == "" || custody == s.Custody) &&
		(!s.Swappable || canSwap) && (!s.PreCheck || (canSwap && preCheck))
}

// Select returns the venues s selects, in engine order, or an EINVALID error
// naming an unknown venue id.
func (e *Engine) Select(s Selection) ([]Venue, error) {
	if id, ok := s.Unknown(func(id string) bool { return e.index(id) >= 0 }); ok {
		return nil, swapscout.Errorf(swapscout.EINVALID, "unknown venue %q", clip(id))
	}
	out := make([]Venue, 0, len(e.venues))
	for _, v := range e.venues {
		sw := v.swapper()
		_, pre := sw.(swapscout.AddressChecker)
		if s.Selects(v.ID, v.KYC, v.Log, v.custody(), sw != nil, pre) {
			out = append(out, v)
		}
	}
	return out, nil
}

// selKey is a Selection that names no venue: what selects the same
// venues every time (the engine's venues never change).
type selKey struct {
	kyc       swapscout.KYCRating
	log       swapscout.LogRating
	custody   swapscout.Custody
	swappable bool
	preCheck  bool
}

// selected is Select for the engine's own fan-outs, which only read the
// venues: a selection that names no venue is made once and shared (a
// quote with routes makes up to 19 fan-outs with the same selection).
func (e *Engine) selected(s Selection) ([]Venue, error) {
	if len(s.Include) > 0 || len(s.Exclude) > 0 {
		return e.Select(s)
	}
	k := selKey{s.MaxKYC, s.MaxLog, s.Custody, s.Swappable, s.PreCheck}
	if vs, ok := e.selections.Load(k); ok {
		return vs.([]Venue), nil
	}
	vs, err := e.Select(s)
	if err != nil {
		return nil, err
	}
	// Clipped: a fan-out never appends to it.
	vs = slices.Clip(vs)
	e.selections.Store(k, vs)
	return vs, nil
}

// stragglerGrace is how long past a venue's deadline the engine waits for
// the venue's call to return before it answers without it. An adapter that
// honours its context returns within microseconds of the deadline; one that
// is still running after the grace is a straggler.
const stragglerGrace = 20 * time.Millisecond

// Quote asks venues for req concurrently and returns the ranked result.
//
// ctx is the request's: its deadline and cancellation bound the answer, not
// the venue calls. Each venue call runs under the venue's own deadline (its
// Timeout), so how a venue is judged (its circuit breaker, back-off and
// metrics, which learn of the call's outcome) depends on what the venue did
// within its own deadline, never on how short a deadline a client chose.
// Quote answers by the earlier of ctx's end and each venue's deadline (plus
// stragglerGrace) whatever the adapters do: a venue that has not answered
// is reported as a timeout, for this answer only. A call still running when
// ctx ends runs on to its venue's deadline in the background (Detached
// counts them, Options.MaxDetached bounds them; past the bound the calls are
// cut), and an identical call (same venue, same request) that a later
// fan-out would make joins it instead of asking the venue twice. A call
// that ignores even its own deadline is answered without and drains in the
// background (Stragglers counts them).
//
// Every offer must answer the request (see complete) and be plausible
// against the others (plausible.go); an offer that is not becomes a
// bad_response failure.
//
// emit, when non-nil, is called from the calling goroutine (so it needs no
// locking) with each venue's result, whose Offer or Failure is the engine's
// and valid only during the call: emit copies what it keeps. A failure is emitted as soon as it
// arrives. An offer is held until it can be judged: once at least three
// offers are in, each offer plausible against the others so far is
// emitted at once; the rest wait for the end of the fan-out, when every
// offer is judged against all the others and the held ones are emitted as
// offers or failures. The returned Quote is that final judgement. In the
// rare case it rejects an offer already emitted (when the first answers
// were mostly wrong), a failure for the same venue follows: the last
// result emitted for a venue is the one that stands.
func (e *Engine) Quote(ctx context.Context, req swapscout.QuoteRequest, venues []Venue, emit func(swapscout.Result)) *swapscout.Quote {
	return e.quote(ctx, req, venues, 0, 0, emit)
}

// quotePool holds the quotes given back by Release, their offers' array
// kept: a quote with routes makes up to 18 fan-outs for its legs, read once
// and dropped, and their offers (12 × ~0.5 KB each) were most of its garbage.
var quotePool sync.Pool // of *swapscout.Quote

// newQuote returns an empty quote of req with room for n offers, one given
// back by Release when there is one.
func newQuote(req swapscout.QuoteRequest, start time.Time, n int) *swapscout.Quote {
	q, _ := quotePool.Get().(*swapscout.Quote)
	if q == nil {
		return &swapscout.Quote{Request: req, CreatedAt: start, Offers: make([]swapscout.Offer, 0, n)}
	}
	offers, failures := q.Offers[:0], q.Failures[:0]
	if cap(offers) < n {
		offers = make([]swapscout.Offer, 0, n)
	}
	*q = swapscout.Quote{Request: req, CreatedAt: start, Offers: offers, Failures: failures}
	return q
}

// Release gives q, returned by Quote, back to the engine for a later
// fan-out to fill: the caller is done with it, and nothing of it is used
// afterwards (not q, not a pointer into its Offers or Failures; values
// copied out of them stay valid, their fees and strings being the venue's
// own). A quote that is kept (shown, stored) is never released.
func (e *Engine) Release(q *swapscout.Quote) {
	if q == nil {
		return
	}
	clear(q.Offers[:cap(q.Offers)])
	clear(q.Failures[:cap(q.Failures)])
	quotePool.Put(q)
}

// Stragglers is how many venue calls the engine has answered without,
// because they ran past their deadline ignoring their context. Each one
// finished (or will) in the background, its result discarded.
func (e *Engine) Stragglers() int64 { return e.stragglers.Load() }

type answer struct {
	i     int
	offer swapscout.Offer
	err   error
	took  time.Duration
}

// quote is Quote that also drops offers rated worse than maxKYC or maxLog
// (0: any).
func (e *Engine) quote(ctx context.Context, req swapscout.QuoteRequest, venues []Venue, maxKYC swapscout.KYCRating, maxLog swapscout.LogRating, emit func(swapscout.Result)) *swapscout.Quote {
	start := e.now()
	q := newQuote(req, start, len(venues))
	fo := newFanOut(ctx, venues, e.tokenWait)
	// The calls answer in their venue's slot (venueState.ans, ~0.5 KB) and
	// send its index on results, which has room for every venue (a
	// straggler's late send never blocks). Slots and channel come from
	// the last fan-out done with them (fanBufs): a route quote makes 19
	// fan-outs, and their slots were half of its garbage.
	fo.bufs = getFanBufs(len(venues))
	results := fo.bufs.results
	fo.req, fo.venues, fo.results, fo.state = req, venues, results, fo.bufs.state
	c := &collector{e: e, req: req, venues: venues, maxKYC: maxKYC, maxLog: maxLog, emit: emit, q: q, start: start, t0: time.Now(),
		state: fo.state}
	c.anchor, c.hasAnchor = anchorLog(req)
	for i := range venues {
		s := &c.state[i]
		s.waiting = true
		s.ctx = fo.ctx(venues[i].Timeout)
		if e.sharing.Load() > 0 && e.join(ctx, venues[i].ID, req, results, &s.ans, i) {
			s.joined = true
			fo.joinedAny = true // another fan-out's call writes its slot: not given back
			fo.left.Add(-1)
			continue
		}
		go fo.ask(e, i)
	}
	if emit != nil {
		c.stream = getStreamBufs(len(venues))
		c.lr, c.sorted, c.emitted = c.stream.lr, c.stream.sorted, c.stream.emitted
		c.verdicts, c.scratch, c.out = c.stream.verdicts, c.stream.scratch, &c.stream.out
	}
	// Waiting costs no timer of its own while every venue answers in time:
	// the loop watches the first venue deadline's context, and only once it
	// has passed arms a timer for the grace.
	var timer *time.Timer
	var timerC <-chan time.Time
	arm := func(now time.Time) {
		next := c.nextCheck()
		if next.IsZero() {
			return
		}
		if timer == nil {
			timer = time.NewTimer(next.Sub(now))
		} else {
			timer.Reset(next.Sub(now))
		}
		timerC = timer.C
	}
	watch, done := c.firstDeadline(), ctx.Done()
	for left := len(venues); left > 0; {
		select {
		case i := <-results:
			s := &c.state[i]
			if !s.waiting {
				continue // a straggler's late answer: already reported as a timeout
			}
			// The slot is the collector's from the receive on: its call
			// has returned, and nothing else writes it until the collector
			// starts another call for the venue.
			a := &s.ans
			if errors.Is(a.err, swapscout.ErrRequestEnded) {
				// Not an answer: the call never went out because the
				// request it served had ended. That is this request's
				// end, reported when it comes (giveUp), unless the call
				// was another's that this request joined: then it asks
				// the venue itself.
				if s.joined {
					s.joined = false
					fo.left.Add(1)
					go fo.ask(e, i)
				}
				continue
			}
			s.waiting = false
			left--
			c.take(a)
		case <-watch:
			watch = nil
			arm(time.Now())
		case now := <-timerC:
			timerC = nil
			left -= c.abandon(now)
			watch = c.firstDeadline()
		case <-done:
			// The request is over: the answers already in count, the venues
			// still running are timeouts of this answer (their calls run on).
			for drained := false; !drained && left > 0; {
				select {
				case i := <-results:
					if s := &c.state[i]; s.waiting && !errors.Is(s.ans.err, swapscout.ErrRequestEnded) {
						s.waiting = false
						left--
						c.take(&s.ans)
					}
				default:
					drained = true
				}
			}
			left -= c.giveUp(ctx, time.Now())
		}
	}
	if timer != nil {
		timer.Stop()
	}
	e.letGo(fo, c.state, venues, req)
	c.finish()
	e.rank(ctx, req.Direction, q.Offers)
	sort.SliceStable(q.Failures, func(i, j int) bool {
		return indexOf(venues, q.Failures[i].Venue) < indexOf(venues, q.Failures[j].Venue)
	})
	q.Took = e.now().Sub(start)
	if c.stream != nil {
		putStreamBufs(c.stream) // emit is called no more
	}
	// Quote's hold, given up last: the collector reads the slots until here.
	fo.release(e)
	return q
}

// streamBufs are a streaming collector's buffers (collector.lr and the
// others), reused by the next streaming fan-out once the collector is
// done: a quote with routes=1 streams six first legs.
type streamBufs struct {
	lr, sorted []float64
	emitted    []bool
	verdicts   []verdict
	scratch    []int
	out        emitted
}

var streamBufPool sync.Pool // of *streamBufs

// getStreamBufs returns empty buffers for n venues.
func getStreamBufs(n int) *streamBufs {
	if b, ok := streamBufPool.Get().(*streamBufs); ok && cap(b.lr) >= n {
		b.lr, b.sorted, b.emitted = b.lr[:0], b.sorted[:0], b.emitted[:0]
		b.verdicts, b.scratch = b.verdicts[:n], b.scratch[:2*n]
		return b
	}
	return &streamBufs{lr: make([]float64, 0, n), sorted: make([]float64, 0, n), emitted: make([]bool, 0, n),
		verdicts: make([]verdict, n), scratch: make([]int, 2*n)}
}

// putStreamBufs empties b (what emit was last given) and keeps it.
func putStreamBufs(b *streamBufs) {
	clear(b.verdicts[:cap(b.verdicts)])
	clear(b.scratch[:cap(b.scratch)])
	b.out = emitted{}
	streamBufPool.Put(b)
}

// ask calls venue i of fo (see Engine.ask). The goroutine's closure is the
// fan-out and an index: a fan-out's calls share what they read (the
// request, the channel) instead of each copying it, a few hundred bytes
// less garbage per venue call.
func (fo *fanOut) ask(e *Engine, i int) {
	s := &fo.state[i]
	e.ask(&fo.venues[i], i, s.ctx, fo.req, fo.results, &s.ans, fo, &s.finished)
}

// ask calls one venue, puts its answer in slot and sends i on results,
// which has room for it: the call may outlive Quote (a straggler) and
// still never blocks.
func (e *Engine) ask(v *Venue, i int, vctx context.Context, req swapscout.QuoteRequest, results chan<- int, slot *answer, fo *fanOut, finished *atomic.Bool) {
	defer fo.release(e)
	a := answer{i: i}
	t0 := time.Now()
	// A call with a derived answer ready never waits for a rate-limit
	// token (derive.go); the re-quote of an offer being taken never gets
	// one.
	derive := e.curves != nil && !swapscout.Fresh(vctx) && e.curves.has(v.ID, req)
	func() {
		defer func() {
			if p := recover(); p != nil {
				e.log.Error("venue panicked", "venue", v.ID, "panic", p, "stack", string(debug.Stack()))
				a.err = &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: "adapter panicked"}
			}
		}()
		qctx := vctx
		if derive {
			qctx = swapscout.WithDerivable(vctx)
		}
		a.offer, a.err = v.Quoter.Quote(qctx, req)
	}()
	a.took = time.Since(t0)
	if a.err == nil && vctx.Err() != nil {
		// An answer that arrived after the deadline is not an answer.
		a.err = vctx.Err()
	}
	if e.curves != nil {
		switch {
		case a.err == nil && Check(req, &a.offer) == nil:
			e.curves.record(v.ID, req, &a.offer)
		case derive && heldByOurLimit(a.err):
			if o, ok := e.curves.derive(v.ID, req, true); ok {
				a.offer, a.err = o, nil
			}
		}
	}
	finished.Store(true)
	if fo.sharing.Load() {
		e.share(fo, i, v.ID, req, &a)
	}
	*slot = a
	results <- i
}

type venueState struct {
	ctx     context.Context // the venue's own deadline
	waiting bool            // no answer taken yet, nor given up on
	joined  bool            // waiting on another fan-out's call (detach.go)
	// finished is set by the call's goroutine once it has its answer.
	finished atomic.Bool
	// ans is the call's answer, written before its index is sent.
	ans answer
}

// collector gathers one fan-out's answers into its Quote.
type collector struct {
	e      *Engine
	req    swapscout.QuoteRequest
	venues []Venue
	maxKYC swapscout.KYCRating
	maxLog swapscout.LogRating
	emit   func(swapscout.Result)
	q      *swapscout.Quote
	start  time.Time // Options.Now's
	t0     time.Time // the real clock's
	state  []venueState
	// anchor is the log of the rate the price anchors imply (anchors.go),
	// when hasAnchor.
	anchor    float64
	hasAnchor bool

	// For streaming only, per offer in q.Offers: its log-rate and whether it
	// was emitted; and scratch space for judging.
	lr       []float64
	sorted   []float64 // lr, sorted
	emitted  []bool
	verdicts []verdict
	scratch  []int
	// out is what emit is given, valid during the call only: one per
	// streaming fan-out, apart from the collector (which a pointer handed
	// to emit would move to the heap).
	out *emitted
	// stream holds the buffers above, given back at the end (streamBufs).
	stream *streamBufs
}

// emitted holds the result a collector hands to emit.
type emitted struct {
	o swapscout.Offer
	f swapscout.Failure
}

// take records one venue's answer; a is the collector's to change.
func (c *collector) take(a *answer) {
	v := &c.venues[a.i]
	if a.err == nil {
		a.err = c.e.complete(&a.offer, v, c.req, a.took)
	}
	if a.err == nil {
		v.stamp(&a.offer)
	}
	if a.err != nil {
		c.fail(a.i, a.err, a.took)
		return
	}
	if c.maxKYC != 0 && a.offer.KYC > c.maxKYC {
		// An aggregator's offer executed by a provider rated worse than the
		// request allows is not shown, as a venue rated so is not asked.
		c.e.log.Debug("offer dropped by kyc filter", "venue", v.ID, "provider", a.offer.Provider, "kyc", a.offer.KYC.String())
		return
	}
	if c.maxLog != 0 && a.offer.LogPolicy > c.maxLog {
		// The same for a provider whose log policy is rated worse.
		c.e.log.Debug("offer dropped by log policy filter", "venue", v.ID, "provider", a.offer.Provider, "log_policy", a.offer.LogPolicy.String())
		return
	}
	// Whether it can become a swap is decided on the offer kept: a venue's
	// SwapChecker may keep the pointer it is given, so deciding on a would
	// move every answer to the heap.
	c.q.Offers = append(c.q.Offers, a.offer)
	kept := &c.q.Offers[len(c.q.Offers)-1]
	v.markSwap(c.req, kept)
	if c.emit == nil {
		return
	}
	x := logRate(kept)
	c.lr = append(c.lr, x)
	c.emitted = append(c.emitted, false)
	c.sorted = sortedInsert(c.sorted, x)
	if n := len(c.q.Offers); n >= minMedian {
		for k := range n {
			if !c.emitted[k] && plausibleAmong(c.lr[k], c.sorted) && c.nearAnchor(c.lr[k]) {
				c.emitted[k] = true
				c.emitOffer(&c.q.Offers[k])
			}
		}
	}
}

// fail records venue i's failure.
func (c *collector) fail(i int, err error, took time.Duration) {
	v := &c.venues[i]
	f := failure(v, err, took)
	if msg := absurdLimit(c.req, &f); msg != "" {
		f = swapscout.Failure{Venue: f.Venue, Code: swapscout.CodeBadResponse, Message: msg, Took: f.Took}
	}
	if f.Code == swapscout.CodeBadResponse || f.Code == swapscout.CodeUnavailable {
		c.e.log.Warn("venue failed", "venue", v.ID, "code", f.Code, "err", err)
	} else {
		c.e.log.Debug("venue failed", "venue", v.ID, "code", f.Code, "err", err)
	}
	c.failed(f)
}

func (c *collector) failed(f swapscout.Failure) {
	c.q.Failures = append(c.q.Failures, f)
	if c.emit != nil {
		c.out.f = f
		c.emit(swapscout.Result{Failure: &c.out.f})
	}
}

// emitOffer emits a copy of o: what emit reads is the collector's scratch
// (never the quote's slice, which moves as it grows), so an emitted result
// costs no allocation; emit keeps only what it copies (Engine.Quote).
func (c *collector) emitOffer(o *swapscout.Offer) {
	c.out.o = *o
	c.emit(swapscout.Result{Offer: &c.out.o})
}

// firstDeadline is the Done channel of the context, among the venues still
// waiting, whose deadline comes first; nil when none has one.
func (c *collector) firstDeadline() <-chan struct{} {
	var first context.Context
	var at time.Time
	for i := range c.state {
		s := &c.state[i]
		if !s.waiting || s.ctx == nil {
			continue
		}
		if dl, ok := s.ctx.Deadline(); ok && (first == nil || dl.Before(at)) {
			first, at = s.ctx, dl
		}
	}
	if first == nil {
		return nil
	}
	return first.Done()
}

// nextCheck is when the next venue still waiting runs out of grace: its
// deadline plus stragglerGrace. Zero when no venue waits on a deadline.
func (c *collector) nextCheck() time.Time {
	var next time.Time
	for i := range c.state {
		s := &c.state[i]
		if !s.waiting || s.ctx == nil {
			continue
		}
		if dl, ok := s.ctx.Deadline(); ok {
			if t := dl.Add(stragglerGrace); next.IsZero() || t.Before(next) {
				next = t
			}
		}
	}
	return next
}

// abandon gives up on the venues still running past their own deadline's
// grace, reports them as timeouts, and returns how many.
func (c *collector) abandon(now time.Time) int {
	n := 0
	for i := range c.state {
		s := &c.state[i]
		if !s.waiting || s.ctx == nil {
			continue
		}
		dl, ok := s.ctx.Deadline()
		if !ok || now.Before(dl.Add(stragglerGrace)) {
			continue
		}
		s.waiting = false
		n++
		c.e.stragglers.Add(1)
		took := now.Sub(c.t0)
		c.e.log.Debug("venue ignored its deadline; answering without it", "venue", c.venues[i].ID, "running", took.Round(time.Millisecond))
		// What the venue was given, as for venues that stop in time.
		msg := "no answer within " + swapscout.FormatDuration(dl.Sub(c.t0))
		c.failed(swapscout.Failure{Venue: c.venues[i].ID, Code: swapscout.CodeTimeout, Message: msg, Took: took})
	}
	return n
}

// giveUp reports every venue still waiting when the request ended (ctx) as
// a timeout of this answer, and returns how many. Their calls are not the
// request's: they run on (Engine.letGo).
func (c *collector) giveUp(ctx context.Context, now time.Time) int {
	msg := "request cancelled"
	if dl, ok := ctx.Deadline(); ok && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		msg = "no answer within " + swapscout.FormatDuration(dl.Sub(c.t0))
	}
	n := 0
	for i := range c.state {
		s := &c.state[i]
		if !s.waiting {
			continue
		}
		s.waiting = false
		n++
		c.e.log.Debug("venue cut by the request's end", "venue", c.venues[i].ID, "msg", msg)
		c.failed(swapscout.Failure{Venue: c.venues[i].ID, Code: swapscout.CodeTimeout, Message: msg, Took: now.Sub(c.t0)})
	}
	return n
}

// finish judges every offer against all the others: an implausible one
// becomes a bad_response failure. Offers still held are emitted now.
func (c *collector) finish() {
	q := c.q
	n := len(q.Offers)
	if n == 0 {
		return
	}
	lr, verdicts, scratch := c.lr, c.verdicts, c.scratch
	if lr == nil {
		// Not streaming: nothing judged yet. Up to 32 offers need no heap.
		var lrBuf [32]float64
		var vBuf [32]verdict
		var sBuf [64]int
		lr, verdicts, scratch = lrBuf[:0], vBuf[:0], sBuf[:0]
		for k := range q.Offers {
			lr = append(lr, logRate(&q.Offers[k]))
		}
		verdicts, scratch = slices.Grow(verdicts, n)[:n], slices.Grow(scratch, 2*n)[:2*n]
	}
	verdicts = verdicts[:n]
	var refs []swapscout.Amount
	var refLogs []float64
	if n < minMedian {
		refs, refLogs = c.e.reference(c.req)
	}
	judge(lr, refLogs, verdicts, scratch)
	// The anchors judge instead when the yardstick itself is off them: every
	// venue (and book) wrong together, or no yardstick at all (anchors.go).
	byAnchor := c.hasAnchor && c.yardstickOff(lr, refLogs)
	bad := 0
	for k := range n {
		if byAnchor {
			verdicts[k] = verdict{}
			if msg := offAnchor(&q.Offers[k], lr[k], c.anchor); msg != "" {
				verdicts[k] = verdict{bad: true}
				bad++
				c.e.log.Warn("venue failed", "venue", q.Offers[k].Venue, "code", swapscout.CodeBadResponse, "err", msg)
				c.failed(swapscout.Failure{Venue: q.Offers[k].Venue, Code: swapscout.CodeBadResponse, Message: msg, Took: q.Offers[k].Took})
			}
			continue
		}
		if v := verdicts[k]; v.bad {
			bad++
			o := &q.Offers[k]
			msg := implausible(o, v, q.Offers, refs)
			c.e.log.Warn("venue failed", "venue", o.Venue, "code", swapscout.CodeBadResponse, "err", msg)
			c.failed(swapscout.Failure{Venue: o.Venue, Code: swapscout.CodeBadResponse, Message: msg, Took: o.Took})
		}
	}
	if bad == 0 && c.emit == nil {
		return
	}
	kept := q.Offers[:0]
	for k := range n {
		if verdicts[k].bad {
			continue
		}
		if c.emit != nil && !c.emitted[k] {
			c.emitOffer(&q.Offers[k])
		}
		kept = append(kept, q.Offers[k])
	}
	clear(q.Offers[len(kept):])
	q.Offers = kept
}

// nearAnchor reports whether log-rate x is within the anchors' band (true
// when the pair has no anchor).
func (c *collector) nearAnchor(x float64) bool {
	if !c.hasAnchor {
		return true
	}
	bad, _ := outside(x, c.anchor, c.anchor)
	return !bad
}

// yardstickOff reports whether what the offers would be judged by is off
// the anchors: the median of all offers (three or more), else the books'
// median mid, else there is none.
func (c *collector) yardstickOff(lr, refLogs []float64) bool {
	xs := refLogs
	if len(lr) >= minMedian {
		xs = slices.Clone(lr)
	} else {
		xs = slices.Clone(refLogs)
	}
	lo, hi, ok := medianOf(xs)
	if !ok {
		return true
	}
	badLo, _ := outside(lo, c.anchor, c.anchor)
	badHi, _ := outside(hi, c.anchor, c.anchor)
	return badLo && badHi
}

// reference returns the order books' mid prices for req's pair (sorted)
// and their logs, from every engine venue that can tell one without I/O.
func (e *Engine) reference(req swapscout.QuoteRequest) ([]swapscout.Amount, []float64) {
	var mids []swapscout.Amount
	for i := range e.venues {
		if pr, ok := e.venues[i].Quoter.(swapscout.PriceReference); ok {
			if m, ok := pr.MidPrice(req.From, req.To); ok && m.Valid() && m.Sign() > 0 {
				mids = append(mids, m)
			}
		}
	}
	slices.SortFunc(mids, swapscout.Amount.Cmp)
	logs := make([]float64, len(mids))
	for i, m := range mids {
		logs[i] = math.Log(m.Float64())
	}
	return mids, logs
}

func (e *Engine) index(id string) int {
	for i := range e.venues {
		if e.venues[i].ID == id {
			return i
		}
	}
	return -1
}

// Rank orders offers best first for direction d.
func Rank(d swapscout.Direction, offers []swapscout.Offer) {
	// slices, not sort.Slice: the reflective swapper was a tenth of a
	// fan-out's own cost (BenchmarkEngine), and this runs after the last
	// venue has answered.
	slices.SortFunc(offers, func(a, b swapscout.Offer) int { return Compare(d, &a, &b) })
}

// Compare orders two offers as Rank does: -1 when a ranks above b for
// direction d, 1 when below, 0 when neither.
func Compare(d swapscout.Direction, a, b *swapscout.Offer) int {
	switch {
	case swapscout.Better(d, a, b):
		return -1
	case swapscout.Better(d, b, a):
		return 1
	}
	return 0
}

// rank orders a quote's offers: on their promises, or by accuracy when the
// engine is set to and the venues' records can be read.
func (e *Engine) rank(ctx context.Context, d swapscout.Direction, offers []swapscout.Offer) {
	if len(offers) < 2 {
		return
	}
	var acc map[string]swapscout.VenueAccuracy
	if e.accuracy != nil {
		var err error
		if acc, err = e.accuracy(context.WithoutCancel(ctx)); err != nil {
			e.log.Warn("ranking on promises: the venues' accuracy is unavailable", "err", err)
		}
	}
	chain := e.rankOnChain && slices.ContainsFunc(offers, func(o swapscout.Offer) bool {
		_, ok := o.Outcome.ChainShortfallOf()
		return ok
	})
	switch {
	case chain:
		RankByDelivery(d, offers, func(o *swapscout.Offer) (swapscout.Amount, bool) {
			if s, ok := o.Outcome.ChainShortfallOf(); ok {
				return s, true
			}
			return acc[o.Venue].RankShortfall()
		})
	case acc != nil:
		RankByAccuracy(d, offers, acc)
	default:
		Rank(d, offers)
	}
}

// RankByAccuracy orders offers like Rank, except that the offer of a venue
// whose finished swaps habitually pay less than promised
// (VenueAccuracy.RankShortfall, s percent) ranks as if it delivered that much
// less: amount_out × (1 − s/100) when the amount sent is given, amount_in ÷
// (1 − s/100) when the amount received is. The offers' amounts stay the
// venue's own; only their order changes.
func RankByAccuracy(d swapscout.Direction, offers []swapscout.Offer, acc map[string]swapscout.VenueAccuracy) {
	RankByDelivery(d, offers, func(o *swapscout.Offer) (swapscout.Amount, bool) { return acc[o.Venue].RankShortfall() })
}

// RankByDelivery orders offers like Rank, except that an offer for which
// shortfall gives s percent ranks as if it delivered that much less (see
// RankByAccuracy): what the user can expect to receive, quoted × the
// venue's typical delivered share, rather than the promise alone.
func RankByDelivery(d swapscout.Direction, offers []swapscout.Offer, shortfall func(*swapscout.Offer) (swapscout.Amount, bool)) {
	type ranked struct {
		o    swapscout.Offer
		eff  swapscout.Amount // the amount ranked: out for Send, in for Receive
		none bool             // Receive from a venue that pays nothing it promises: last
	}
	hundred := swapscout.MustAmount("100")
	one := swapscout.MustAmount("1")
	rs := make([]ranked, len(offers))
	for i, o := range offers {
		r := ranked{o: o, eff: o.AmountOut}
		if d == swapscout.Receive {
			r.eff = o.AmountIn
		}
		if s, ok := shortfall(&offers[i]); ok {
			kept := one.Sub(s.Quo(hundred, swapscout.ShortfallScale+2, swapscout.RoundHalfEven))
			switch {
			case kept.Sign() <= 0 && d == swapscout.Receive:
				r.none = true
			case kept.Sign() <= 0:
				r.eff = swapscout.Amount{}
			case d == swapscout.Receive:
				r.eff = o.AmountIn.Quo(kept, 18, swapscout.RoundUp)
			default:
				r.eff = o.AmountOut.Mul(kept)
			}
		}
		rs[i] = r
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		if a.none != b.none {
			if a.none {
				return 1
			}
			return -1
		}
		c := a.eff.Cmp(b.eff)
		if d == swapscout.Receive {
			c = -c
		}
		switch {
		case c > 0:
			return -1
		case c < 0:
			return 1
		case swapscout.Better(d, &a.o, &b.o):
			return -1
		case swapscout.Better(d, &b.o, &a.o):
			return 1
		}
		return 0
	})
	for i := range rs {
		offers[i] = rs[i].o
	}
}

// complete checks a venue's offer (Check) and fills what the engine knows.
func (e *Engine) complete(o *swapscout.Offer, v *Venue, req swapscout.QuoteRequest, took time.Duration) error {
	if err := Check(req, o); err != nil {
		return err
	}
	o.Venue = v.ID
	o.Took = took
	if e.outcome != nil {
		o.Outcome = e.outcome(v.ID)
	}
	if o.KYC == 0 {
		o.KYC = v.KYC
	}
	if o.LogPolicy == 0 {
		o.LogPolicy = v.Log
	}
	if o.Rate.IsZero() {
		o.Rate = o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)
	}
	return nil
}

// Check is the rule every venue's offer passes before it can rank, whatever
// its adapter: both amounts are valid and positive (a venue answering zero or
// a negative amount is wrong, not refusing: adapters pass such answers on
// rather than reading them as a limit or an unserved pair), and the offer
// answers the request: with direction=send its amount_in is exactly the
// amount asked (not the one the venue echoed: some adapters copy it without
// comparing), with direction=receive its amount_out is at least the amount
// asked. Otherwise it returns a bad_response VenueError saying what the venue
// answered. Plausibility against the other venues comes later, once they
// have answered (plausible.go).
func Check(req swapscout.QuoteRequest, o *swapscout.Offer) error {
	if !o.AmountIn.Valid() || !o.AmountOut.Valid() || o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 {
		return &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: fmt.Sprintf("answered %s %s for %s %s; amounts must be positive",
			o.AmountOut, ticker(req.To), o.AmountIn, ticker(req.From))}
	}
	switch req.Direction {
	case swapscout.Send:
		if o.AmountIn.Cmp(req.Amount) != 0 {
			return &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: fmt.Sprintf("answered for %s %s, not the %s %s asked",
				o.AmountIn, ticker(req.From), req.Amount, ticker(req.From))}
		}
	case swapscout.Receive:
		if o.AmountOut.Cmp(req.Amount) < 0 {
			return &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: fmt.Sprintf("answered %s %s to receive, less than the %s %s asked",
				o.AmountOut, ticker(req.To), req.Amount, ticker(req.To))}
		}
	}
	return nil
}

// failure turns a venue's error into a typed Failure. Its message is only
// the VenueError's Msg (or a text for its code), never the wrapped cause,
// which can hold addresses and transport details: the cause goes to the
// logs (the caller logs it with the venue id).
func failure(v *Venue, err error, took time.Duration) swapscout.Failure {
	f := swapscout.Failure{Venue: v.ID, Took: took}
	var ve *swapscout.VenueError
	var ne net.Error
	switch {
	case errors.As(err, &ve):
		f.Code, f.Message = ve.Code, ve.Msg
		f.Min, f.Max, f.MinOut, f.MaxOut, f.RetryAfter = ve.Min, ve.Max, ve.MinOut, ve.MaxOut, ve.RetryAfter
		if ve.Code == swapscout.CodeTimeout && f.Message == "" {
			f.Message = "no answer in time"
		}
	case errors.Is(err, context.DeadlineExceeded):
		f.Code = swapscout.CodeTimeout
		f.Message = "no answer within " + swapscout.FormatDuration(took)
	case errors.Is(err, context.Canceled):
		f.Code = swapscout.CodeTimeout
		f.Message = "request cancelled"
	case errors.As(err, &ne) && ne.Timeout():
		f.Code = swapscout.CodeTimeout
		f.Message = "no answer within " + swapscout.FormatDuration(took)
	default:
		f.Code = swapscout.CodeUnavailable
		f.Message = "venue unreachable"
	}
	if f.Message == "" {
		f.Message = string(f.Code)
	}
	return f
}

// ticker is how an asset is named in messages: its ticker in capitals.
func ticker(a swapscout.Asset) string { return strings.ToUpper(a.Ticker) }

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

// clip shortens a name for a message to 32 bytes or less, never cutting a
// UTF-8 character in half.
func clip(s string) string {
	if len(s) <= 32 {
		return s
	}
	i := 32
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// Service answers quote requests for the quote service: it selects venues
// and runs the engine. (Caching and collapsing of identical requests are
// the quote service's: package quotes.)
type Service struct {
	Engine *Engine
}

// Release gives q, returned by Quote, back (Engine.Release).
func (s *Service) Release(q *swapscout.Quote) { s.Engine.Release(q) }

// Quote selects venues and fans out.
func (s *Service) Quote(ctx context.Context, req swapscout.QuoteRequest, sel Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	vs, err := s.Engine.selected(sel)
	if err != nil {
		return nil, err
	}
	if sel.Swappable {
		return swappableOnly(s.Engine.quote(ctx, req, vs, sel.MaxKYC, sel.MaxLog, swappableEmit(emit))), nil
	}
	return s.Engine.quote(ctx, req, vs, sel.MaxKYC, sel.MaxLog, emit), nil
}
