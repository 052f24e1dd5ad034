//go:build !race

package redis_test

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout/redis"
)

// TestGetCachedAllocs holds Get to its budget: no allocation when the local
// cache has the quote, whatever kind of context the caller passes.
func TestGetCachedAllocs(t *testing.T) {
	s := newStore(t, redis.Options{URL: redisURL(t), Prefix: uniquePrefix()})
	id := []byte("qallocs")
	if err := s.Put(context.Background(), string(id), []byte("framed quote"), time.Minute); err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	defer cancel()
	far, cancelFar := context.WithTimeout(context.Background(), time.Hour)
	defer cancelFar()
	for name, ctx := range map[string]context.Context{"Background": context.Background(), "WithCancel": cancelled, "WithTimeout": far} {
		if _, err := s.Get(ctx, id); err != nil { // fill the local cache
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(1000, func() { s.Get(ctx, id) }); n != 0 {
			t.Errorf("Get(%s) from the local cache: %v allocs, want 0", name, n)
		}
	}
}
