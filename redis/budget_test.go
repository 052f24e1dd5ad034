package redis_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/redis"
	"github.com/swapscout/swapscout/venue"
)

// TestBudgetThreeInstances: three instances, each with its own connection
// and guard, flood one venue through one Redis with calls that never wait
// for a token; together they get exactly the venue's burst (its rate gives
// no token back while the test runs: one each 1000 s), however fast they
// run, and each learns that three share it.
func TestBudgetThreeInstances(t *testing.T) {
	url := redisURL(t)
	prefix := uniquePrefix()
	limit := venue.Limit{Rate: 0.001, Burst: 10}
	var guards []*venue.Guard
	var budgets []*redis.Budget
	for range 3 {
		s := newStore(t, redis.Options{URL: url, Prefix: prefix})
		b := s.Budget(prefix+"budget:", 1)
		budgets = append(budgets, b)
		guards = append(guards, venue.NewGuardShared("Test", limit, nil, b, "test"))
	}
	var sent, refused atomic.Int64
	ctx := swapscout.WithDerivable(context.Background()) // never waits: refused at once when no token is free
	var wg sync.WaitGroup
	for _, g := range guards {
		for range 4 {
			wg.Go(func() {
				for range 10 {
					err := g.Do(ctx, func(context.Context) error { sent.Add(1); return nil })
					switch {
					case errors.Is(err, swapscout.ErrHeldBack):
						refused.Add(1)
					case err != nil:
						t.Errorf("guard: %v", err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	if n, r := sent.Load(), refused.Load(); n != int64(limit.Burst) || n+r != 120 {
		t.Errorf("three instances sent %d calls and were refused %d, want the burst (%d) of 120", n, r, limit.Burst)
	}
	for range 2 { // the first round tells Redis of all three, the second hears it
		for _, b := range budgets {
			b.Refresh()
		}
	}
	for i, b := range budgets {
		if b.Instances() != 3 {
			t.Errorf("instance %d sees %d instances, want 3", i, b.Instances())
		}
	}
}

// TestBudgetDown: with Redis unreachable, Take fails at once, so the guard
// keeps to its own share.
func TestBudgetDown(t *testing.T) {
	s := newStore(t, redis.Options{URL: "redis://127.0.0.1:1/0", Prefix: "x:", DialTimeout: 50 * time.Millisecond})
	b := s.Budget("x:budget:", 2)
	if _, err := b.Take(context.Background(), "test", 1, 1, 0); err == nil {
		t.Fatal("Take with Redis down succeeded")
	}
	if b.Instances() != 2 {
		t.Errorf("Instances() = %d, want the 2 assumed until Redis answers", b.Instances())
	}
}

// TestClaim: the first claim of a key wins until it expires; with Redis
// down every caller works for itself.
func TestClaim(t *testing.T) {
	s := newStore(t, redis.Options{URL: redisURL(t), Prefix: uniquePrefix()})
	ctx := context.Background()
	if !s.Claim(ctx, "k", time.Minute) || s.Claim(ctx, "k", time.Minute) {
		t.Error("want the first claim granted and the second refused")
	}
	down := newStore(t, redis.Options{URL: "redis://127.0.0.1:1/0", Prefix: "x:", DialTimeout: 50 * time.Millisecond})
	first, second := down.Claim(ctx, "k", time.Minute), down.Claim(ctx, "k", time.Minute)
	if !first || !second {
		t.Error("with Redis down, claims must be granted")
	}
}
