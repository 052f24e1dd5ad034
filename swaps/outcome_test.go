package swaps_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// notSent is how the venue kit marks a call that never left (venue.Fetch).
func notSent(ve *swapscout.VenueError) error {
	c := *ve
	c.Err = errors.Join(swapscout.ErrNotSent, ve.Err)
	return &c
}

// TestUnknownOutcome: a create call whose answer is lost (unreadable, cut,
// a 5xx after the request left, no answer in time) may have made an order:
// the key stays reserved in the unknown state, every retry with it answers
// outcome_unknown truthfully (never "nothing is owed"), and no retry makes a
// second order, even once the venue answers again.
func TestUnknownOutcome(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"unreadable", swapscout.NewVenueError(swapscout.CodeBadResponse, "malformed answer")},
		{"cut", &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: "unreadable answer", Err: errors.New("unexpected EOF")}},
		{"gateway 502 after sending", swapscout.NewVenueError(swapscout.CodeUnavailable, "answered HTML, not JSON (HTTP 502)")},
		{"deadline", context.DeadlineExceeded},
		{"reset", errors.New("connection reset by peer")},
		{"timeout code", swapscout.NewVenueError(swapscout.CodeTimeout, "")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, swapscout.Send)
			f.swapper.fail = tc.err
			_, _, err := f.svc.Create(ctx, request("k"))
			if swapscout.ErrorCode(err) != swapscout.EUNKNOWN {
				t.Fatalf("Create = %v; want %s", err, swapscout.EUNKNOWN)
			}
			msg := swapscout.ErrorMessage(err)
			for _, want := range []string{"may have made an order", "do not pay anything you were not shown"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q; want it to say %q", msg, want)
				}
			}
			if strings.Contains(msg, "nothing is owed") {
				t.Errorf("message %q says nothing is owed while an order may exist", msg)
			}
			rec, kerr := f.db.SwapByKey(ctx, "k")
			if kerr != nil || rec.Creation != swapscout.CreateUnknown || rec.CreateNote == "" {
				t.Fatalf("record = %+v, %v; want an unknown reservation", rec, kerr)
			}
			f.swapper.fail = nil // the venue answers again: still no second order
			for range 3 {
				if _, _, err := f.svc.Create(ctx, request("k")); swapscout.ErrorCode(err) != swapscout.EUNKNOWN {
					t.Errorf("retry = %v; want %s", err, swapscout.EUNKNOWN)
				}
			}
			if n := f.swapper.creates.Load(); n != 1 {
				t.Errorf("%d orders at the venue for one key; want 1", n)
			}
			// A new key is a new swap.
			if _, created, err := f.svc.Create(ctx, request("k2")); err != nil || !created {
				t.Errorf("new key = %v, %v", created, err)
			}
		})
	}
}

// TestCertainFailures: a create call that certainly made nothing releases
// the key, and says so in the right words: our own rate limit (or the
// venue's "slow down") is 429 rate_limited with when to try again, never
// venue_refused; a venue that cannot be reached is 503; the venue's clean
// refusal is 502 venue_refused.
func TestCertainFailures(t *testing.T) {
	for _, tc := range []struct {
		name  string
		err   error
		code  string
		after time.Duration
	}{
		{"our rate limit", notSent(&swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "over our own rate limit for Fast (5 calls/s); next call in 2.4s", RetryAfter: 2400 * time.Millisecond}), swapscout.ERATELIMITED, 3 * time.Second},
		{"our cool-down", notSent(&swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "Fast rate limit: holding off calls for 20s", RetryAfter: 20 * time.Second}), swapscout.ERATELIMITED, 20 * time.Second},
		{"waiting for a token", fmt.Errorf("%w: %w", swapscout.ErrNotSent, context.DeadlineExceeded), swapscout.ERATELIMITED, time.Second},
		{"the venue's 429", &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "rate limited (HTTP 429)", RetryAfter: 2 * time.Second}, swapscout.ERATELIMITED, 2 * time.Second},
		{"connection refused", notSent(&swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: "venue unreachable"}), swapscout.EUNAVAILABLE, time.Second},
		{"circuit open", notSent(swapscout.NewVenueError(swapscout.CodeUnavailable, "circuit open after 5 failures; retrying in 30s")), swapscout.EUNAVAILABLE, time.Second},
		{"address refused", swapscout.NewVenueError("bad_request", "Fast: invalid withdrawal address"), swaps.EVENUE, 0},
		{"amount refused", swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "minimum is 0.6 BTC"), swaps.EVENUE, 0},
		{"credentials refused", swapscout.NewVenueError(swapscout.CodeNotConfigured, "Fast refused the credentials"), swaps.EVENUE, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, swapscout.Send)
			f.swapper.fail = tc.err
			_, _, err := f.svc.Create(ctx, request("k"))
			if swapscout.ErrorCode(err) != tc.code {
				t.Fatalf("Create = %v (%s); want %s", err, swapscout.ErrorCode(err), tc.code)
			}
			if got := swapscout.RetryAfterOf(err); got != tc.after {
				t.Errorf("retry after %s; want %s", got, tc.after)
			}
			if msg := swapscout.ErrorMessage(err); !strings.Contains(msg, "nothing was created") && tc.code != swaps.EVENUE {
				t.Errorf("message %q; want it to say nothing was created", msg)
			}
			f.swapper.fail = nil
			if _, created, err := f.svc.Create(ctx, request("k")); err != nil || !created {
				t.Errorf("retry with the same key = %v, %v; want a swap (the key was released)", created, err)
			}
		})
	}
}

