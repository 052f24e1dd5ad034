package aggregate_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/venue"
)

// gatedVenue is a fake venue behind a real venue.Guard: each call waits for
// the gate open at its start (nil: answers at once) or for its context, and
// the guard learns every outcome as it does from venue.Fetch.
type gatedVenue struct {
	guard  *venue.Guard
	out    swapscout.Amount
	gate   atomic.Pointer[chan struct{}]
	onCall atomic.Pointer[func()] // called as each call goes out
	// steps is how many calls a quote makes, one after the other (as
	// adapters that ask for an estimate, then its limits); 0 means 1. The
	// gate holds the first.
	steps int
	calls atomic.Int32 // calls the guard let through
	ended atomic.Int32 // calls returned
	// deadlines records how long each call was given (its context's
	// deadline from its start).
	mu        sync.Mutex
	deadlines []time.Duration
}

func newGated(name, out string, now func() time.Time) *gatedVenue {
	return &gatedVenue{guard: venue.NewGuard(name, venue.Limit{}, now), out: swapscout.MustAmount(out)}
}

func (f *gatedVenue) close() chan struct{} {
	g := make(chan struct{})
	f.gate.Store(&g)
	return g
}

func (f *gatedVenue) open() { f.gate.Store(nil) }

func (f *gatedVenue) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	defer f.ended.Add(1)
	var o swapscout.Offer
	err := f.guard.Do(ctx, func(ctx context.Context) error {
		f.calls.Add(1)
		if fn := f.onCall.Load(); fn != nil {
			(*fn)()
		}
		if dl, ok := ctx.Deadline(); ok {
			f.mu.Lock()
			f.deadlines = append(f.deadlines, time.Until(dl))
			f.mu.Unlock()
		}
		if g := f.gate.Load(); g != nil {
			select {
			case <-*g:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		o = swapscout.Offer{AmountIn: req.Amount, AmountOut: f.out}
		return nil
	})
	for step := 1; step < f.steps && err == nil; step++ {
		err = f.guard.Do(ctx, func(context.Context) error {
			f.calls.Add(1)
			return nil
		})
	}
	return o, err
}

// endWhenOut makes c end once a call of each of fakes has gone out.
func endWhenOut(c *endable, fakes ...*gatedVenue) {
	var n atomic.Int32
	var once sync.Once
	fn := func() {
		if n.Add(1) == int32(len(fakes)) {
			once.Do(c.end)
		}
	}
	for _, f := range fakes {
		f.onCall.Store(&fn)
	}
}

// fixedClock is the injected clock: nothing here waits on the wall clock.
func fixedClock() time.Time { return time.Unix(1_800_000_000, 0) }

func gatedEngine(t *testing.T, n int, o aggregate.Options) (*aggregate.Engine, []*gatedVenue) {
	t.Helper()
	var fakes []*gatedVenue
	var venues []aggregate.Venue
	for i := range n {
		f := newGated(fmt.Sprint("Venue ", i), fmt.Sprintf("2.%03d", 100+i), fixedClock)
		fakes = append(fakes, f)
		venues = append(venues, aggregate.Venue{ID: fmt.Sprint("v", i), KYC: 'B', Timeout: time.Minute, Quoter: f})
	}
	o.Now = fixedClock
	e := newEngine(t, venues, o)
	t.Cleanup(func() {
		for _, f := range fakes {
			f.open()
		}
		if err := e.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return e, fakes
}

func amountReq(i int) swapscout.QuoteRequest {
	r := req
	r.Amount = swapscout.MustAmount(fmt.Sprintf("0.1%04d", i))
	return r
}

// endable is a request's context whose end the test decides: the
// request's clock, injected. Its deadline is far ahead, as a real request's
// is when its venue calls go out; end makes it pass (or cancels).
type endable struct {
	deadline time.Time
	done     chan struct{}
	err      error
}

func newEndable(deadline bool) *endable {
	c := &endable{done: make(chan struct{})}
	if deadline {
		c.deadline = time.Now().Add(time.Hour)
	}
	return c
}

func (c *endable) Deadline() (time.Time, bool) { return c.deadline, !c.deadline.IsZero() }
func (c *endable) Done() <-chan struct{}       { return c.done }
func (c *endable) Value(any) any               { return nil }
func (c *endable) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

func (c *endable) end() {
	c.err = context.Canceled
	if !c.deadline.IsZero() {
		c.err = context.DeadlineExceeded
	}
	close(c.done)
}

// TestClientDeadlineNeverCountsAgainstVenues is issue 20's flood in the
// engine: a thousand requests whose deadline passes while every venue's
// call is out (as deadline=10ms or 1ms does against venues that take
// longer), a thousand cancelled so, and a thousand whose deadline has
// passed before any call could go out; the venues answer after each.
// Every one is a timeout for that answer only: no venue's breaker learns a
// failure, every call ran under the venue's own deadline, the calls that
// could not start before the request ended never went out, and the next
// normal quote gets every offer. Before, the calls ended with the request's
// deadline, and five such requests opened every breaker.
func TestClientDeadlineNeverCountsAgainstVenues(t *testing.T) {
	const venues, rounds = 8, 1000
	e, fakes := gatedEngine(t, venues, aggregate.Options{})
	ask := func(name string, offset int, newCtx func() context.Context, want string) {
		for i := range rounds {
			for _, f := range fakes {
				f.close()
			}
			q := e.Quote(newCtx(), amountReq(offset+i), e.Venues(), nil)
			if len(q.Offers) != 0 || len(q.Failures) != venues {
				t.Fatalf("%s %d: %d offers, %d failures; want every venue a timeout", name, i, len(q.Offers), len(q.Failures))
			}
			for _, f := range q.Failures {
				if f.Code != swapscout.CodeTimeout || !strings.HasPrefix(f.Message, want) {
					t.Fatalf("%s %d: %s %s: %s, want a timeout (%s…)", name, i, f.Venue, f.Code, f.Message, want)
				}
			}
			for _, f := range fakes { // the venues answer after the request has ended
				f.onCall.Store(nil)
				close(*f.gate.Load())
			}
			for e.Detached() != 0 {
				runtime.Gosched()
			}
		}
	}
	endingOnceOut := func(deadline bool) func() context.Context {
		return func() context.Context {
			c := newEndable(deadline)
			endWhenOut(c, fakes...)
			return c
		}
	}
	ask("deadline", 0, endingOnceOut(true), "no answer within")
	ask("cancelled", rounds, endingOnceOut(false), "request cancelled")
	ask("deadline passed", 2*rounds, func() context.Context {
		ctx, cancel := context.WithDeadline(context.Background(), time.Now()) // no call can go out in time
		cancel()
		return ctx
	}, "no answer within")
	for i, f := range fakes {
		if got := f.guard.State(); got != "closed" {
			t.Errorf("venue %d: breaker %s after %d cut requests, want closed", i, got, 3*rounds)
		}
		if n := f.calls.Load(); n != 2*rounds {
			t.Errorf("venue called %d times, want %d: every call out before its request ended, none after", n, 2*rounds)
		}
		f.mu.Lock()
		for _, d := range f.deadlines {
			if d < 59*time.Second {
				t.Fatalf("a call was given %s, want the venue's own minute", d)
			}
		}
		f.mu.Unlock()
		f.open()
	}
	if n := e.Detached(); n != 0 {
		t.Errorf("Detached() = %d after every call answered, want 0", n)
	}
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	if len(q.Offers) != venues {
		t.Errorf("the next normal quote: %d offers (failures %+v), want %d", len(q.Offers), q.Failures, venues)
	}
}

// TestVenueOwnDeadlineStillCounts: a venue that does not answer within its
// own deadline is its failure, and its breaker opens as before, even when
// every request's deadline is shorter than the venue's (as the API's
// default of 3 s is shorter than most venues' 4 to 5 s): the calls run on
// to the venue's deadline, and the breaker learns how they really ended.
func TestVenueOwnDeadlineStillCounts(t *testing.T) {
	for _, name := range []string{"no request deadline", "shorter request deadline"} {
		t.Run(name, func(t *testing.T) {
			hung := newGated("Hung", "2", fixedClock)
			hung.close() // never opened: every call runs to its deadline
			e := newEngine(t, []aggregate.Venue{{ID: "hung", KYC: 'B', Timeout: 2 * time.Millisecond, Quoter: hung}}, aggregate.Options{Now: fixedClock})
			for i := range venue.BreakerFailures {
				var ctx context.Context = context.Background()
				if name != "no request deadline" {
					c := newEndable(true)
					endWhenOut(c, hung) // the request's deadline passes as the call goes out
					ctx = c
				}
				q := e.Quote(ctx, amountReq(i), e.Venues(), nil)
				if len(q.Failures) != 1 || q.Failures[0].Code != swapscout.CodeTimeout {
					t.Fatalf("failures %+v, want a timeout", q.Failures)
				}
				for hung.ended.Load() != int32(i+1) { // the call runs to the venue's own deadline
					runtime.Gosched()
				}
			}
			if got := hung.guard.State(); got != "open" {
				t.Errorf("breaker %s after %d timeouts of the venue's own, want open", got, venue.BreakerFailures)
			}
		})
	}
}

// TestCutCallsAreNobodysFailure: with no call allowed to run on
// (MaxDetached < 0), a call still running when its request ends is cut; the
// venue's breaker counts it neither way.
func TestCutCallsAreNobodysFailure(t *testing.T) {
	e, fakes := gatedEngine(t, 3, aggregate.Options{MaxDetached: -1})
	for _, f := range fakes {
		f.close()
	}
	for i := range 50 {
		c := newEndable(true)
		endWhenOut(c, fakes...)
		e.Quote(c, amountReq(i), e.Venues(), nil)
	}
	for _, f := range fakes {
		for f.ended.Load() != 50 { // cut: they end without the gate
			runtime.Gosched()
		}
		if got := f.guard.State(); got != "closed" {
			t.Errorf("breaker %s after 50 cut calls, want closed", got)
		}
	}
	if n := e.Detached(); n != 0 {
		t.Errorf("Detached() = %d with MaxDetached < 0", n)
	}
}

// TestDetachedCallIsJoined: a request cut short leaves its calls running;
// a normal request for the same quote meanwhile joins them instead of
// asking each venue again, and gets every offer when they answer.
func TestDetachedCallIsJoined(t *testing.T) {
	e, fakes := gatedEngine(t, 4, aggregate.Options{})
	gates := make([]chan struct{}, len(fakes))
	for i, f := range fakes {
		gates[i] = f.close()
	}
	short := newEndable(true)
	endWhenOut(short, fakes...)
	if q := e.Quote(short, req, e.Venues(), nil); len(q.Offers) != 0 {
		t.Fatalf("cut request: %d offers", len(q.Offers))
	}
	if n := e.Detached(); n != int64(len(fakes)) {
		t.Fatalf("Detached() = %d, want %d", n, len(fakes))
	}
	done := make(chan *swapscout.Quote)
	go func() { done <- e.Quote(context.Background(), req, e.Venues(), nil) }()
	for e.Joined() < int64(len(fakes)) { // the second request waits on the first's calls
		runtime.Gosched()
	}
	for _, g := range gates {
		close(g)
	}
	q := <-done
	if len(q.Offers) != len(fakes) {
		t.Errorf("joined request: %d offers, failures %+v", len(q.Offers), q.Failures)
	}
	for i, f := range fakes {
		if n := f.calls.Load(); n != 1 {
			t.Errorf("venue %d asked %d times, want once", i, n)
		}
	}
}

// TestCloseCutsDetachedCalls: Close ends every call still running past its
// request, and later requests cut theirs.
func TestCloseCutsDetachedCalls(t *testing.T) {
	e, fakes := gatedEngine(t, 3, aggregate.Options{})
	for _, f := range fakes {
		f.close()
	}
	short := newEndable(true)
	endWhenOut(short, fakes...)
	e.Quote(short, req, e.Venues(), nil)
	if n := e.Detached(); n != 3 {
		t.Fatalf("Detached() = %d, want 3", n)
	}
	ctx, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if n := e.Detached(); n != 0 {
		t.Errorf("Detached() = %d after Close", n)
	}
	late := newEndable(true)
	endWhenOut(late, fakes...)
	e.Quote(late, amountReq(1), e.Venues(), nil)
	if n := e.Detached(); n != 0 {
		t.Errorf("Detached() = %d for a request after Close", n)
	}
	for _, f := range fakes {
		for f.ended.Load() < 2 { // one call per request, both cut
			runtime.Gosched()
		}
		if got := f.guard.State(); got != "closed" {
			t.Errorf("breaker %s", got)
		}
	}
}

// TestEndedRequestStartsNothingNew: a call whose request has ended finishes
// what it has sent, but the adapter's next call never goes out (nobody
// waits for it); when a later request has joined it, it goes on, and the
// venue is still asked once per step.
func TestEndedRequestStartsNothingNew(t *testing.T) {
	for _, joined := range []bool{false, true} {
		t.Run(fmt.Sprint("joined=", joined), func(t *testing.T) {
			e, fakes := gatedEngine(t, 1, aggregate.Options{})
			f := fakes[0]
			f.steps = 2
			gate := f.close()
			short := newEndable(true)
			endWhenOut(short, f)
			if q := e.Quote(short, req, e.Venues(), nil); len(q.Offers) != 0 {
				t.Fatalf("cut request: %d offers", len(q.Offers))
			}
			f.onCall.Store(nil)
			done := make(chan *swapscout.Quote, 1)
			if joined {
				go func() { done <- e.Quote(context.Background(), req, e.Venues(), nil) }()
				for e.Joined() < 1 {
					runtime.Gosched()
				}
			}
			close(gate)
			for e.Detached() != 0 {
				runtime.Gosched()
			}
			want := int32(1) // the first step only
			if joined {
				if q := <-done; len(q.Offers) != 1 {
					t.Errorf("joined request: offers %d, failures %+v", len(q.Offers), q.Failures)
				}
				want = 2
			}
			if n := f.calls.Load(); n != want {
				t.Errorf("%d calls went out, want %d", n, want)
			}
		})
	}
}
