package aggregate

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
)

// A request's deadline is its own business: the venue calls of a fan-out
// run under each venue's own deadline, detached from the request, so a
// client that asks with deadline=1ms gets timeouts in its answer but never
// makes a venue look slow or broken to its circuit breaker, its back-off or
// the metrics, which learn of the call's real outcome. A call still running
// when its request ends runs on to its venue's deadline (within
// Options.MaxDetached) but starts nothing new (the venue's guard refuses a
// call whose request has ended: swapscout.ErrRequestEnded), so it costs the
// venue only what was already sent: its answer still warms what the adapter
// keeps (order books, lists), its outcome still teaches the breaker, and a
// fan-out for the same request to the same venue meanwhile joins it instead
// of asking the venue again (and keeps it going: Detached.Extend).

// fanOut is one fan-out's venue calls: their contexts, one per distinct
// venue timeout and shared by the venues that have it (a context per venue
// would cost a timer each, set up at the same instant by a dozen goroutines
// contending for the runtime's timer lock: the largest part of the
// fan-out's own cost, measured by BenchmarkEngine), and how many calls are
// still running.
type fanOut struct {
	timeouts []time.Duration
	ctxs     []context.Context
	cancels  []context.CancelFunc
	// Room for the first few distinct timeouts (venues mostly share one or
	// two), and the detached base: no allocation of their own.
	timeoutsBuf [4]time.Duration
	ctxsBuf     [4]context.Context
	cancelsBuf  [4]context.CancelFunc
	base        swapscout.Detached
	// left counts the calls still running plus one held by Quote until it
	// has decided what becomes of them (letGo); whoever brings it to zero
	// cancels the contexts and gives back the detached budget.
	left atomic.Int32
	// detached is how many calls letGo counted in Engine.detached; written
	// before Quote's release, read after the last.
	detached int64
	// sharing: some of the calls are registered in Engine.shared, so each
	// call looks there once it has its answer.
	sharing atomic.Bool
	// What the calls read (fanOut.ask), set before the first starts: the
	// request, the venues, where they answer and their states.
	req     swapscout.QuoteRequest
	venues  []Venue
	results chan int
	state   []venueState
	bufs    *fanBufs // where state and results come from
	// joinedAny: some venue waits on another fan-out's call, which writes
	// its slot whenever it answers, so the slots are never reused.
	joinedAny bool
}

// fanBufs are a fan-out's answer slots and the channel their indices come
// on, reused by later fan-outs once every call of theirs has returned
// (fanOut.release): nothing writes them after that. Only the slots and
// the channel are reused, never the contexts the calls were given (an
// adapter's goroutine may still read one).
type fanBufs struct {
	state   []venueState
	results chan int
}

var fanBufPool sync.Pool // of *fanBufs

// getFanBufs returns slots for n venues, zero, and an empty channel with
// room for n.
func getFanBufs(n int) *fanBufs {
	if b, ok := fanBufPool.Get().(*fanBufs); ok && cap(b.state) >= n {
		b.state = b.state[:n]
		return b
	}
	return &fanBufs{state: make([]venueState, n), results: make(chan int, n)}
}

// putFanBufs empties b (the indices of calls answered after their
// fan-out gave up on them, the answers' references) and keeps it.
func putFanBufs(b *fanBufs) {
	for len(b.results) > 0 {
		<-b.results
	}
	clear(b.state[:cap(b.state)])
	fanBufPool.Put(b)
}

// newFanOut prepares the calls' contexts: each venue's own deadline from
// now, on a context detached from the request's (swapscout.Detach) when the
// request can end, whose calls wait at most tokenWait for a rate-limit
// token (0: no bound; none either for a quote marked swapscout.WithFresh).
func newFanOut(ctx context.Context, venues []Venue, tokenWait time.Duration) *fanOut {
	fo := &fanOut{}
	fo.timeouts, fo.ctxs, fo.cancels = fo.timeoutsBuf[:0], fo.ctxsBuf[:0], fo.cancelsBuf[:0]
	fo.left.Store(int32(len(venues)) + 1)
	base := ctx
	if ctx.Done() != nil {
		fo.base.Reset(ctx)
		if !swapscout.Fresh(ctx) {
			fo.base.SetTokenWait(tokenWait)
		}
		base = &fo.base
	}
	now := time.Now() // the real clock, whatever Options.Now says: timers run on it
	for i := range venues {
		t := venues[i].Timeout
		if slices.Contains(fo.timeouts, t) {
			continue
		}
		c, cancel := context.WithDeadline(base, now.Add(t))
		fo.timeouts, fo.ctxs, fo.cancels = append(fo.timeouts, t), append(fo.ctxs, c), append(fo.cancels, cancel)
	}
	return fo
}

