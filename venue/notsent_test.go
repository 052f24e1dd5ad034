package venue

import (
	"context"
	"errors"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
)

// TestNotSent: a call that never left carries swapscout.ErrNotSent (held by
// our rate limit, by the open breaker, or a connection refused), so the swap
// service knows a create that failed so made nothing; a call that left and
// lost its answer (reset mid-answer, a 5xx) does not.
func TestNotSent(t *testing.T) {
	ctx := context.Background()
	g := newGuarded(t, Limit{Rate: 1, Burst: 1}, BreakerOpen)
	if err := g.fetch(ctx); err != nil {
		t.Fatal(err)
	}
	// The next token is a second away; the wait is bounded to 10 ms.
	err := g.fetch(swapscout.WithLimitWait(ctx, 10*time.Millisecond))
	if ve := veOf(t, err); ve.Code != swapscout.CodeRateLimited || ve.RetryAfter <= 0 || !errors.Is(err, swapscout.ErrNotSent) {
		t.Errorf("held by our limit: %v (%+v); want rate_limited, RetryAfter, not sent", err, ve)
	}
	if n := g.calls.Load(); n != 1 {
		t.Errorf("%d calls; want 1", n)
	}

	g2 := newGuarded(t, Limit{}, BreakerOpen)
	g2.set(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(502) })
	if err := g2.fetch(ctx); err == nil || errors.Is(err, swapscout.ErrNotSent) {
		t.Errorf("a 5xx after sending: %v; want an error that is not ErrNotSent", err)
	}
	g2.set(func(w http.ResponseWriter, r *http.Request) {
		hj, _ := w.(http.Hijacker)
		c, bw, _ := hj.Hijack()
		bw.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"ok\":")
		bw.Flush()
		c.(*net.TCPConn).SetLinger(0)
		c.Close()
	})
	if err := g2.fetch(ctx); err == nil || errors.Is(err, swapscout.ErrNotSent) {
		t.Errorf("an answer cut after sending: %v; want an error that is not ErrNotSent", err)
	}
	for range BreakerFailures {
		g2.fetch(ctx)
	}
	if err := g2.fetch(ctx); !errors.Is(err, swapscout.ErrNotSent) || veOf(t, err).Code != swapscout.CodeUnavailable {
		t.Errorf("breaker open: %v; want unavailable, not sent", err)
	}

	// A port nobody listens on: the connection is refused before any byte.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	cfg := &Config{BaseURL: "http://" + addr, HTTP: hc}
	err = Fetch(ctx, cfg, Request{Method: "POST", URL: cfg.BaseURL + "/create", Body: []byte("{}")}, func(int, []byte) error { return nil })
	if !errors.Is(err, swapscout.ErrNotSent) || veOf(t, err).Code != swapscout.CodeUnavailable {
		t.Errorf("connection refused: %v; want unavailable, not sent", err)
	}
}
