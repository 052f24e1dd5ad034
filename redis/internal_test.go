package redis

import (
	"context"
	"hash/maphash"
	"os"
	"testing"
	"time"

	"github.com/swapscout/swapscout/inmem"
)

func TestKeyTableSameSlotForStringAndBytes(t *testing.T) {
	s := &Store{prefix: "p:", seed: maphash.MakeSeed()}
	for _, id := range []string{"", "q1", "\x00\xff", "a longer id with spaces"} {
		a, b := s.entryString(id), s.entry([]byte(id))
		if a != b || a.key != "p:"+id {
			t.Errorf("entryString(%q) = %p %q, entry = %p %q; want one entry with key %q", id, a, a.key, b, b.key, "p:"+id)
		}
	}
}

func newTestStore(t *testing.T, o Options) *Store {
	t.Helper()
	url := os.Getenv("SWAPSCOUT_REDIS_URL")
	if url == "" {
		t.Skip("SWAPSCOUT_REDIS_URL is not set")
	}
	o.URL = url
	o.Timeout = 2 * time.Second // a busy test machine can be slower than the default
	o.Prefix = "swapscout-test:" + t.Name() + time.Now().Format(".150405.000000000:")
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestGetUsesLocalCache: after one Get, the key is answered by the local cache.
func TestGetUsesLocalCache(t *testing.T) {
	s := newTestStore(t, Options{})
	ctx := context.Background()
	if err := s.Put(ctx, "q", []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, []byte("q")); err != nil {
		t.Fatal(err)
	}
	c := s.client.Load()
	res := c.DoCache(ctx, c.B().Get().Key(s.prefix+"q").Cache(), time.Second)
	if v, err := res.AsBytes(); err != nil || !res.IsCacheHit() {
		t.Fatalf("DoCache after Get = %q, %v, hit %v; want a local cache hit", v, err, res.IsCacheHit())
	}
}

// TestOverwriteDuringOutageShadowsRedis: a quote overwritten while Redis was
// away (so only the fallback has the new value) is not answered with the
// older value Redis still holds once Redis is back.
func TestOverwriteDuringOutageShadowsRedis(t *testing.T) {
	s := newTestStore(t, Options{Fallback: inmem.New(inmem.Options{}), HealthInterval: time.Hour})
	ctx := context.Background()
	if err := s.Put(ctx, "q", []byte("before"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Get(ctx, []byte("q")); err != nil || string(v) != "before" {
		t.Fatalf("Get = %q, %v", v, err)
	}
	s.degraded.Store(true) // as the health check would on an outage
	if err := s.Put(ctx, "q", []byte("during"), time.Minute); err != nil {
		t.Fatal(err)
	}
	s.degraded.Store(false) // Redis is back, still holding "before"
	if v, err := s.Get(ctx, []byte("q")); err != nil || string(v) != "during" {
		t.Fatalf("Get after the outage = %q, %v; want %q", v, err, "during")
	}
}
