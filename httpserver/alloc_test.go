//go:build !race

package httpserver_test

import (
	"context"
	"testing"

	"github.com/swapscout/swapscout/httpserver"
)

// TestQuoteByIDAllocs: serving a stored quote by id allocates nothing: no
// JSON encoding, no copies, the stored bytes go straight out.
func TestQuoteByIDAllocs(t *testing.T) {
	h, store := newHandler()
	ctx := quoteByID(t, store)
	fh := httpserver.FastHandler(context.Background(), h)
	fh(ctx) // warm the pools
	if n := testing.AllocsPerRun(1000, func() {
		ctx.Response.Reset()
		fh(ctx)
	}); n != 0 {
		t.Errorf("quote by id allocates %.1f times per request, want 0", n)
	}
	if ctx.Response.StatusCode() != 200 {
		t.Errorf("status %d", ctx.Response.StatusCode())
	}
}

// TestCacheHitAllocs: answering an identical request from the cache parses
// the query and writes stored bytes without allocating.
func TestCacheHitAllocs(t *testing.T) {
	h := newCachingHandler()
	fh := httpserver.FastHandler(context.Background(), h)
	ctx := cacheHitRequest()
	fh(ctx) // the miss: fans out and fills the cache
	fh(ctx)
	if got := string(ctx.Response.Header.Peek("X-Swapscout-Cache")); got != "hit" {
		t.Fatalf("second request cache header %q, want hit", got)
	}
	if n := testing.AllocsPerRun(1000, func() {
		ctx.Response.Reset()
		fh(ctx)
	}); n != 0 {
		t.Errorf("cache hit allocates %.1f times per request, want 0", n)
	}
}
