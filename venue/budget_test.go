package venue

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// fakeBudget is a Budget whose answers the test sets.
type fakeBudget struct {
	wait      time.Duration
	err       error
	instances int
	takes     int
	lastKey   string
	lastKeep  int
}

func (f *fakeBudget) Take(_ context.Context, key string, _ float64, _, keep int) (time.Duration, error) {
	f.takes++
	f.lastKey, f.lastKeep = key, keep
	return f.wait, f.err
}

func (f *fakeBudget) Instances() int { return f.instances }

// TestBudgetFallbackShare: while the shared budget cannot be asked, an
// instance keeps to its share of the burst (the limit over the instances
// last seen), not the whole of it.
func TestBudgetFallbackShare(t *testing.T) {
	b := &fakeBudget{err: errors.New("redis unreachable"), instances: 3}
	g := NewGuard("Test", Limit{Rate: 0.001, Burst: 9}, nil) // no refill within the test
	g.share(b, "test")
	ctx := WithOptional(context.Background()) // never waits
	ok := 0
	for range 20 {
		if g.wait(ctx) == nil {
			ok++
		}
	}
	// A share of 9/3 = 3 tokens, and an optional call leaves the last one.
	if ok != 2 {
		t.Errorf("%d optional calls let through on a third of a 9-token burst, want 2", ok)
	}
	if b.takes != 20 {
		t.Errorf("budget asked %d times, want every call to ask it first (20)", b.takes)
	}
}

// TestBudgetShared: while the budget answers, its word decides: a free
// token lets the call through, a token that comes too late refuses it, and
// a call with a derived answer ready never waits for one.
func TestBudgetShared(t *testing.T) {
	b := &fakeBudget{instances: 1}
	g := NewGuard("Test", Limit{Rate: 1, Burst: 1}, nil)
	g.share(b, budgetKey("test", Limit{PerKey: true}, "secret-key"))
	if err := g.wait(context.Background()); err != nil {
		t.Fatalf("free token: %v", err)
	}
	if b.lastKey == "test" || len(b.lastKey) != len("test:")+12 {
		t.Errorf("per-key bucket %q, want the venue and a short hash of the key", b.lastKey)
	}
	b.wait = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := g.wait(ctx)
	if !errors.Is(err, swapscout.ErrHeldBack) || errors.Is(err, ErrDerivable) {
		t.Errorf("token in an hour, deadline in a minute: %v, want held back", err)
	}
	takes := b.takes
	err = g.wait(swapscout.WithDerivable(ctx))
	if !errors.Is(err, ErrDerivable) {
		t.Errorf("derivable call with no token free: %v, want ErrDerivable at once", err)
	}
	if b.takes != takes {
		t.Errorf("the budget was asked again within the wait it gave (%d takes, want %d)", b.takes, takes)
	}
	// The local limiter was never used: its one token is still there.
	if g.lim.Tokens() < 1 {
		t.Errorf("local limiter used while the shared budget answered")
	}
}

// TestDerivableNeverWaitsLocally: without a shared budget, a call with a
// derived answer ready takes a free token but never waits for one.
func TestDerivableNeverWaitsLocally(t *testing.T) {
	g := NewGuard("Test", Limit{Rate: 0.001, Burst: 1}, nil)
	ctx := swapscout.WithDerivable(context.Background())
	if err := g.wait(ctx); err != nil {
		t.Fatalf("free token: %v", err)
	}
	if err := g.wait(ctx); !errors.Is(err, ErrDerivable) {
		t.Errorf("no token free: %v, want ErrDerivable", err)
	}
}

// TestTokenWaitBoundsTheWholeWait: a quote's call waits for its token at
// most the request's TokenWait in all, however often another instance takes
// the token it was told to wait for; without the bound it would keep
// waiting until near the request's deadline, and so would the quote.
func TestTokenWaitBoundsTheWholeWait(t *testing.T) {
	b := &fakeBudget{instances: 3, wait: 100 * time.Millisecond} // every take: "next token in 100 ms"
	g := NewGuard("Test", Limit{Rate: 10, Burst: 1}, nil)
	clk := &clock{t: time.Unix(1e9, 0)}
	g.SetRateClock(clk)
	g.share(b, "test")
	req, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	d := swapscout.Detach(req).(*swapscout.Detached)
	d.SetTokenWait(250 * time.Millisecond)
	err := g.wait(d)
	if !errors.Is(err, swapscout.ErrHeldBack) {
		t.Fatalf("token never free within the bound: %v, want held back", err)
	}
	var total time.Duration
	for _, w := range clk.waits() {
		total += w
	}
	if total > 250*time.Millisecond {
		t.Errorf("waited %s in all for a token, want at most the request's token wait (250ms)", total)
	}
	if b.takes < 2 {
		t.Errorf("budget asked %d times, want it asked again after a wait", b.takes)
	}

	// The local limiter: a token 100 ms away is waited for, one a second
	// away is refused at once.
	g = NewGuard("Test", Limit{Rate: 1, Burst: 1}, nil)
	clk = &clock{t: time.Unix(1e9, 0)}
	g.SetRateClock(clk)
	if err := g.wait(d); err != nil {
		t.Fatalf("free token: %v", err)
	}
	if err := g.wait(d); !errors.Is(err, swapscout.ErrHeldBack) {
		t.Errorf("token a second away, token wait 250ms: %v, want held back at once", err)
	}
	if w := clk.waits(); len(w) != 0 {
		t.Errorf("waited %v for a token past the bound", w)
	}
	clk.Add(900 * time.Millisecond)
	if err := g.wait(d); err != nil {
		t.Errorf("token 100 ms away: %v, want a wait for it", err)
	}
}

// TestBudgetClasses: the shared budget keeps the guard's classes: each call
// asks it to leave what its class keeps (a direct call nothing, a route leg
// one token, a flooding client's call or one whose request cannot use the
// answer the reserve), and only a direct call waits.
func TestBudgetClasses(t *testing.T) {
	b := &fakeBudget{instances: 1}
	g := NewGuard("Test", Limit{Rate: 1, Burst: 10}, nil)
	g.share(b, "test")
	g.learn(time.Minute) // the venue usually answers in a minute
	long, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	request, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	hopeless, cancel3 := context.WithTimeout(swapscout.Detach(request), time.Hour)
	defer cancel3()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		keep int
	}{
		{"direct", long, 0},
		{"derivable", swapscout.WithDerivable(long), 0},
		{"route leg", swapscout.WithExtra(long), 1},
		{"optional", WithOptional(long), 1},
		{"bulk", swapscout.WithBulk(long), 5},
		{"bulk route leg", swapscout.WithExtra(swapscout.WithBulk(long)), 5},
		{"hopeless deadline", hopeless, 5},
	} {
		if err := g.wait(tc.ctx); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b.lastKeep != tc.keep {
			t.Errorf("%s: asked the budget to keep %d, want %d", tc.name, b.lastKeep, tc.keep)
		}
	}
}