// ctx is the context for a venue with timeout t.
func (fo *fanOut) ctx(t time.Duration) context.Context {
	return fo.ctxs[slices.Index(fo.timeouts, t)]
}

func (fo *fanOut) cancel() {
	for _, c := range fo.cancels {
		c()
	}
}

// release ends one call (or Quote's hold); the last one cleans up, and
// gives the slots back when nothing can write them any more.
func (fo *fanOut) release(e *Engine) {
	if fo.left.Add(-1) != 0 {
		return
	}
	fo.cancel()
	if !fo.joinedAny {
		putFanBufs(fo.bufs)
	}
	fo.bufs, fo.state, fo.results = nil, nil, nil
	if fo.detached == 0 {
		return
	}
	e.detached.Add(-fo.detached)
	e.mu.Lock()
	// Every call letGo registered has answered by now (share took it out).
	delete(e.live, fo)
	e.mu.Unlock()
	e.wg.Done()
}

// letGo decides what becomes of the calls still running once Quote has its
// answer: they run on to their own deadlines, registered for later
// fan-outs to join, while the detached budget allows; otherwise (or once
// the engine is closed) they are cut. A cut call ends with the context's
// cancellation, which is nobody's failure.
func (e *Engine) letGo(fo *fanOut, state []venueState, venues []Venue, req swapscout.QuoteRequest) {
	if n := int64(fo.left.Load() - 1); n > 0 {
		e.mu.Lock()
		keep := !e.closed && e.maxDetached > 0 && e.detached.Load()+n <= e.maxDetached
		if keep {
			e.detached.Add(n)
			fo.detached = n
			e.live[fo] = struct{}{}
			e.wg.Add(1)
			fo.base.End()          // the calls finish what they sent, start nothing new
			fo.sharing.Store(true) // before looking at finished: see ask
			for i := range state {
				s := &state[i]
				if s.joined || s.finished.Load() || s.ctx.Err() != nil {
					continue
				}
				k := callKey{venue: venues[i].ID, req: req}
				if _, dup := e.shared[k]; !dup {
					e.shared[k] = &sharedCall{fo: fo, i: i}
				}
			}
			e.sharing.Store(int32(len(e.shared)))
		}
		e.mu.Unlock()
		if !keep {
			fo.cancel()
		}
	}
}

// callKey identifies a venue call: the same request to the same venue.
type callKey struct {
	venue string
	req   swapscout.QuoteRequest
}

// sharedCall is a detached call (call i of fo) that later fan-outs wait on.
type sharedCall struct {
	fo      *fanOut
	i       int
	joiners []joiner
}

// joiner is a fan-out waiting on another's call: where its answer goes
// (slot, then i on results).
type joiner struct {
	results chan<- int
	slot    *answer
	i       int
	t0      time.Time
}

// join makes venue i of a fan-out for the request whose context is ctx
// (answering on results) wait on the detached call to the same venue for
// the same request, when there is one; that call's fan-out is then wanted
// until ctx's deadline too, so its calls go on to start what the venue
// needs (a second call, a book).
func (e *Engine) join(ctx context.Context, venue string, req swapscout.QuoteRequest, results chan<- int, slot *answer, i int) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	sc := e.shared[callKey{venue: venue, req: req}]
	if sc == nil {
		return false
	}
	sc.fo.base.Extend(ctx)
	sc.joiners = append(sc.joiners, joiner{results: results, slot: slot, i: i, t0: time.Now()})
	e.joined.Add(1)
	return true
}

// share hands call i of fo's answer to the fan-outs that joined it, if it
// was registered. Each joiner's results channel has room for it.
func (e *Engine) share(fo *fanOut, i int, venue string, req swapscout.QuoteRequest, a *answer) {
	k := callKey{venue: venue, req: req}
	e.mu.Lock()
	sc := e.shared[k]
	if sc == nil || sc.fo != fo || sc.i != i {
		e.mu.Unlock()
		return
	}
	delete(e.shared, k)
	e.sharing.Store(int32(len(e.shared)))
	e.mu.Unlock()
	for _, j := range sc.joiners {
		*j.slot = answer{i: j.i, offer: a.offer, err: a.err, took: time.Since(j.t0)}
		j.results <- j.i
	}
}

// Detached is how many venue calls are running on past the request that
// started them.
func (e *Engine) Detached() int64 { return e.detached.Load() }

// Joined is how many venue answers the engine took from another fan-out's
// call instead of asking the venue again.
func (e *Engine) Joined() int64 { return e.joined.Load() }

// Close cuts every detached call and waits, until ctx ends, for them to
// return. Fan-outs after Close cut their calls when their request ends.
func (e *Engine) Close(ctx context.Context) error {
	e.mu.Lock()
	e.closed = true
	for fo := range e.live {
		fo.cancel()
	}
	e.mu.Unlock()
	done := make(chan struct{})
	go func() {
		e.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