// depositTracked is a venue that keeps no order (THORChain): its create
// call only reads a memo, so a lost answer made nothing.
type depositTracked struct{ *fakeSwapper }

func (depositTracked) DepositTxID(id string) (string, bool) { return id, true }

func TestDepositTrackedLostAnswerMadeNothing(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.svc.Swapper = func(string) (swapscout.Swapper, bool) { return depositTracked{f.swapper}, true }
	f.swapper.fail = swapscout.NewVenueError(swapscout.CodeBadResponse, "malformed answer")
	if _, _, err := f.svc.Create(ctx, request("k")); swapscout.ErrorCode(err) != swaps.EVENUE {
		t.Fatalf("Create = %v; want %s", err, swaps.EVENUE)
	}
	f.swapper.fail = nil
	if _, created, err := f.svc.Create(ctx, request("k")); err != nil || !created {
		t.Errorf("retry = %v, %v; want a swap", created, err)
	}
}

// finder is a fakeSwapper that can look its orders up.
type finder struct {
	*fakeSwapper
	found atomic.Bool
	edit  func(*swapscout.SwapOrder)
	asked atomic.Int32
	since time.Time
}

func (f *finder) FindSwap(_ context.Context, r swapscout.CreateSwapRequest, since time.Time) (swapscout.SwapOrder, bool, error) {
	f.asked.Add(1)
	f.since = since
	if !f.found.Load() {
		return swapscout.SwapOrder{}, false, nil
	}
	o := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "ord-1"}, DepositAddress: deposit, AmountIn: r.Offer.AmountIn, AmountOut: r.Offer.AmountOut, VenueStatus: "new"}
	if f.edit != nil {
		f.edit(&o)
	}
	return o, true, nil
}

var _ swapscout.SwapFinder = (*finder)(nil)

// TestLookup: at a venue that can look its orders up, an unknown outcome
// tells the client to ask again with the same key; once the order is found,
// the retry answers it (checked like any order); no second order is made.
func TestLookup(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	fd := &finder{fakeSwapper: f.swapper}
	f.svc.Swapper = func(string) (swapscout.Swapper, bool) { return fd, true }
	f.swapper.fail = swapscout.NewVenueError(swapscout.CodeBadResponse, "malformed answer")
	_, _, err := f.svc.Create(ctx, request("k"))
	if swapscout.ErrorCode(err) != swapscout.EUNKNOWN || swapscout.RetryAfterOf(err) <= 0 ||
		!strings.Contains(swapscout.ErrorMessage(err), "Ask again with the same Idempotency-Key") {
		t.Fatalf("Create = %v (retry after %s); want %s telling to ask again", err, swapscout.RetryAfterOf(err), swapscout.EUNKNOWN)
	}
	if fd.asked.Load() != 1 {
		t.Errorf("looked up %d times; want once, at once", fd.asked.Load())
	}
	fd.found.Store(true)
	sw, created, err := f.svc.Create(ctx, request("k"))
	if err != nil || created || sw.VenueOrder.ID != "ord-1" || sw.DepositAddress != deposit || sw.Creation != swapscout.CreatePending {
		t.Fatalf("retry once found = %+v, %v, %v", sw, created, err)
	}
	if got, _, err := f.svc.Get(ctx, sw.ID); err != nil || got.ID != sw.ID {
		t.Errorf("Get = %v, %v", got, err)
	}
	if n := f.swapper.creates.Load(); n != 1 {
		t.Errorf("%d orders; want 1", n)
	}

	// A found order is checked like a created one.
	f2 := newFixture(t, swapscout.Send)
	fd2 := &finder{fakeSwapper: f2.swapper, edit: func(o *swapscout.SwapOrder) { o.AmountIn = swapscout.MustAmount("500") }}
	fd2.found.Store(true)
	f2.svc.Swapper = func(string) (swapscout.Swapper, bool) { return fd2, true }
	f2.swapper.fail = swapscout.NewVenueError(swapscout.CodeBadResponse, "malformed answer")
	if _, _, err := f2.svc.Create(ctx, request("k")); swapscout.ErrorCode(err) != swapscout.EBADANSWER {
		t.Errorf("found order asking 500 BTC: %v; want %s", err, swapscout.EBADANSWER)
	}
}

