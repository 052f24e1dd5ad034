package upstream

import (
	"bytes"
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/valyala/fasthttp"
)

// BenchmarkDo compares a warm sequential GET of an 8.8 KB JSON document
// (2 KB gzipped) with this package, net/http and fasthttp.Client against the
// same allocation-free local server. Each variant gets the body bytes
// decompressed into a reused buffer where the API allows it.
func BenchmarkDo(b *testing.B) {
	srv := newRawServer(b)
	paths := []struct{ name, path string }{{"identity", "/json"}, {"gzip", "/gzip"}}

	b.Run("ours", func(b *testing.B) {
		cl := New(Options{})
		defer cl.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		for _, p := range paths {
			b.Run(p.name, func(b *testing.B) {
				url := srv.url + p.path
				c := AcquireCall()
				defer ReleaseCall(c)
				b.ReportAllocs()
				for b.Loop() {
					c.Reset()
					c.SetURL(url)
					if err := cl.Do(ctx, c); err != nil {
						b.Fatal(err)
					}
					if len(c.Body()) != len(jsonFixture) {
						b.Fatalf("body: %d bytes", len(c.Body()))
					}
				}
			})
		}
	})

	b.Run("nethttp", func(b *testing.B) {
		tr := &http.Transport{MaxIdleConnsPerHost: 64} // transparent gzip
		defer tr.CloseIdleConnections()
		hc := &http.Client{Transport: tr}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		for _, p := range paths {
			b.Run(p.name, func(b *testing.B) {
				url := srv.url + p.path
				var buf bytes.Buffer
				b.ReportAllocs()
				for b.Loop() {
					req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
					if err != nil {
						b.Fatal(err)
					}
					req.Header.Set("Accept", "application/json")
					resp, err := hc.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					buf.Reset()
					_, err = buf.ReadFrom(resp.Body)
					resp.Body.Close()
					if err != nil || buf.Len() != len(jsonFixture) {
						b.Fatalf("body: %d bytes, %v", buf.Len(), err)
					}
				}
			})
		}
	})

	b.Run("fasthttp", func(b *testing.B) {
		fc := &fasthttp.Client{MaxResponseBodySize: DefaultMaxBodySize}
		defer fc.CloseIdleConnections()
		for _, p := range paths {
			b.Run(p.name, func(b *testing.B) {
				url := srv.url + p.path
				req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
				defer fasthttp.ReleaseRequest(req)
				defer fasthttp.ReleaseResponse(resp)
				var buf []byte
				b.ReportAllocs()
				for b.Loop() {
					req.Reset()
					req.SetRequestURI(url)
					req.Header.Set("Accept", "application/json")
					req.Header.Set("Accept-Encoding", "gzip")
					if err := fc.Do(req, resp); err != nil {
						b.Fatal(err)
					}
					body := resp.Body()
					if string(resp.Header.ContentEncoding()) == "gzip" {
						var err error
						if buf, err = fasthttp.AppendGunzipBytes(buf[:0], body); err != nil {
							b.Fatal(err)
						}
						body = buf
					}
					if len(body) != len(jsonFixture) {
						b.Fatalf("body: %d bytes", len(body))
					}
				}
			})
		}
	})
}

// BenchmarkCancelMechanism isolates the per-call cost of the two ways to tie
// a call to its ctx: the per-connection watcher goroutine (arm/disarm, two
// channel operations) and context.AfterFunc plus its stop function, on a
// long-lived ctx. There is no I/O between arm and disarm, so the watcher
// numbers include a goroutine handoff that real calls overlap with the
// network wait.
func BenchmarkCancelMechanism(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	b.Run("watcher", func(b *testing.B) {
		closing := make(chan struct{})
		var wg sync.WaitGroup
		cn := &conn{watchc: make(chan context.Context, 1), donec: make(chan struct{})}
		wg.Add(1)
		go cn.watch(closing, &wg)
		b.ReportAllocs()
		for b.Loop() {
			cn.arm(ctx)
			cn.disarm()
		}
		b.StopTimer()
		close(cn.watchc)
		wg.Wait()
	})
	b.Run("afterfunc", func(b *testing.B) {
		f := func() {}
		b.ReportAllocs()
		for b.Loop() {
			stop := context.AfterFunc(ctx, f)
			stop()
		}
	})
}
