package aggregate_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// quoterFunc is a hand-written fake venue.
type quoterFunc func(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error)

func (f quoterFunc) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	return f(ctx, req)
}

// after answers out (send side) after d, or the context's error.
func after(d time.Duration, out string) quoterFunc {
	return func(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return swapscout.Offer{AmountIn: req.Amount, AmountOut: swapscout.MustAmount(out)}, nil
		case <-ctx.Done():
			return swapscout.Offer{}, ctx.Err()
		}
	}
}

// never is a venue that answers only when its context ends: a Quote that
// returns while it is asked shows that a deadline or a cancel cut it.
func never() quoterFunc {
	return func(ctx context.Context, _ swapscout.QuoteRequest) (swapscout.Offer, error) {
		<-ctx.Done()
		return swapscout.Offer{}, ctx.Err()
	}
}

// returns runs quote, whose venues never answer by themselves, and fails
// the test if it has not returned within a minute. Its return at all is
// what the test shows (no venue answered, so nothing but the engine's
// deadline ended it); the minute only keeps a broken engine from hanging
// the suite, and says nothing of speed.
func returns(t *testing.T, quote func() *swapscout.Quote) *swapscout.Quote {
	t.Helper()
	done := make(chan *swapscout.Quote, 1)
	go func() { done <- quote() }()
	select {
	case q := <-done:
		return q
	case <-time.After(time.Minute):
		t.Fatal("Quote never returned: it waited for a venue that does not answer")
		return nil
	}
}

func failing(err error) quoterFunc {
	return func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) { return swapscout.Offer{}, err }
}

var req = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
	Amount: swapscout.MustAmount("0.1"),
}

func v(id string, q swapscout.Quoter) aggregate.Venue {
	return aggregate.Venue{ID: id, KYC: 'B', Timeout: time.Second, Quoter: q}
}

func TestQuoteRanksAndReportsFailures(t *testing.T) {
	e := newEngine(t, []aggregate.Venue{
		v("slow", after(300*time.Millisecond, "2.0")),
		v("best", after(100*time.Millisecond, "2.1")),
		v("small", failing(&swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "below min",
			Min: swapscout.MustAmount("0.5"), MinOut: swapscout.MustAmount("20")})),
		v("fast", after(time.Millisecond, "1.9")),
		v("broken", failing(errors.New("dial tcp: connection refused"))),
		v("panics", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) { panic("bug") })),
		v("zero", after(0, "0")),
	}, aggregate.Options{})
	var emitted []string
	q := e.Quote(context.Background(), req, e.Venues(), func(r swapscout.Result) {
		if r.Offer != nil {
			emitted = append(emitted, r.Offer.Venue)
		} else {
			emitted = append(emitted, r.Failure.Venue+":"+string(r.Failure.Code))
		}
	})
	var got []string
	for _, o := range q.Offers {
		got = append(got, o.Venue+"="+o.AmountOut.String())
	}
	if diff := cmp.Diff([]string{"best=2.1", "slow=2", "fast=1.9"}, got); diff != "" {
		t.Errorf("ranked offers (-want +got):\n%s", diff)
	}
	var codes []string
	for _, f := range q.Failures {
		codes = append(codes, f.Venue+":"+string(f.Code))
	}
	if diff := cmp.Diff([]string{"small:amount_too_small", "broken:unavailable", "panics:bad_response", "zero:bad_response"}, codes); diff != "" {
		t.Errorf("failures (-want +got):\n%s", diff)
	}
	if len(emitted) != 7 {
		t.Errorf("emitted %d results, want 7: %v", len(emitted), emitted)
	}
	if emitted[len(emitted)-1] != "slow" {
		t.Errorf("slowest venue emitted at %v, want last", emitted)
	}
	if f := q.Failures[0]; !f.Min.Equal(swapscout.MustAmount("0.5")) || !f.MinOut.Equal(swapscout.MustAmount("20")) {
		t.Errorf("failure min %s min_out %s, want 0.5 and 20", f.Min, f.MinOut)
	}
	if o := q.Offers[0]; o.KYC != 'B' || !o.Rate.Equal(swapscout.MustAmount("21")) {
		t.Errorf("best offer KYC %c rate %s, want B and 21", o.KYC, o.Rate)
	}
}

