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
// and guard, flood one venue through one Redis; together they stay within
// the venue's limit (its burst plus its rate over the time they ran), and
// each learns that three share it.
func TestBudgetThreeInstances(t *testing.T) {
	url := redisURL(t)
	prefix := uniquePrefix()
	limit := venue.Limit{Rate: 50, Burst: 10}
	var guards []*venue.Guard
	var budgets []*redis.Budget
	for range 3 {
		s := newStore(t, redis.Options{URL: url, Prefix: prefix})
		b := s.Budget(prefix+"budget:", 1)
		budgets = append(budgets, b)
		guards = append(guards, venue.NewGuardShared("Test", limit, nil, b, "test"))
	}
	var sent atomic.Int64
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for _, g := range guards {
		for range 4 {
			wg.Go(func() {
				for ctx.Err() == nil {
					err := g.Do(ctx, func(context.Context) error { sent.Add(1); return nil })
					if err != nil && !errors.Is(err, swapscout.ErrHeldBack) && ctx.Err() == nil {
						t.Errorf("guard: %v", err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	most := float64(limit.Burst) + float64(limit.Rate)*elapsed.Seconds() + 1
	if n := sent.Load(); float64(n) > most || n < int64(limit.Burst) {
		t.Errorf("three instances sent %d calls in %s, want at least the burst (%d) and at most %.0f", n, elapsed, limit.Burst, most)
	}
	for i, b := range budgets {
		deadline := time.Now().Add(3 * redis.HeartbeatInterval)
		for b.Instances() != 3 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
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
