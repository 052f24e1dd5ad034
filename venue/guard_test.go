package venue

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
)

// clock is a settable clock for cool-downs and, as a RateClock, for the
// rate limit: its Sleep returns at once, moving the clock on by the wait
// and recording it, so a test says whether a call waited, and how long,
// without the wall clock.
type clock struct {
	mu    sync.Mutex
	t     time.Time
	slept []time.Duration
}

func (c *clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.slept = append(c.slept, d)
	c.t = c.t.Add(d)
	c.mu.Unlock()
	return nil
}

// waits returns the waits for a token so far and forgets them.
func (c *clock) waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.slept
	c.slept = nil
	return w
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// guarded is a loopback venue whose answers a test sets, called through a
// Config with a Guard.
type guarded struct {
	cfg    *Config
	clk    *clock
	calls  atomic.Int32
	mu     sync.Mutex
	answer func(w http.ResponseWriter, r *http.Request)
}

func newGuarded(t *testing.T, l Limit, breakerOpen time.Duration) *guarded {
	t.Helper()
	g := &guarded{clk: &clock{t: time.Unix(1_800_000_000, 0)}}
	g.answer = func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"ok":true}`) }
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.calls.Add(1)
		g.mu.Lock()
		answer := g.answer
		g.mu.Unlock()
		answer(w, r)
	}))
	t.Cleanup(srv.Close)
	hc := upstream.New(upstream.Options{})
	t.Cleanup(func() { hc.Close() })
	g.cfg = &Config{BaseURL: srv.URL, HTTP: hc, Now: g.clk.Now, Guard: newGuard("Test", l, g.clk.Now, breakerOpen)}
	g.cfg.Guard.SetRateClock(g.clk)
	return g
}

func (g *guarded) set(answer func(w http.ResponseWriter, r *http.Request)) {
	g.mu.Lock()
	g.answer = answer
	g.mu.Unlock()
}

// fetch calls the venue; its parse maps 404 to unsupported_pair, 5xx to
// unavailable and 200 to success, as adapters do.
func (g *guarded) fetch(ctx context.Context) error {
	return Fetch(ctx, g.cfg, Request{URL: g.cfg.BaseURL + "/q"}, func(status int, body []byte) error {
		switch {
		case status == 404:
			return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "no such pair")
		case status != 200:
			return StatusError(status)
		}
		return nil
	})
}

func veOf(t *testing.T, err error) *swapscout.VenueError {
	t.Helper()
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) {
		t.Fatalf("err = %v, want a *VenueError", err)
	}
	return ve
}

// TestRetryAfterCapped: a huge Retry-After holds the venue off for
// MaxCoolDown only, without network calls meanwhile, and the venue is
// probed again after it.
func TestRetryAfterCapped(t *testing.T) {
	g := newGuarded(t, Limit{}, BreakerOpen)
	g.set(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "31536000") // a year
		w.WriteHeader(429)
	})
	ctx := context.Background()
	if ve := veOf(t, g.fetch(ctx)); ve.Code != swapscout.CodeRateLimited || ve.RetryAfter != MaxCoolDown {
		t.Fatalf("429: %v (retry after %v), want rate_limited for MaxCoolDown", ve, ve.RetryAfter)
	}
	g.clk.Add(MaxCoolDown - time.Second)
	if ve := veOf(t, g.fetch(ctx)); ve.Code != swapscout.CodeRateLimited || ve.RetryAfter != time.Second {
		t.Fatalf("during the cool-down: %v (retry after %v), want rate_limited with 1s left", ve, ve.RetryAfter)
	}
	if got := g.cfg.Guard.State(); got != "cooling" {
		t.Errorf("State() = %q, want cooling", got)
	}
	if n := g.calls.Load(); n != 1 {
		t.Fatalf("%d calls, want 1: none during the cool-down", n)
	}
	g.set(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
	g.clk.Add(time.Second)
	if err := g.fetch(ctx); err != nil {
		t.Fatalf("after the capped cool-down: %v, want the venue probed and answering", err)
	}
	if got := g.cfg.Guard.State(); got != "closed" {
		t.Errorf("State() = %q, want closed", got)
	}
}

// TestRetryAfterForms: Retry-After in seconds, as an HTTP-date, KuCoin's
// reset header, and none at all (a back-off doubling from the venue's
// Backoff, up to MaxBackoff, reset by a normal answer).
func TestRetryAfterForms(t *testing.T) {
	ctx := context.Background()
	t.Run("date", func(t *testing.T) {
		g := newGuarded(t, Limit{}, BreakerOpen)
		when := g.clk.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
		g.set(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", when)
			w.WriteHeader(429)
		})
		if ve := veOf(t, g.fetch(ctx)); ve.RetryAfter != 90*time.Second {
			t.Errorf("Retry-After %s: retry after %v, want 90s", when, ve.RetryAfter)
		}
	})
	t.Run("kucoin", func(t *testing.T) {
		g := newGuarded(t, Limit{}, BreakerOpen)
		g.set(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("gw-ratelimit-reset", "1500")
			w.WriteHeader(429)
		})
		if ve := veOf(t, g.fetch(ctx)); ve.RetryAfter != 1500*time.Millisecond {
			t.Errorf("retry after %v, want 1.5s", ve.RetryAfter)
		}
	})
	t.Run("none", func(t *testing.T) {
		g := newGuarded(t, Limit{Backoff: 10 * time.Second}, BreakerOpen)
		bare := func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(418) }
		g.set(bare)
		var got []time.Duration
		for range 6 {
			ve := veOf(t, g.fetch(ctx))
			got = append(got, ve.RetryAfter)
			g.clk.Add(ve.RetryAfter)
		}
		want := []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second, MaxBackoff, MaxBackoff}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("back-offs %v, want %v", got, want)
		}
		g.set(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
		if err := g.fetch(ctx); err != nil {
			t.Fatal(err)
		}
		g.set(bare)
		if ve := veOf(t, g.fetch(ctx)); ve.RetryAfter != 10*time.Second {
			t.Errorf("after a normal answer: retry after %v, want the back-off to start over at 10s", ve.RetryAfter)
		}
	})
}

// TestBreaker: failures in a row open the breaker, which then refuses
// calls without a network call; after its delay one probe decides. Normal
// answers (unsupported pair) and cancelled calls never open it.
func TestBreaker(t *testing.T) {
	ctx := context.Background()
	t.Run("opens and closes", func(t *testing.T) {
		g := newGuarded(t, Limit{}, time.Second)
		g.set(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) })
		for i := range BreakerFailures {
			if ve := veOf(t, g.fetch(ctx)); ve.Code != swapscout.CodeUnavailable || strings.Contains(ve.Msg, "circuit") {
				t.Fatalf("failure %d: %v, want the venue's own unavailable", i+1, ve)
			}
		}
		ve := veOf(t, g.fetch(ctx))
		if ve.Code != swapscout.CodeUnavailable || !strings.Contains(ve.Msg, fmt.Sprintf("circuit open after %d failures; retrying in", BreakerFailures)) {
			t.Fatalf("after %d failures: %v, want unavailable with the circuit open", BreakerFailures, ve)
		}
		if n := g.calls.Load(); n != BreakerFailures {
			t.Fatalf("%d calls, want %d: none while the circuit is open", n, BreakerFailures)
		}
		if got := g.cfg.Guard.State(); got != "open" {
			t.Errorf("State() = %q, want open", got)
		}
		waitHalfOpen(t, g)
		g.set(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
		if err := g.fetch(ctx); err != nil {
			t.Fatalf("probe after the delay: %v", err)
		}
		if got := g.cfg.Guard.State(); got != "closed" {
			t.Errorf("State() after a good probe = %q, want closed", got)
		}
	})
	t.Run("bad probe reopens", func(t *testing.T) {
		g := newGuarded(t, Limit{}, time.Second)
		g.set(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(502) })
		for range BreakerFailures {
			g.fetch(ctx)
		}
		waitHalfOpen(t, g)
		g.fetch(ctx) // the probe fails
		if got := g.cfg.Guard.State(); got != "open" {
			t.Errorf("State() after a bad probe = %q, want open", got)
		}
	})
	t.Run("normal answers", func(t *testing.T) {
		g := newGuarded(t, Limit{}, BreakerOpen)
		g.set(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
		for range 3 * BreakerFailures {
			if ve := veOf(t, g.fetch(ctx)); ve.Code != swapscout.CodeUnsupportedPair {
				t.Fatalf("%v, want unsupported_pair every time", ve)
			}
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		g := newGuarded(t, Limit{}, BreakerOpen)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		for range 3 * BreakerFailures {
			if err := g.fetch(cctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("%v, want context.Canceled every time", err)
			}
		}
		if got := g.cfg.Guard.State(); got != "closed" {
			t.Errorf("State() = %q, want closed", got)
		}
	})
}

// waitHalfOpen waits until g's breaker, opened, lets a probe through: the
// breaker reads the wall clock (failsafe-go takes no clock to inject), so
// the test waits for the state, not for a guessed time.
func waitHalfOpen(t *testing.T, g *guarded) {
	t.Helper()
	for g.cfg.Guard.State() == "open" {
		time.Sleep(10 * time.Millisecond)
	}
	if got := g.cfg.Guard.State(); got != "half-open" {
		t.Fatalf("State() after the delay = %q, want half-open", got)
	}
}

// TestCutProbeGivesItsTurnBack: a half-open breaker's probe that its caller
// cancels (a client gone, a call the engine cut) is no verdict: the breaker
// stays half-open for the next call, which closes it. Before, the cut probe
// counted as a failure and reopened the circuit for everyone, so whoever
// cancelled probes kept a venue out.
func TestCutProbeGivesItsTurnBack(t *testing.T) {
	g := newGuarded(t, Limit{}, 50*time.Millisecond)
	g.set(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) })
	for range BreakerFailures {
		g.fetch(context.Background())
	}
	waitHalfOpen(t, g)
	g.set(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{}`) })
	for range 3 {
		cut, cancel := context.WithCancel(context.Background())
		cancel()
		if err := g.fetch(cut); !errors.Is(err, context.Canceled) {
			t.Fatalf("cut probe: %v", err)
		}
		if got := g.cfg.Guard.State(); got != "half-open" {
			t.Fatalf("State() after a cut probe = %q, want half-open", got)
		}
	}
	if err := g.fetch(context.Background()); err != nil {
		t.Fatalf("probe: %v", err)
	}
	if got := g.cfg.Guard.State(); got != "closed" {
		t.Errorf("State() after a good probe = %q, want closed", got)
	}
}

