package httpserver_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
)

// blocking never answers until its context ends or release is closed.
type blocking struct{ release chan struct{} }

func (b blocking) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	select {
	case <-ctx.Done():
	case <-b.release:
	}
	return &swapscout.Quote{Request: req, CreatedAt: time.Now()}, nil
}

// TestShutdownEndsStreams: a stream open when shutdown begins gets a final
// error event (code unavailable) and ends; Shutdown returns in time.
func TestShutdownEndsStreams(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			rel := make(chan struct{})
			defer close(rel) // lets the detached fan-out finish
			h := httpapi.NewHandler(httpapi.Deps{Quotes: blocking{rel}, Store: inmem.New(inmem.Options{})})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			// The stream sends nothing (not even its headers) until an
			// event: ask in the background.
			type result struct {
				body string
				err  error
			}
			got := make(chan result, 1)
			go func() {
				resp, err := c.Get(srv.URL() + "/v1/quotes/stream?from=btc&to=eth&amount=0.1&deadline=20s")
				if err != nil {
					got <- result{err: err}
					return
				}
				defer resp.Body.Close()
				b, err := io.ReadAll(bufio.NewReader(resp.Body))
				got <- result{string(b), err}
			}()
			time.Sleep(200 * time.Millisecond)
			// Shutdown gives up (an error) at this deadline if the stream
			// holds it; a minute is a safety net, not a measure.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			errc := make(chan error, 1)
			go func() { errc <- srv.Shutdown(ctx) }()
			r := <-got
			if r.err != nil {
				t.Fatal(r.err)
			}
			body := r.body
			if !strings.Contains(string(body), "event: error\ndata: {\"error\":{\"code\":\"unavailable\"") {
				t.Errorf("stream ended without the final event: %q", body)
			}
			if err := <-errc; err != nil {
				t.Errorf("Shutdown: %v, want the stream ended so that shutdown completes", err)
			}
		})
	}
}

// TestSlowloris: 200 connections that trickle half a request do not stop a
// normal client being served while they are held, and are cut by the server
// at the header timeout, while a stream that outlives the header timeout is
// not cut.
func TestSlowloris(t *testing.T) {
	t.Parallel()
	rel := make(chan struct{})
	defer close(rel)
	h := httpapi.NewHandler(httpapi.Deps{Quotes: blocking{rel}, Store: inmem.New(inmem.Options{})})
	t.Run("served beside them", func(t *testing.T) {
		// A header timeout of a minute: had the normal request to wait for
		// the slow ones, it would be answered only after they were cut.
		srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{HeaderTimeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Shutdown(context.Background())
		slow, closeSlow := trickle(t, srv.Addr(), 200)
		defer closeSlow()
		cuts, _ := readSlow(t, slow)
		resp, err := http.Get(srv.URL() + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if n := cuts.Load(); resp.StatusCode != 200 || n != 0 {
			t.Errorf("normal request: %d, answered after %d slow connections were cut; want 200 while they are all held", resp.StatusCode, n)
		}
	})
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{HeaderTimeout: 300 * time.Millisecond, ConnLifetime: 700 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	stream, err := c.Get(srv.URL() + "/v1/quotes/stream?from=btc&to=eth&amount=0.1&deadline=1s")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	slow, closeSlow := trickle(t, srv.Addr(), 200)
	defer closeSlow()
	_, cut := readSlow(t, slow)
	// The slow ones are cut by the server at the header timeout, not by
	// our read deadline.
	for range 200 {
		if err := <-cut; err != nil {
			t.Fatalf("a slow connection was held until our read deadline, want it cut at the header timeout: %v", err)
		}
	}
	// The stream (deadline 1 s) outlived the header timeout and the
	// connection lifetime and still ends with its quote.
	body, _ := io.ReadAll(stream.Body)
	if !strings.Contains(string(body), "event: quote") {
		t.Errorf("stream was cut: %q", body)
	}
}

// trickle opens n connections to addr that send half a request and stall;
// close closes them (before the server's Shutdown, which would wait for
// them).
func trickle(t *testing.T, addr string, n int) (slow []net.Conn, close func()) {
	t.Helper()
	close = func() {
		for _, s := range slow {
			s.Close()
		}
	}
	for range n {
		s, err := net.Dial("tcp", addr)
		if err != nil {
			close()
			t.Fatal(err)
		}
		_, _ = s.Write([]byte("GET /v1/venues HTTP/1.1\r\nHost: x\r\nX-a: "))
		slow = append(slow, s)
	}
	return slow, close
}

// readSlow reads each of slow until the server cuts it; cuts counts the
// connections cut so far, and cut receives, per connection, nil when the
// server cut it or the error of our read deadline (a minute: a safety net,
// not a measure).
func readSlow(t *testing.T, slow []net.Conn) (cuts *atomic.Int64, cut chan error) {
	cuts, cut = new(atomic.Int64), make(chan error, len(slow))
	for _, s := range slow {
		go func() {
			_ = s.SetReadDeadline(time.Now().Add(time.Minute))
			_, err := io.ReadAll(s)
			if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
				err = nil // cut by the server (EOF or reset)
			}
			cuts.Add(1)
			cut <- err
		}()
	}
	return cuts, cut
}

// TestConnCap: past MaxConns a connection gets a clean 503, and the
// connections already open are still served.
func TestConnCap(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h, _ := newHandler()
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport, MaxConns: 5})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			var held []net.Conn
			defer func() {
				for _, c := range held {
					c.Close()
				}
			}()
			for range 5 {
				c, err := net.Dial("tcp", srv.Addr())
				if err != nil {
					t.Fatal(err)
				}
				_, _ = c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
				r := bufio.NewReader(c)
				resp, err := http.ReadResponse(r, nil)
				if err != nil || resp.StatusCode != 200 {
					t.Fatalf("held connection: %v %v", resp, err)
				}
				resp.Body.Close()
				held = append(held, c)
			}
			// The refusal is written at accept, before any request: read it
			// without sending one (a request sent into a closing socket
			// could be answered with a reset instead).
			c, err := net.Dial("tcp", srv.Addr())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatalf("6th connection: %v, want a 503", err)
			}
			resp.Body.Close()
			if resp.StatusCode != 503 {
				t.Errorf("6th connection: %d, want 503", resp.StatusCode)
			}
		})
	}
}