func TestQuoteReceiveRanksLeastSent(t *testing.T) {
	rq := req
	rq.Direction = swapscout.Receive
	mk := func(in string) quoterFunc {
		return func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
			return swapscout.Offer{AmountIn: swapscout.MustAmount(in), AmountOut: swapscout.MustAmount("1")}, nil
		}
	}
	e := newEngine(t, []aggregate.Venue{v("a", mk("0.051")), v("b", mk("0.049")), v("c", mk("0.05"))}, aggregate.Options{})
	q := e.Quote(context.Background(), rq, e.Venues(), nil)
	var got []string
	for _, o := range q.Offers {
		got = append(got, o.Venue)
	}
	if diff := cmp.Diff([]string{"b", "c", "a"}, got); diff != "" {
		t.Errorf("receive ranking (-want +got):\n%s", diff)
	}
}

// TestSlowVenueTimesOut: a venue slower than its timeout becomes a timeout
// failure and does not delay the answer past the timeout.
func TestSlowVenueTimesOut(t *testing.T) {
	slow := v("slow", never())
	slow.Timeout = 100 * time.Millisecond
	e := newEngine(t, []aggregate.Venue{slow, v("ok", after(5*time.Millisecond, "2"))}, aggregate.Options{})
	q := returns(t, func() *swapscout.Quote { return e.Quote(context.Background(), req, e.Venues(), nil) })
	if len(q.Offers) != 1 || len(q.Failures) != 1 || q.Failures[0].Code != swapscout.CodeTimeout {
		t.Fatalf("offers %d failures %+v, want 1 offer and slow as timeout", len(q.Offers), q.Failures)
	}
}

// TestEachVenueItsOwnTimeout: venues share a deadline only with venues of
// the same timeout; a longer one is not cut short by a shorter one, and the
// request's deadline still bounds them all.
func TestEachVenueItsOwnTimeout(t *testing.T) {
	short := func(id string, d time.Duration) aggregate.Venue {
		x := v(id, after(d, "2"))
		x.Timeout = 60 * time.Millisecond
		return x
	}
	e := newEngine(t, []aggregate.Venue{
		short("short-slow", 5*time.Second), short("short-fast", time.Millisecond),
		v("patient", after(150*time.Millisecond, "3")), // 1 s timeout
		v("too-slow", after(5*time.Second, "4")),       // 1 s timeout, past the request's deadline
	}, aggregate.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	q := e.Quote(ctx, req, e.Venues(), nil)
	var offers, timeouts []string
	for _, o := range q.Offers {
		offers = append(offers, o.Venue)
	}
	for _, f := range q.Failures {
		if f.Code == swapscout.CodeTimeout {
			timeouts = append(timeouts, f.Venue)
		}
	}
	if diff := cmp.Diff([]string{"patient", "short-fast"}, offers); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"short-slow", "too-slow"}, timeouts); diff != "" {
		t.Errorf("timeouts (-want +got):\n%s", diff)
	}
}

// TestRequestDeadline: the request's deadline bounds every venue.
func TestRequestDeadline(t *testing.T) {
	slow := v("slow", never())
	slow.Timeout = time.Hour // only the request's deadline can end it
	e := newEngine(t, []aggregate.Venue{slow, v("ok", after(time.Millisecond, "2"))}, aggregate.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Millisecond)
	defer cancel()
	q := returns(t, func() *swapscout.Quote { return e.Quote(ctx, req, e.Venues(), nil) })
	if len(q.Failures) != 1 || q.Failures[0].Code != swapscout.CodeTimeout {
		t.Errorf("failures = %+v, want slow as timeout", q.Failures)
	}
}

// TestCancelStopsEveryCall: cancelling the request returns promptly, and
// when no call may run on past its request (MaxDetached < 0) every venue
// call sees the cancellation (goleak checks nothing outlives it).
func TestCancelStopsEveryCall(t *testing.T) {
	var venues []aggregate.Venue
	for i := range 12 {
		nv := v(fmt.Sprint("v", i), never())
		nv.Timeout = time.Hour // only the cancel can end them
		venues = append(venues, nv)
	}
	e := newEngine(t, venues, aggregate.Options{MaxDetached: -1})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	q := returns(t, func() *swapscout.Quote { return e.Quote(ctx, req, e.Venues(), nil) })
	if len(q.Failures) != 12 {
		t.Errorf("failures = %d, want 12", len(q.Failures))
	}
}

