package aggregate_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// limitedVenue answers at a rate curve out = amount × rate(amount) while
// it has calls to spare; once spent, a call marked derivable is refused at
// once as our own rate limit would refuse it, and any other call is
// refused the same way after "waiting" (as a token that comes too late).
type limitedVenue struct {
	mu    sync.Mutex
	calls int
	spare int
	rates map[string]string // amount → amount out
	// derivable records whether each call was marked derivable.
	derivable []bool
}

func (l *limitedVenue) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	l.derivable = append(l.derivable, swapscout.Derivable(ctx))
	if l.calls > l.spare {
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Err: swapscout.ErrHeldBack, Msg: "over our own rate limit"}
	}
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: swapscout.MustAmount(l.rates[req.Amount.String()]),
		Min: swapscout.MustAmount("0.5"), Max: swapscout.MustAmount("10")}, nil
}

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func quoteAt(e *aggregate.Engine, ctx context.Context, amount string) *swapscout.Quote {
	r := req
	r.Amount = swapscout.MustAmount(amount)
	return e.Quote(ctx, r, e.Venues(), nil)
}

// TestDerivedOffer: once a venue's calls are spent, an amount between two
// of its recent answers whose rates are close gets an offer interpolated
// from them, exactly and rounded down, marked derived with its age and
// sources; the call that stood for it was told not to wait.
func TestDerivedOffer(t *testing.T) {
	clk := &fakeClock{t: time.Unix(1_800_000_000, 0)}
	lv := &limitedVenue{spare: 2, rates: map[string]string{"1": "20.00", "2": "40.08"}}
	e := newEngine(t, []aggregate.Venue{v("cn", lv)}, aggregate.Options{Now: clk.Now, Derive: &aggregate.DeriveOptions{}})
	ctx := context.Background()
	quoteAt(e, ctx, "1")
	clk.add(2 * time.Second)
	quoteAt(e, ctx, "2")
	clk.add(time.Second)
	q := quoteAt(e, ctx, "1.5")
	if len(q.Offers) != 1 {
		t.Fatalf("offers %v failures %v, want one derived offer", q.Offers, q.Failures)
	}
	o := q.Offers[0]
	// 20 + (40.08-20) × 0.5 = 30.04
	want := &swapscout.Derivation{Age: 3 * time.Second, From: []swapscout.Amount{swapscout.MustAmount("1"), swapscout.MustAmount("2")}}
	if o.AmountOut.String() != "30.04" || o.AmountIn.String() != "1.5" {
		t.Errorf("derived %s → %s, want 1.5 → 30.04", o.AmountIn, o.AmountOut)
	}
	if diff := cmp.Diff(want, o.Derived, cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) })); diff != "" {
		t.Errorf("Derived (-want +got):\n%s", diff)
	}
	if !lv.derivable[2] || lv.derivable[0] {
		t.Errorf("derivable marks %v, want only the third call marked", lv.derivable)
	}
	if e.DerivedServed() != 1 {
		t.Errorf("DerivedServed() = %d, want 1", e.DerivedServed())
	}

	// The re-quote of an offer being taken is never derived.
	q = quoteAt(e, swapscout.WithFresh(ctx), "1.5")
	if len(q.Offers) != 0 || len(q.Failures) != 1 || q.Failures[0].Code != swapscout.CodeRateLimited {
		t.Errorf("fresh re-quote: offers %v failures %v, want rate_limited", q.Offers, q.Failures)
	}
	if lv.derivable[3] {
		t.Error("fresh re-quote's call was marked derivable")
	}
}

// TestNoDerivedOffer: no offer is derived from answers too old, too far
// apart, whose rates differ too much, outside the venue's limits, or for a
// fixed rate; the failure stays.
func TestNoDerivedOffer(t *testing.T) {
	cases := []struct {
		name    string
		rates   map[string]string
		amounts []string // answered, in order
		wait    time.Duration
		ask     string
		fixed   bool
	}{
		{"too old", map[string]string{"1": "20", "2": "40"}, []string{"1", "2"}, 11 * time.Second, "1.5", false},
		{"too far apart", map[string]string{"1": "20", "3": "60"}, []string{"1", "3"}, 0, "2", false},
		{"rates differ", map[string]string{"1": "20", "2": "41"}, []string{"1", "2"}, 0, "1.5", false},
		{"outside", map[string]string{"1": "20", "2": "40"}, []string{"1", "2"}, 0, "2.5", false},
		{"fixed rate", map[string]string{"1": "20", "2": "40"}, []string{"1", "2"}, 0, "1.5", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			clk := &fakeClock{t: time.Unix(1_800_000_000, 0)}
			lv := &limitedVenue{spare: len(c.amounts), rates: c.rates}
			e := newEngine(t, []aggregate.Venue{v("cn", lv)}, aggregate.Options{Now: clk.Now, Derive: &aggregate.DeriveOptions{}})
			r := req
			if c.fixed {
				r.RateType = swapscout.Fixed
			}
			for _, a := range c.amounts {
				r.Amount = swapscout.MustAmount(a)
				e.Quote(context.Background(), r, e.Venues(), nil)
			}
			clk.add(c.wait)
			r.Amount = swapscout.MustAmount(c.ask)
			q := e.Quote(context.Background(), r, e.Venues(), nil)
			if len(q.Offers) != 0 || len(q.Failures) != 1 || q.Failures[0].Code != swapscout.CodeRateLimited {
				t.Errorf("offers %v failures %v, want the rate_limited failure", q.Offers, q.Failures)
			}
		})
	}
}

// TestDerivedReceiveRoundsUp: by amount to receive, the amount to send is
// interpolated and rounded up.
func TestDerivedReceiveRoundsUp(t *testing.T) {
	clk := &fakeClock{t: time.Unix(1_800_000_000, 0)}
	answers := map[string]string{"20": "1.000", "40": "2.001"}
	calls := 0
	q := quoterFunc(func(ctx context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
		calls++
		if calls > 2 {
			return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Err: swapscout.ErrHeldBack}
		}
		return swapscout.Offer{AmountOut: r.Amount, AmountIn: swapscout.MustAmount(answers[r.Amount.String()])}, nil
	})
	e := newEngine(t, []aggregate.Venue{v("cn", q)}, aggregate.Options{Now: clk.Now, Derive: &aggregate.DeriveOptions{}})
	r := req
	r.Direction = swapscout.Receive
	for _, a := range []string{"20", "40", "25"} {
		r.Amount = swapscout.MustAmount(a)
		got := e.Quote(context.Background(), r, e.Venues(), nil)
		if a == "25" {
			// 1 + 1.001 × 5/20 = 1.25025 → 1.251 at the answers' scale, rounded up
			if len(got.Offers) != 1 || got.Offers[0].AmountIn.String() != "1.251" || got.Offers[0].AmountOut.String() != "25" {
				t.Errorf("derived receive: offers %v failures %v, want 1.251 → 25", got.Offers, got.Failures)
			}
		}
	}
}
