package httpserver_test

import (
	"context"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
)

// quoteByID primes a store with one quote and returns a request for it.
func quoteByID(tb testing.TB, store *inmem.Store) *fasthttp.RequestCtx {
	body := []byte(`{"id":"qaaaaaaaaaaaaaaaaaaaaaaaaaa","offers":[{"venue":"exolix","amount_out":"2.5"}],"failures":[]}` + "\n")
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
			ctx.SetContentType("application/json")
			ctx.Response.SetBodyRaw(body)
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