func TestSelect(t *testing.T) {
	e := newEngine(t, []aggregate.Venue{
		{ID: "a", KYC: 'A', Log: 'C'}, {ID: "b", KYC: 'B', Log: 'A'}, {ID: "c", KYC: 'C', Log: 'B'}, {ID: "d", KYC: 'D'},
	}, aggregate.Options{})
	ids := func(vs []aggregate.Venue) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.ID)
		}
		return out
	}
	for _, tc := range []struct {
		sel  aggregate.Selection
		want []string
	}{
		{aggregate.Selection{}, []string{"a", "b", "c", "d"}},
		{aggregate.Selection{Include: []string{"c", "a"}}, []string{"a", "c"}},
		{aggregate.Selection{Exclude: []string{"b"}}, []string{"a", "c", "d"}},
		{aggregate.Selection{MaxKYC: 'B'}, []string{"a", "b"}},
		// logpolicy= never selects a venue not rated (d).
		{aggregate.Selection{MaxLog: 'B'}, []string{"b", "c"}},
		{aggregate.Selection{MaxLog: 'C'}, []string{"a", "b", "c"}},
		{aggregate.Selection{MaxLog: 'B', MaxKYC: 'B'}, []string{"b"}},
	} {
		got, err := e.Select(tc.sel)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, ids(got)); diff != "" {
			t.Errorf("Select(%+v) (-want +got):\n%s", tc.sel, diff)
		}
	}
	if _, err := e.Select(aggregate.Selection{Include: []string{"nope"}}); swapscout.ErrorCode(err) != swapscout.EINVALID {
		t.Errorf("Select(unknown) error = %v, want invalid_request", err)
	}
	// A long name is clipped in the message, never in the middle of a
	// character.
	long := strings.Repeat("€", 40) // 3 bytes each: 32 bytes end inside one
	_, err := e.Select(aggregate.Selection{Include: []string{long}})
	if msg := swapscout.ErrorMessage(err); !utf8.ValidString(msg) || strings.Contains(msg, long) || !strings.Contains(msg, "€€…") {
		t.Errorf("Select(long unknown) message %q: want it clipped at a character", msg)
	}
}

// newEngine is aggregate.New whose detached calls end with the test: a call
// left running past its request (a slow fake venue) would otherwise outlive
// the package's tests and fail goleak's check in TestMain.
func newEngine(t testing.TB, venues []aggregate.Venue, o aggregate.Options) *aggregate.Engine {
	e := aggregate.New(venues, o)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := e.Close(ctx); err != nil {
			t.Errorf("engine close: %v", err)
		}
	})
	return e
}

// TestTokenWait: a quote's venue calls carry the bound on how long they
// wait for a rate-limit token (Options.TokenWait, DefaultTokenWait when
// unset), except the re-quote before a swap (swapscout.WithFresh), which may
// wait for its token until its deadline.
func TestTokenWait(t *testing.T) {
	seen := func(o aggregate.Options, ctx context.Context) (time.Duration, bool) {
		var w time.Duration
		var ok bool
		e := newEngine(t, []aggregate.Venue{v("a", quoterFunc(func(ctx context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
			w, ok = swapscout.TokenWait(ctx)
			return swapscout.Offer{AmountIn: r.Amount, AmountOut: swapscout.MustAmount("2")}, nil
		}))}, o)
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		e.Quote(ctx, req, e.Venues(), nil)
		return w, ok
	}
	bg := context.Background()
	if w, ok := seen(aggregate.Options{}, bg); !ok || w != aggregate.DefaultTokenWait {
		t.Errorf("default: token wait %s (%v), want %s", w, ok, aggregate.DefaultTokenWait)
	}
	if w, ok := seen(aggregate.Options{TokenWait: 40 * time.Millisecond}, bg); !ok || w != 40*time.Millisecond {
		t.Errorf("TokenWait 40ms: token wait %s (%v)", w, ok)
	}
	if w, ok := seen(aggregate.Options{TokenWait: -1}, bg); ok {
		t.Errorf("TokenWait < 0: token wait %s, want none", w)
	}
	if w, ok := seen(aggregate.Options{}, swapscout.WithFresh(bg)); ok {
		t.Errorf("fresh re-quote: token wait %s, want none", w)
	}
}
