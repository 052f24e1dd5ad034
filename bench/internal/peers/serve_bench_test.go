package peers

import (
	"bufio"
	"context"
	"io"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/bench/internal/fixture"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/metrics"
)

// BenchmarkServeOne is the CPU of one quote-by-id answer without the
// network: the handler, then the response written into a buffered writer as
// the server does, for ours (with the per-route metrics serve runs with),
// bare (ours without metrics) and the floor side by side. The request's
// parsing is the same for both and is left out.
func BenchmarkServeOne(b *testing.B) {
	recs, err := fixture.Build(1000)
	if err != nil {
		b.Fatal(err)
	}
	h, err := Ours(recs, nil)
	if err != nil {
		b.Fatal(err)
	}
	hm, err := Ours(recs, nil)
	if err != nil {
		b.Fatal(err)
	}
	m := metrics.New()
	if err := m.Register(metrics.NewRegistry()); err != nil {
		b.Fatal(err)
	}
	hm.Observe(m.Route)
	for _, tc := range []struct {
		name string
		h    fasthttp.RequestHandler
	}{
		{"ours", httpserver.FastHandler(context.Background(), hm)},
		{"bare", httpserver.FastHandler(context.Background(), h)},
		{"floor", Floor(recs)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var ctx fasthttp.RequestCtx
			bw := bufio.NewWriterSize(io.Discard, 4096)
			uris := make([][]byte, len(recs))
			for i, r := range recs {
				uris[i] = []byte("/v1/quotes/" + r.ID)
			}
			ctx.Request.Header.SetMethod("GET")
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ctx.Request.SetRequestURIBytes(uris[i%len(uris)])
				i++
				tc.h(&ctx)
				if err := ctx.Response.Write(bw); err != nil {
					b.Fatal(err)
				}
				ctx.Response.Reset()
			}
			bw.Flush()
		})
	}
}