// TestCreateDeadline: the create call runs under its own deadline
// (CreateTimeout), carries the bound on waiting for our rate limit, and is
// not cut when the client leaves; a venue that never answers makes the
// outcome unknown once the deadline passes.
func TestCreateDeadline(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.swapper.block = make(chan struct{})
	f.svc.CreateTimeout = func(string) time.Duration { return 300 * time.Millisecond }
	f.svc.LimitWait = 2 * time.Second
	client, leave := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, _, err := f.svc.Create(client, request("k"))
		done <- err
	}()
	for f.swapper.creates.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	leave() // the client goes away mid-call
	err := <-done
	if swapscout.ErrorCode(err) != swapscout.EUNKNOWN || !strings.Contains(swapscout.ErrorMessage(err), "before the deadline") {
		t.Fatalf("Create = %v; want %s after the deadline", err, swapscout.EUNKNOWN)
	}
	f.swapper.mu.Lock()
	vctx := f.swapper.lastCtx
	f.swapper.mu.Unlock()
	if !errors.Is(vctx.Err(), context.DeadlineExceeded) {
		t.Errorf("the venue call ended with %v; want its own deadline, not the client's cancellation", vctx.Err())
	}
	if dl, ok := vctx.Deadline(); !ok || time.Until(dl) > 300*time.Millisecond {
		t.Errorf("venue call deadline %v, %v; want within the create timeout", dl, ok)
	}
	if d, ok := swapscout.LimitWait(vctx); !ok || d != 2*time.Second {
		t.Errorf("limit wait %v, %v; want 2s", d, ok)
	}
	rec, _ := f.db.SwapByKey(ctx, "k")
	if rec == nil || rec.CreateDeadline.IsZero() {
		t.Errorf("record %+v; want its create deadline kept", rec)
	}
}

// TestInProgressRetryAfter: a retry while the first request's venue call
// runs says so, and when to ask again: the deadline left plus the time to
// record it.
func TestInProgressRetryAfter(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.swapper.block = make(chan struct{})
	f.svc.CreateTimeout = func(string) time.Duration { return 20 * time.Second }
	done := make(chan error, 1)
	go func() {
		_, _, err := f.svc.Create(ctx, request("k"))
		done <- err
	}()
	for f.swapper.creates.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	_, _, err := f.svc.Create(ctx, request("k"))
	after := swapscout.RetryAfterOf(err)
	if swapscout.ErrorCode(err) != swapscout.EINPROGRESS || after <= 20*time.Second || after > 20*time.Second+swaps.RecordSlack {
		t.Errorf("retry = %v, after %s; want %s within the deadline and the record slack", err, after, swapscout.EINPROGRESS)
	}
	close(f.swapper.block)
	if err := <-done; err != nil {
		t.Errorf("first request = %v", err)
	}
}

// rateLimitedQuotes answers re-quotes with the failure our own limit gives.
type rateLimitedQuotes struct{ *fakeQuotes }

func (q rateLimitedQuotes) Requote(_ context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error) {
	return &swapscout.Quote{ID: "fresh", Request: req, Failures: []swapscout.Failure{{Venue: venue, Code: swapscout.CodeRateLimited,
		Message: "over our own rate limit for Fast (5 calls/s); next call in 1.5s", RetryAfter: 1500 * time.Millisecond}}}, nil
}

// TestRequoteRateLimited: a re-quote our limiter held back is 429 with when
// to try again, never venue_refused.
func TestRequoteRateLimited(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.svc.Quotes = rateLimitedQuotes{f.quotes}
	_, _, err := f.svc.Create(ctx, request("k"))
	if swapscout.ErrorCode(err) != swapscout.ERATELIMITED || swapscout.RetryAfterOf(err) != 2*time.Second {
		t.Fatalf("Create = %v (after %s); want %s after 2s", err, swapscout.RetryAfterOf(err), swapscout.ERATELIMITED)
	}
	if n := f.swapper.creates.Load(); n != 0 {
		t.Errorf("%d orders", n)
	}
}
