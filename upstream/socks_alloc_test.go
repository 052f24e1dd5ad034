//go:build !race

package upstream

import (
	"context"
	"testing"
)

// TestAllocsThroughSOCKS5: the allocation budget of a warm call holds with a
// SOCKS5 proxy configured: the proxy costs one handshake per connection,
// nothing per call on a pooled connection.
func TestAllocsThroughSOCKS5(t *testing.T) {
	srv := newRawServer(t)
	px := newSOCKSServer(t, nil)
	dial, err := SOCKS5Dial(px.url())
	if err != nil {
		t.Fatal(err)
	}
	cl := newClient(t, Options{Dial: dial})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	c := AcquireCall()
	defer ReleaseCall(c)
	do := func() {
		c.Reset()
		c.SetURL(srv.url + "/json")
		if err := cl.Do(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	do()
	if allocs := testing.AllocsPerRun(500, do); allocs > 0 {
		t.Errorf("%v allocs per warm call through the proxy, want 0 (as direct)", allocs)
	}
	if n := len(px.destinations()); n != 1 {
		t.Errorf("%d proxied connections for 501 calls, want 1", n)
	}
}

// BenchmarkDoSOCKS5 is BenchmarkDo's "ours" beside the same calls through a
// local SOCKS5 proxy: the proxied connection is pooled like any other.
//
//	go test ./upstream -run '^$' -bench 'Do(SOCKS5)?$/(ours|direct|socks5)/identity' -benchmem
func BenchmarkDoSOCKS5(b *testing.B) {
	srv := newRawServer(b)
	px := newSOCKSServer(b, nil)
	dial, err := SOCKS5Dial(px.url())
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []struct {
		name string
		o    Options
	}{{"direct", Options{}}, {"socks5", Options{Dial: dial}}} {
		b.Run(v.name, func(b *testing.B) {
			cl := New(v.o)
			defer cl.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for _, p := range []string{"identity", "gzip"} {
				b.Run(p, func(b *testing.B) {
					url := srv.url + map[string]string{"identity": "/json", "gzip": "/gzip"}[p]
					c := AcquireCall()
					defer ReleaseCall(c)
					b.ReportAllocs()
					for b.Loop() {
						c.Reset()
						c.SetURL(url)
						if err := cl.Do(ctx, c); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