// TestRequestDeadlineBoundsTokenWait: a call detached from its request
// (the engine runs every quote call under the venue's own deadline) waits
// for a rate-limit token only until the request's deadline: past it nobody
// wants the answer, and its reservation would push others' calls back.
func TestRequestDeadlineBoundsTokenWait(t *testing.T) {
	g := newGuarded(t, Limit{Rate: 0.01, Burst: 1}, BreakerOpen) // a token every 100 s
	if err := g.fetch(context.Background()); err != nil {
		t.Fatal(err)
	}
	request, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	call, cancel2 := context.WithTimeout(swapscout.Detach(request), time.Hour)
	defer cancel2()
	ve := veOf(t, g.fetch(call))
	if w := g.clk.waits(); ve.Code != swapscout.CodeRateLimited || len(w) != 0 {
		t.Fatalf("%v after waits %v, want rate_limited at once", ve, w)
	}
	if n := g.calls.Load(); n != 1 {
		t.Errorf("%d calls, want 1", n)
	}
}

// TestEndedRequestStartsNoCall: a call whose request has ended (the engine
// says so with Detached.End) never goes out, and says nothing of the venue:
// its breaker and metrics see a cancellation.
func TestEndedRequestStartsNoCall(t *testing.T) {
	g := newGuarded(t, Limit{}, BreakerOpen)
	request, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	d := swapscout.Detach(request).(*swapscout.Detached)
	call, cancel2 := context.WithTimeout(d, time.Minute)
	defer cancel2()
	if err := g.fetch(call); err != nil {
		t.Fatalf("while the request runs: %v", err)
	}
	d.End()
	for range 2 * BreakerFailures {
		if err := g.fetch(call); !errors.Is(err, swapscout.ErrRequestEnded) || !errors.Is(err, context.Canceled) {
			t.Fatalf("after the request's end: %v, want ErrRequestEnded", err)
		}
	}
	if n := g.calls.Load(); n != 1 {
		t.Errorf("%d calls reached the venue, want 1", n)
	}
	if got := g.cfg.Guard.State(); got != "closed" {
		t.Errorf("State() = %q, want closed", got)
	}
	d.Extend(context.Background()) // a request with no deadline joined
	if err := g.fetch(call); err != nil {
		t.Errorf("once another request waits: %v", err)
	}
}

