package httpserver_test

import (
	"context"
	"encoding/binary"
	"strconv"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
)

// quoteByID primes a store with one quote and returns a request for it.
func quoteByID(tb testing.TB, store *inmem.Store) *fasthttp.RequestCtx {
	body := append(make([]byte, 8), `{"id":"qaaaaaaaaaaaaaaaaaaaaaaaaaa","offers":[{"venue":"exolix","amount_out":"2.5"}],"failures":[]}`+"\n"...)
	binary.BigEndian.PutUint64(body, uint64(time.Now().UnixNano()))
	if err := store.Put(context.Background(), "qaaaaaaaaaaaaaaaaaaaaaaaaaa", body, time.Hour); err != nil {
		tb.Fatal(err)
	}
	var ctx fasthttp.RequestCtx
	ctx.Request.SetRequestURI("/v1/quotes/qaaaaaaaaaaaaaaaaaaaaaaaaaa")
	ctx.Request.Header.SetMethod("GET")
	return &ctx
}

// BenchmarkQuoteByID compares the action-style handler (routing, Request,
// Response value, error mapping) with a plain fasthttp handler that does the
// same lookup and write: the action style must cost nothing extra.
func BenchmarkQuoteByID(b *testing.B) {
	b.Run("action", func(b *testing.B) {
		h, store := newHandler()
		ctx := quoteByID(b, store)
		fh := httpserver.FastHandler(context.Background(), h)
		b.ReportAllocs()
		for b.Loop() {
			ctx.Response.Reset()
			fh(ctx)
		}
		if ctx.Response.StatusCode() != 200 {
			b.Fatal(ctx.Response.StatusCode())
		}
	})
	b.Run("plain", func(b *testing.B) {
		_, store := newHandler()
		ctx := quoteByID(b, store)
		plain := func(ctx *fasthttp.RequestCtx) {
			path := ctx.Path()
			const prefix = "/v1/quotes/"
			if len(path) <= len(prefix) || string(path[:len(prefix)]) != prefix || string(ctx.Method()) != "GET" {
				ctx.SetStatusCode(404)
				return
			}
			body, err := store.Get(ctx, path[len(prefix):])
			if err != nil {
				ctx.SetStatusCode(404)
				return
			}
			// Same work as the action: age in front of the stored JSON.
			age := time.Since(time.Unix(0, int64(binary.BigEndian.Uint64(body[:8])))).Milliseconds()
			var head [32]byte
			h := append(head[:0], `{"age_ms":`...)
			h = strconv.AppendInt(h, age, 10)
			h = append(h, ',')
			ctx.SetContentType("application/json")
			ctx.Response.SetBody(h)
			ctx.Response.AppendBody(body[9:])
		}
		b.ReportAllocs()
		for b.Loop() {
			ctx.Response.Reset()
			plain(ctx)
		}
		if ctx.Response.StatusCode() != 200 {
			b.Fatal(ctx.Response.StatusCode())
		}
	})
}

func newCachingHandler() *httpapi.Handler {
	return httpapi.NewHandler(httpapi.Deps{Quotes: fakeQuotes{}, Store: inmem.New(inmem.Options{}),
		Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour})
}

func cacheHitRequest() *fasthttp.RequestCtx {
	var ctx fasthttp.RequestCtx
	ctx.Request.SetRequestURI("/v1/quotes?from=btc&to=eth&amount=0.1")
	ctx.Request.Header.SetMethod("GET")
	return &ctx
}

// BenchmarkCacheHit: an identical quote request answered from the cache.
func BenchmarkCacheHit(b *testing.B) {
	fh := httpserver.FastHandler(context.Background(), newCachingHandler())
	ctx := cacheHitRequest()
	fh(ctx)
	b.ReportAllocs()
	for b.Loop() {
		ctx.Response.Reset()
		fh(ctx)
	}
}
