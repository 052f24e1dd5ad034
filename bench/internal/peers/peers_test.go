package peers_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/bench/internal/fixture"
	"github.com/swapscout/swapscout/bench/internal/peers"
	"github.com/swapscout/swapscout/httpserver"
)

const conns = 30 // request contexts reused round-robin, like wrk's connections

func setup(tb testing.TB) ([]fixture.Record, fasthttp.RequestHandler, fasthttp.RequestHandler, http.Handler) {
	tb.Helper()
	recs, err := fixture.Build(1000)
	if err != nil {
		tb.Fatal(err)
	}
	h, err := peers.Ours(recs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := peers.Gin(recs)
	if err != nil {
		tb.Fatal(err)
	}
	return recs, httpserver.FastHandler(context.Background(), h), peers.Floor(recs), g
}

// TestPeersAgree: the three servers answer every id with the stored quote
// (plus its age) and an unknown id with 404.
func TestPeersAgree(t *testing.T) {
	recs, ours, floor, g := setup(t)
	for _, id := range []string{recs[0].ID, recs[500].ID, recs[999].ID, "qzzzzzzzzzzzzzzzzzzzzzzzzzz"} {
		var want []byte
		for i := range recs {
			if recs[i].ID == id {
				want = recs[i].JSON()
			}
		}
		for name, h := range map[string]fasthttp.RequestHandler{"ours": ours, "floor": floor} {
			var ctx fasthttp.RequestCtx
			ctx.Request.SetRequestURI("/v1/quotes/" + id)
			h(&ctx)
			check(t, name, id, ctx.Response.StatusCode(), ctx.Response.Body(), want)
		}
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/quotes/"+id, nil))
		check(t, "gin", id, rec.Code, rec.Body.Bytes(), want)
	}
}

func check(t *testing.T, name, id string, status int, body, want []byte) {
	t.Helper()
	if want == nil {
		if status != 404 {
			t.Errorf("%s: GET %s = %d, want 404", name, id, status)
		}
		return
	}
	if status != 200 {
		t.Fatalf("%s: GET %s = %d %.200s", name, id, status, body)
	}
	if err := peers.SameQuote(body, want); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

// BenchmarkHandler is the servers' per-request work above the kernel: parse
// the request URI, run the handler, serialize the response into a buffered
// writer. It has no syscalls, so it is steady on a busy machine, unlike the
// loopback benchmark. For gin it covers gin's router, c.JSON and a
// discarding ResponseWriter, not net/http's connection handling.
//
//	cd bench && go test -run '^$' -bench Handler -benchmem ./internal/peers/
func BenchmarkHandler(b *testing.B) {
	recs, ours, floor, g := setup(b)
	uris := make([]string, len(recs))
	for i := range recs {
		uris[i] = "/v1/quotes/" + recs[i].ID
	}
	for name, h := range map[string]fasthttp.RequestHandler{"ours": ours, "floor": floor} {
		b.Run(name, func(b *testing.B) {
			ctxs := make([]fasthttp.RequestCtx, conns)
			for i := range ctxs {
				// A parsed request has its method; an unset one makes
				// fasthttp allocate "GET" on every Method() call.
				ctxs[i].Request.Header.SetMethod("GET")
			}
			bw := bufio.NewWriterSize(io.Discard, 4096)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ctx := &ctxs[i%conns]
				ctx.Request.SetRequestURI(uris[i%len(uris)])
				ctx.Response.Reset()
				h(ctx)
				if err := ctx.Response.Write(bw); err != nil {
					b.Fatal(err)
				}
				i++
			}
			_ = bw.Flush()
		})
	}
	b.Run("gin", func(b *testing.B) {
		reqs := make([]*http.Request, len(recs))
		for i := range recs {
			reqs[i] = httptest.NewRequest("GET", uris[i], nil)
		}
		w := &discard{h: http.Header{}}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			clear(w.h)
			g.ServeHTTP(w, reqs[i%len(reqs)])
			i++
		}
	})
}

type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(int)             {}