// TestBulkCallsLeaveTheReserve: bulk calls (a client running more quotes at
// once than its interactive share) take tokens only while the bucket holds
// more than half its burst, and never wait; whoever comes next still finds
// a token at once.
func TestBulkCallsLeaveTheReserve(t *testing.T) {
	g := newGuarded(t, Limit{Rate: 0.1, Burst: 6}, BreakerOpen) // a token every 10 s: none comes back here
	long, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bulk := swapscout.WithBulk(long)
	for i := range 3 { // 6 → 3
		if err := g.fetch(bulk); err != nil {
			t.Fatalf("bulk call %d with tokens to spare: %v", i, err)
		}
	}
	ve := veOf(t, g.fetch(bulk))
	if w := g.clk.waits(); ve.Code != swapscout.CodeRateLimited || ve.RetryAfter <= 0 || len(w) != 0 {
		t.Fatalf("bulk call on the reserve: %v after waits %v, want rate_limited at once", ve, w)
	}
	for i := range 3 { // the reserve is everyone else's
		if err := g.fetch(long); err != nil {
			t.Fatalf("call %d after the bulk ones: %v", i, err)
		}
		if w := g.clk.waits(); len(w) != 0 {
			t.Fatalf("call %d after the bulk ones waited %v, want a token at once", i, w)
		}
	}
	if n := g.calls.Load(); n != 6 {
		t.Errorf("%d calls reached the venue, want 6", n)
	}
}