// TestRequestIDHeader: every answer carries X-Request-Id: the client's own
// (whatever the case of the header's name), or a fresh one per request.
func TestRequestIDHeader(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h, _ := newHandler()
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			raw := func(hdr string) string {
				c, err := net.Dial("tcp", srv.Addr())
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				_, _ = c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n" + hdr + "Connection: close\r\n\r\n"))
				resp, err := http.ReadResponse(bufio.NewReader(c), nil)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return resp.Header.Get("X-Request-Id")
			}
			for _, name := range []string{"X-Request-Id", "x-request-id", "X-REQUEST-ID"} {
				if got := raw(name + ": abc-123\r\n"); got != "abc-123" {
					t.Errorf("%s: abc-123 → X-Request-Id %q", name, got)
				}
			}
			a, b := raw(""), raw("")
			if a == "" || a == b {
				t.Errorf("generated ids %q, %q: want two different ones", a, b)
			}
		})
	}
}

// TestLifetimeClosesGracefully: a busy keep-alive connection nearing its
// lifetime is closed after an answer (Connection: close), not cut by the
// deadline in the middle of a request.
func TestLifetimeClosesGracefully(t *testing.T) {
	h, _ := newHandler()
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{ConnLifetime: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	closes := 0
	for end := time.Now().Add(1200 * time.Millisecond); time.Now().Before(end); {
		resp, err := c.Get(srv.URL() + "/healthz")
		if err != nil {
			t.Fatalf("request failed on a kept-alive connection: %v", err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.Close {
			closes++
		}
	}
	if closes < 2 {
		t.Errorf("%d answers closed their connection in 1.2 s of 300 ms lifetimes", closes)
	}
}

// TestThousandStreams: 1,000 streams opened at once are each held (up to
// the cap) or refused with a clean 503, and quote-by-id keeps answering
// quickly beside them.
func TestThousandStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 connections on loopback")
	}
	rel := make(chan struct{})
	store := inmem.New(inmem.Options{})
	// The stream cap alone: no bound on fan-outs (MaxFanOuts < 0), which
	// would end the streams past it after a tenth of their deadline and
	// free their slots for more.
	h := httpapi.NewHandler(httpapi.Deps{Quotes: blocking{rel}, Store: store, FanOutRate: -1, MaxStreams: 300, MaxClientStreams: -1, MaxFanOuts: -1})
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	released := false
	release := func() {
		if !released {
			released = true
			close(rel)
		}
	}
	defer release()
	if err := store.Put(context.Background(), "qknown", append([]byte("\x00\x00\x00\x00\x00\x00\x00\x00"), `{"id":"qknown"}`...), time.Minute); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	statuses := map[string]int{}
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	var wg sync.WaitGroup
	refused := make(chan struct{}, 1000)
	const refusedLine = "HTTP/1.1 503 Service Unavailable"
	for i := range 1000 {
		c, err := net.Dial("tcp", srv.Addr())
		if err != nil {
			t.Fatalf("stream %d: %v", i, err)
		}
		conns = append(conns, c)
		_, _ = fmt.Fprintf(c, "GET /v1/quotes/stream?from=btc&to=eth&amount=0.%d&deadline=20s HTTP/1.1\r\nHost: x\r\n\r\n", 1000+i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A safety net, not a measure: a held stream answers once
			// the fan-out is released below.
			_ = c.SetReadDeadline(time.Now().Add(time.Minute))
			line, err := bufio.NewReader(c).ReadString('\n')
			st := strings.TrimSpace(line)
			if err != nil {
				st = "error: " + err.Error()
			}
			if st == refusedLine {
				refused <- struct{}{}
			}
			mu.Lock()
			statuses[st]++
			mu.Unlock()
		}()
	}
	// Every stream past MaxStreams is refused at once; once 700 are, the
	// other 300 are held open by the blocked fan-out.
	safety := time.After(time.Minute)
	for range 700 {
		select {
		case <-refused:
		case <-safety:
			mu.Lock()
			t.Fatalf("1,000 streams: %v, want 700 refused with 503 while 300 are held", statuses)
		}
	}
	// A quote by id is answered while the 300 streams are held (their
	// fan-out has not been released yet), not after them.
	resp, err := http.Get(srv.URL() + "/v1/quotes/qknown")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("quote by id beside 1,000 streams: %d, want 200", resp.StatusCode)
	}
	mu.Lock()
	for st, n := range statuses {
		if st != refusedLine {
			t.Errorf("%d streams answered %q before their fan-out was released", n, st)
		}
	}
	mu.Unlock()
	release()
	wg.Wait()
	// A held stream sends nothing until its first event (the fan-out
	// blocked until released); a refused one is a 503 status line.
	if statuses["HTTP/1.1 200 OK"] != 300 || statuses[refusedLine] != 700 {
		t.Errorf("1,000 streams: %v, want 300 held and 700 refused with 503", statuses)
	}
}
