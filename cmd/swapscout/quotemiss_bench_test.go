package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/venue"
)

// BenchmarkQuoteMiss measures the CPU one uncached quote costs: GET
// /v1/quotes btc→eth, each time for an amount never asked before, over the
// simulator (every venue, no latency, no stated limit, the outbound limits
// lifted), one at a time. Everything runs in this process (the simulator's
// venues and the client too), so ns/op and allocs/op are the whole
// machine's work per quote, the same on both sides of a comparison; cpu-ms/op
// is the process's user+system CPU per quote, meaningful on a busy machine
// where quotes/s is not. Three runs side by side: routes=1 (every bridge's
// legs asked, up to 1 + 3·6 fan-outs: what routes=auto cost before it
// asked second legs only where a route could win), the server's default
// (routes=auto) and routes=0 (the direct fan-out alone). End-to-end tier:
//
//	SWAPSCOUT_E2E=1 go test -run '^$' -bench QuoteMiss -benchtime 200x -benchmem ./cmd/swapscout/
func BenchmarkQuoteMiss(b *testing.B) {
	tier.E2E(b)
	s, secret := startSimServerWith(b, "--walk", "0", "--latency", "0", "--latency-tail", "0", "--venue-limits=false")
	ctx := context.Background()
	st, err := newStack(ctx, stackOptions{simURL: s.URL(), secret: secret, getenv: noEnv, log: slog.New(slog.DiscardHandler),
		venueLimit: func(string) venue.Limit { return venue.Limit{} },
		tune:       func(d *httpapi.Deps) { d.FanOutRate, d.MaxStreams = -1, -1 }})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, err := httpserver.Listen("127.0.0.1:0", st.handler, httpserver.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer shutdown(srv)
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	var extra string // the query's routes= parameter, per run
	get := func(i int) {
		amount := strconv.FormatFloat(0.1+float64(i)*1e-7, 'f', 7, 64)
		resp, err := c.Get(srv.URL() + "/v1/quotes?from=btc&to=eth&amount=" + amount + extra)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("quote %s: %d %s", amount, resp.StatusCode, body)
		}
		if resp.Header.Get("X-Swapscout-Cache") == "hit" {
			b.Fatalf("quote %s: a cache hit", amount)
		}
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for _, run := range []struct{ name, query string }{{"routes=1", "&routes=1"}, {"default", ""}, {"routes=0", "&routes=0"}} {
		b.Run(run.name, func(b *testing.B) {
			extra = run.query
			for i := range 20 { // warm: connections, the venues' market lists
				get(1_000_000 + i)
			}
			b.ReportAllocs()
			before := cpu()
			i := 0
			for b.Loop() {
				get(i)
				i++
			}
			b.ReportMetric(float64((cpu()-before).Microseconds())/1000/float64(i), "cpu-ms/op")
		})
	}
}