// TestBulkFloodLeavesRouteLegsTheirTokens: the classes of the rate budget
// in order. A flooding client's calls (bulk) stop at the reserve; a normal
// quote's route legs (extra) still find tokens in it, and stop at the last
// one, which a direct call then takes at once. Before the classes, route
// legs were bulk too, and a flood left them nothing.
func TestBulkFloodLeavesRouteLegsTheirTokens(t *testing.T) {
	g := newGuarded(t, Limit{Rate: 0.001, Burst: 10}, BreakerOpen) // nothing comes back within the test
	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	flood := 0
	for range 50 {
		if g.fetch(swapscout.WithBulk(long)) == nil {
			flood++
		}
	}
	if flood != 5 {
		t.Fatalf("the flood took %d of 10 tokens, want 5 (down to the reserve)", flood)
	}
	legs := 0
	for range 10 {
		err := g.fetch(swapscout.WithExtra(long))
		if err == nil {
			legs++
			continue
		}
		if !errors.Is(err, ErrSkipped) {
			t.Fatalf("route leg refused with %v, want ErrSkipped", err)
		}
	}
	if legs != 4 {
		t.Errorf("route legs after the flood got %d tokens, want 4 (all but the last)", legs)
	}
	if err := g.fetch(long); err != nil {
		t.Fatalf("direct call after the legs: %v", err)
	}
	if w := g.clk.waits(); len(w) != 0 {
		t.Errorf("waits %v, want none: the last token was the direct call's", w)
	}
	// A flooding client's route legs are bulk: the lowest mark decides.
	g2 := newGuarded(t, Limit{Rate: 0.001, Burst: 10}, BreakerOpen)
	n := 0
	for range 20 {
		if g2.fetch(swapscout.WithExtra(swapscout.WithBulk(long))) == nil {
			n++
		}
	}
	if n != 5 {
		t.Errorf("a flooding client's route legs took %d tokens, want 5 (they are bulk)", n)
	}
}

