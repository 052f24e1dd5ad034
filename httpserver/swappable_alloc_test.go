//go:build !race

package httpserver_test

import (
	"context"
	"testing"

	"github.com/swapscout/swapscout/httpserver"
)

// TestCacheHitSwappableAllocs: swappable=true keeps the cache hit free of
// allocations, as a request without it.
func TestCacheHitSwappableAllocs(t *testing.T) {
	fh := httpserver.FastHandler(context.Background(), newCachingHandler())
	ctx := cacheHitRequest()
	ctx.Request.SetRequestURI("/v1/quotes?from=btc&to=eth&amount=0.1&swappable=true")
	fh(ctx)
	fh(ctx)
	if got := string(ctx.Response.Header.Peek("X-Swapscout-Cache")); got != "hit" {
		t.Fatalf("second request cache header %q, want hit: %s", got, ctx.Response.Body())
	}
	if n := testing.AllocsPerRun(1000, func() {
		ctx.Response.Reset()
		fh(ctx)
	}); n != 0 {
		t.Errorf("cache hit with swappable=true allocates %.1f times per request, want 0", n)
	}
}
