package redis_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout/redis"
)

func TestZZStress(t *testing.T) {
	s := newStore(t, redis.Options{URL: redisURL(t), Prefix: uniquePrefix()})
	ctx := context.Background()
	var dumped atomic.Bool
	var maxLat atomic.Int64
	watch := func(what string, f func() error) {
		done := make(chan struct{})
		t0 := time.Now()
		go func() {
			select {
			case <-done:
			case <-time.After(700 * time.Millisecond):
				if dumped.CompareAndSwap(false, true) {
					buf := make([]byte, 1<<22)
					n := runtime.Stack(buf, true)
					os.WriteFile("/tmp/stacks.txt", buf[:n], 0o644)
					fmt.Println("DUMPED during", what)
				}
			}
		}()
		err := f()
		close(done)
		if d := time.Since(t0); d.Nanoseconds() > maxLat.Load() {
			maxLat.Store(d.Nanoseconds())
		}
		if err != nil {
			t.Errorf("%s: %v (took %v)", what, err, time.Since(t0))
		}
	}
	var wg sync.WaitGroup
	stop := time.Now().Add(8 * time.Second)
	for w := range 8 {
		wg.Go(func() {
			for i := 0; time.Now().Before(stop); i++ {
				v := []byte(fmt.Sprintf("w%d-%d", w, i))
				if i%3 == 0 {
					watch("put", func() error { return s.Put(ctx, "shared", v, time.Minute) })
				}
				watch("get", func() error { _, err := s.Get(ctx, []byte("shared")); return err })
			}
		})
	}
	wg.Wait()
	t.Logf("max latency %v", time.Duration(maxLat.Load()))
}