// TestHopelessDeadlineSpendsOnlySpareTokens: a call whose request has less
// time left than the venue usually takes to answer (its client cannot use
// the answer) takes only the tokens above the reserve, never waits, and is
// told why; a request with time to use the answer keeps full priority, and
// the reserve serves it.
func TestHopelessDeadlineSpendsOnlySpareTokens(t *testing.T) {
	g := newGuarded(t, Limit{Rate: 1e-5, Burst: 10}, BreakerOpen) // ~nothing comes back within the test
	if got := g.cfg.Guard.UsualAnswer(); got != DefaultAnswerTime {
		t.Fatalf("UsualAnswer() before any answer = %v, want %v", got, DefaultAnswerTime)
	}
	g.set(func(w http.ResponseWriter, r *http.Request) {
		g.clk.Add(time.Minute) // the venue takes a minute to answer
		fmt.Fprint(w, `{"ok":true}`)
	})
	// Requests that give 30 s (on the wall clock): less than the minute the
	// venue takes once it has answered one.
	call := func(requestLeft time.Duration) error {
		request, cancel := context.WithTimeout(context.Background(), requestLeft)
		defer cancel()
		c, cancel2 := context.WithTimeout(swapscout.Detach(request), time.Hour)
		defer cancel2()
		return g.fetch(c)
	}
	if err := call(time.Hour); err != nil { // learns the minute; 9 tokens left
		t.Fatal(err)
	}
	if got := g.cfg.Guard.UsualAnswer(); got != time.Minute {
		t.Fatalf("UsualAnswer() = %v, want 1m", got)
	}
	short := 0
	var last error
	for range 50 {
		if last = call(30 * time.Second); last == nil {
			short++
		}
	}
	if short != 4 {
		t.Errorf("hopeless calls took %d tokens, want 4 (9 down to the reserve of 5)", short)
	}
	ve := veOf(t, last)
	if ve.Code != swapscout.CodeRateLimited || !errors.Is(last, swapscout.ErrHeldBack) || !strings.Contains(ve.Msg, "usually answers in 1m0s") {
		t.Errorf("refusal %v (%q), want rate_limited saying the venue's usual answer time", ve, ve.Msg)
	}
	for i := range 5 { // the reserve is for requests that can use the answer
		if err := call(time.Hour); err != nil {
			t.Fatalf("call %d with time for the answer: %v", i, err)
		}
	}
	if w := g.clk.waits(); len(w) != 0 {
		t.Errorf("waits %v, want none", w)
	}
}

// TestRateLimit: a call over the venue's rate waits for a token when one
// comes before its deadline, and fails rate_limited at once otherwise,
// without a network call.
func TestRateLimit(t *testing.T) {
	g := newGuarded(t, Limit{Rate: 0.01, Burst: 1}, BreakerOpen) // a token every 100 s
	ctx := context.Background()
	if err := g.fetch(ctx); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	ve := veOf(t, g.fetch(short))
	if w := g.clk.waits(); ve.Code != swapscout.CodeRateLimited || ve.RetryAfter != 100*time.Second || len(w) != 0 {
		t.Fatalf("%v (retry after %v) after waits %v, want rate_limited at once, the next token in 100s", ve, ve.RetryAfter, w)
	}
	if n := g.calls.Load(); n != 1 {
		t.Fatalf("%d calls, want 1", n)
	}
	long, cancel2 := context.WithTimeout(ctx, time.Hour)
	defer cancel2()
	if err := g.fetch(long); err != nil {
		t.Fatalf("with time to wait for a token: %v", err)
	}
	if w := g.clk.waits(); len(w) != 1 || w[0] != 100*time.Second {
		t.Errorf("waits %v, want one wait of 100s for the next token", w)
	}
	if n := g.calls.Load(); n != 2 {
		t.Errorf("%d calls, want 2", n)
	}
}

// TestOptionalCalls: an optional call never waits for a token and leaves
// the last one to the calls that need it.
func TestOptionalCalls(t *testing.T) {
	g := newGuarded(t, Limit{Rate: 0.5, Burst: 3}, BreakerOpen) // a token every 2 s
	long, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	opt := WithOptional(long)
	for i := range 2 { // tokens 3 → 1
		if err := g.fetch(opt); err != nil {
			t.Fatalf("optional call %d with tokens to spare: %v", i, err)
		}
	}
	ve := veOf(t, g.fetch(opt))
	if w := g.clk.waits(); ve.Code != swapscout.CodeRateLimited || len(w) != 0 {
		t.Fatalf("optional call on the last token: %v after waits %v, want rate_limited at once", ve, w)
	}
	if err := g.fetch(long); err != nil { // the last token is the needed call's
		t.Fatalf("needed call after the optional ones: %v", err)
	}
	if n := g.calls.Load(); n != 3 {
		t.Errorf("%d calls reached the venue, want 3", n)
	}
}

// TestTransportMessages: failures the client sees read as fixed texts, with
// no socket address or library detail (those stay in Err for logs).
func TestTransportMessages(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			buf := make([]byte, 4096)
			c.Read(buf)
			fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nX-Junk: %s\r\n\r\n", strings.Repeat("x", 64<<10))
			c.Close()
		}
	}()
	defer ln.Close()
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	cfg := &Config{HTTP: hc}
	parse := func(int, []byte) error { return nil }

	err = Fetch(context.Background(), cfg, Request{URL: "http://" + addr + "/"}, parse)
	if ve := veOf(t, err); ve.Code != swapscout.CodeBadResponse || ve.Msg != "response headers too large" {
		t.Errorf("headers over the buffer: %q (%s), want bad_response %q", ve.Msg, ve.Code, "response headers too large")
	}
	dead, _ := net.Listen("tcp", "127.0.0.1:0")
	deadAddr := dead.Addr().String()
	dead.Close()
	err = Fetch(context.Background(), cfg, Request{URL: "http://" + deadAddr + "/"}, parse)
	ve := veOf(t, err)
	if ve.Code != swapscout.CodeUnavailable || strings.Contains(ve.Msg, "127.0.0.1") || strings.Contains(ve.Msg, "dial") {
		t.Errorf("refused connection: %q (%s), want unavailable without addresses", ve.Msg, ve.Code)
	}
	if ve.Err == nil {
		t.Error("the cause is gone; keep it in Err for logs")
	}
}

// TestGuardAllocs: the guard costs the quote path no allocation when it
// lets a call through.
func TestGuardAllocs(t *testing.T) {
	g := NewGuard("Test", Limit{Rate: 1e9, Burst: 1 << 20}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	unsupported := swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "no")
	if n := testing.AllocsPerRun(1000, func() {
		start, err := g.begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g.end(start, nil)
		start, err = g.begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g.end(start, unsupported)
	}); n != 0 {
		t.Errorf("%v allocations per guarded call, want 0", n)
	}
}

func BenchmarkGuard(b *testing.B) {
	g := NewGuard("Test", Limit{Rate: 2, Burst: 10}, nil)
	g.lim.SetLimit(1e9)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		start, err := g.begin(ctx)
		if err != nil {
			b.Fatal(err)
		}
		g.end(start, nil)
	}
}
