package upstream

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"
)

func TestKeepAliveReuse(t *testing.T) {
	srv := newTestServer(t, fixtureHandler())
	cl := newClient(t, Options{})
	for i := range 10 {
		path := "/json"
		if i%2 == 1 {
			path = "/gzip"
		}
		status, body, err := get(t.Context(), cl, srv.URL+path)
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		if status != 200 || !bytes.Equal(body, jsonFixture) {
			t.Fatalf("call %d: status %d, body %d bytes", i, status, len(body))
		}
	}
	if n := srv.conns.Load(); n != 1 {
		t.Errorf("server saw %d connections for 10 sequential calls, want 1", n)
	}
	if n := idleConns(cl, srv.URL); n != 1 {
		t.Errorf("idle connections = %d, want 1", n)
	}
}

func TestBodies(t *testing.T) {
	chunks := func(p []byte) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("gz") == "1" {
				w.Header().Set("Content-Encoding", "gzip")
			}
			// Three flushed writes and no Content-Length: chunked encoding.
			for part := range slices.Chunk(p, len(p)/3+1) {
				w.Write(part)
				w.(http.Flusher).Flush()
			}
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/", fixtureHandler())
	mux.Handle("/chunked", chunks(jsonFixture))
	mux.Handle("/chunked-gzip", chunks(gzipFixture))
	srv := newTestServer(t, mux)
	cl := newClient(t, Options{})

	tests := []struct {
		name, path string
		wantGzip   bool
	}{
		{"identity", "/json", false},
		{"gzip", "/gzip", true},
		{"chunked identity", "/chunked", false},
		{"chunked gzip", "/chunked-gzip?gz=1", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := AcquireCall()
			defer ReleaseCall(c)
			c.SetURL(srv.URL + tt.path)
			if err := cl.Do(t.Context(), c); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(jsonFixture), string(c.Body())); diff != "" {
				t.Errorf("body mismatch (-want +got):\n%s", diff)
			}
			if got := string(c.Header("Content-Encoding")) == "gzip"; got != tt.wantGzip {
				t.Errorf("Content-Encoding gzip = %v, want %v", got, tt.wantGzip)
			}
			if strings.HasPrefix(tt.path, "/chunked") {
				if te := string(c.Header("Transfer-Encoding")); te != "chunked" {
					t.Errorf("Transfer-Encoding = %q, want chunked", te)
				}
			}
		})
	}
	if n := srv.conns.Load(); n != 1 {
		t.Errorf("server saw %d connections, want 1", n)
	}
}

func TestStatusAndHeaders(t *testing.T) {
	type seen struct {
		Method, RequestURI, Host, UA, Accept, AcceptEncoding, APIKey, ContentType, Body string
	}
	var got seen
	srv := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = seen{r.Method, r.RequestURI, r.Host, r.UserAgent(), r.Header.Get("Accept"),
			r.Header.Get("Accept-Encoding"), r.Header.Get("X-Mbx-Apikey"), r.Header.Get("Content-Type"), string(b)}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"code":-1003}`))
	}))
	cl := newClient(t, Options{})
	host := strings.TrimPrefix(srv.URL, "http://")

	t.Run("defaults", func(t *testing.T) {
		c := AcquireCall()
		defer ReleaseCall(c)
		// Path and query must go out byte for byte (request signatures).
		c.SetURL(srv.URL + "/api//v3/a%2Fb?symbol=BTCUSDT&ts=1&signature=ab%20cd")
		if err := cl.Do(t.Context(), c); err != nil {
			t.Fatal(err)
		}
		want := seen{"GET", "/api//v3/a%2Fb?symbol=BTCUSDT&ts=1&signature=ab%20cd", host, DefaultUserAgent,
			"application/json", "gzip", "", "", ""}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("request (-want +got):\n%s", diff)
		}
		if c.Status() != http.StatusTooManyRequests {
			t.Errorf("Status = %d", c.Status())
		}
		if s := string(c.Header("retry-after")); s != "7" {
			t.Errorf("Header(retry-after) = %q", s)
		}
		if s := string(c.ContentType()); s != "application/json; charset=utf-8" {
			t.Errorf("ContentType = %q", s)
		}
		if c.Header("X-Missing") != nil {
			t.Errorf("Header(X-Missing) = %q, want nil", c.Header("X-Missing"))
		}
		if s := string(c.Body()); s != `{"code":-1003}` {
			t.Errorf("Body = %q", s)
		}
	})

	t.Run("overrides and body", func(t *testing.T) {
		cl := newClient(t, Options{UserAgent: "custom-default"})
		c := AcquireCall()
		defer ReleaseCall(c)
		c.SetMethod("POST")
		c.SetURL(srv.URL + "/order")
		c.SetHeader("Accept", "text/plain")
		c.SetHeader("Accept-Encoding", "identity")
		c.SetHeader("X-MBX-APIKEY", "key")
		c.SetHeader("Host", "api.example.com")
		c.SetBody([]byte(`{"qty":"1"}`), "application/json")
		if err := cl.Do(t.Context(), c); err != nil {
			t.Fatal(err)
		}
		want := seen{"POST", "/order", "api.example.com", "custom-default", "text/plain", "identity", "key",
			"application/json", `{"qty":"1"}`}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("request (-want +got):\n%s", diff)
		}
	})

	t.Run("HEAD", func(t *testing.T) {
		srv := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1234")
			if r.Method != "HEAD" {
				w.Write(make([]byte, 1234))
			}
		}))
		for range 2 {
			c := AcquireCall()
			c.SetMethod("HEAD")
			c.SetURL(srv.URL)
			if err := cl.Do(t.Context(), c); err != nil {
				t.Fatal(err)
			}
			if c.Status() != 200 || len(c.Body()) != 0 || string(c.Header("Content-Length")) != "1234" {
				t.Errorf("HEAD: status %d, body %d bytes, Content-Length %q", c.Status(), len(c.Body()), c.Header("Content-Length"))
			}
			ReleaseCall(c)
		}
		if n := srv.conns.Load(); n != 1 {
			t.Errorf("server saw %d connections, want 1", n)
		}
	})
}

func TestBodyLimits(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 10_000)
	mux := http.NewServeMux()
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) { w.Write(big) })
	mux.HandleFunc("/big-chunked", func(w http.ResponseWriter, r *http.Request) {
		w.Write(big[:5000])
		w.(http.Flusher).Flush()
		w.Write(big[5000:])
	})
	mux.HandleFunc("/bomb", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipBytes(big)) // ~50 bytes on the wire, 10 KB inflated
	})
	mux.HandleFunc("/fits", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipBytes(big[:1000]))
	})
	mux.HandleFunc("/corrupt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write([]byte("this is not gzip"))
	})
	mux.HandleFunc("/truncated", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		b := gzipBytes(big[:1000])
		w.Write(b[:len(b)/2])
	})
	mux.HandleFunc("/badcrc", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		b := gzipBytes(big[:1000])
		b[len(b)-8] ^= 0xff // CRC32 in the trailer
		w.Write(b)
	})
	mux.HandleFunc("/brotli", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "br")
		w.Write([]byte("whatever"))
	})
	srv := newTestServer(t, mux)
	cl := newClient(t, Options{MaxBodySize: 1000})

	tests := []struct {
		path string
		want error
	}{
		{"/big", ErrBodyTooLarge},
		{"/big-chunked", ErrBodyTooLarge},
		{"/bomb", ErrBodyTooLarge},
		{"/fits", nil},
		{"/corrupt", ErrBadEncoding},
		{"/truncated", ErrBadEncoding},
		{"/badcrc", ErrBadEncoding},
		{"/brotli", ErrBadEncoding},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, body, err := get(t.Context(), cl, srv.URL+tt.path)
			if tt.want == nil {
				if err != nil || !bytes.Equal(body, big[:1000]) {
					t.Fatalf("err = %v, body %d bytes", err, len(body))
				}
				return
			}
			if !isErr(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	t.Run("per-call cap", func(t *testing.T) {
		c := AcquireCall()
		defer ReleaseCall(c)
		c.SetURL(srv.URL + "/big")
		c.SetMaxBodySize(len(big) + 1)
		if err := cl.Do(t.Context(), c); err != nil || !bytes.Equal(c.Body(), big) {
			t.Fatalf("raised cap: err = %v, body %d bytes", err, len(c.Body()))
		}
		c.Reset()
		c.SetURL(srv.URL + "/big")
		if err := cl.Do(t.Context(), c); !isErr(err, ErrBodyTooLarge) {
			t.Fatalf("after Reset the client's cap applies again: err = %v", err)
		}
	})
}

// stallServer answers /stall only once the test ends; /partial sends headers
// and half the body, then stalls. started receives one value per request.
func stallServer(t *testing.T) (*testServer, chan struct{}) {
	started := make(chan struct{}, 100)
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/stall", func(w http.ResponseWriter, r *http.Request) {
		signal(started)
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	mux.HandleFunc("/partial", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "2000")
		w.Write(make([]byte, 1000))
		w.(http.Flusher).Flush()
		signal(started)
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	mux.Handle("/", fixtureHandler())
	srv := newTestServer(t, mux)
	t.Cleanup(func() { close(release) }) // runs before srv.Close
	return srv, started
}

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

func TestCancel(t *testing.T) {
	srv, started := stallServer(t)
	cl := newClient(t, Options{})

	for _, path := range []string{"/stall", "/partial"} {
		t.Run(path, func(t *testing.T) {
			// Warm a keep-alive connection so the stalled call reuses it.
			if _, _, err := get(t.Context(), cl, srv.URL+"/json"); err != nil {
				t.Fatal(err)
			}
			conns := srv.conns.Load()

			ctx, cancel := context.WithCancel(t.Context())
			go func() {
				<-started
				time.Sleep(10 * time.Millisecond) // let Do block in Read
				cancel()
			}()
			// The server stalls until the client goes: Do returning at
			// all, with the cancel's error, shows the cancel cut it.
			_, _, err := get(ctx, cl, srv.URL+path)
			if !isErr(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if n := idleConns(cl, srv.URL); n != 0 {
				t.Errorf("idle connections after cancel = %d, want 0 (cancelled conn pooled)", n)
			}
			if n := srv.conns.Load(); n != conns {
				t.Errorf("cancelled call dialed: %d connections, want %d", n, conns)
			}
			// The next call works, on a new connection.
			if _, _, err := get(t.Context(), cl, srv.URL+"/json"); err != nil {
				t.Fatal(err)
			}
			if n := srv.conns.Load(); n != conns+1 {
				t.Errorf("connections = %d, want %d", n, conns+1)
			}
		})
	}

	t.Run("already cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		_, _, err := get(ctx, cl, srv.URL+"/json")
		if !isErr(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	})

	t.Run("while dialing", func(t *testing.T) {
		cl := newClient(t, Options{Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}})
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(10*time.Millisecond, cancel)
		_, _, err := get(ctx, cl, srv.URL+"/json") // the dial never ends by itself
		if !isErr(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	})
}

func TestDeadline(t *testing.T) {
	srv, _ := stallServer(t)
	cl := newClient(t, Options{})

	// The server stalls until the client goes: a call that returns with a
	// deadline's error was cut by that deadline (no clock is read).
	check := func(t *testing.T, err error, wantTimeout bool) {
		t.Helper()
		if !isErr(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want context.DeadlineExceeded", err)
		}
		if !os.IsTimeout(err) {
			t.Errorf("os.IsTimeout(%v) = false", err)
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("not a net.Error timeout: %v", err)
		}
		if got := errors.Is(err, ErrTimeout); got != wantTimeout {
			t.Errorf("errors.Is(err, ErrTimeout) = %v, want %v", got, wantTimeout)
		}
	}

	for _, path := range []string{"/stall", "/partial"} {
		t.Run("call timeout"+path, func(t *testing.T) {
			c := AcquireCall()
			defer ReleaseCall(c)
			c.SetURL(srv.URL + path)
			c.SetTimeout(50 * time.Millisecond)
			check(t, cl.Do(t.Context(), c), true)
		})
		t.Run("ctx deadline"+path, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
			defer cancel()
			_, _, err := get(ctx, cl, srv.URL+path)
			check(t, err, false)
		})
	}
	t.Run("dial timeout", func(t *testing.T) {
		cl := newClient(t, Options{DialTimeout: 50 * time.Millisecond, Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
			<-ctx.Done()
			return nil, &net.OpError{Op: "dial", Net: network, Err: os.ErrDeadlineExceeded}
		}})
		_, _, err := get(t.Context(), cl, srv.URL+"/json") // the dial ends only at its timeout
		if !os.IsTimeout(err) || !isErr(err, os.ErrDeadlineExceeded) {
			t.Fatalf("err = %v, want a dial timeout", err)
		}
	})
	if n := idleConns(cl, srv.URL); n != 0 {
		t.Errorf("timed-out connections were pooled: %d idle", n)
	}
}

func TestStaleIdleConnRetry(t *testing.T) {
	var requests sync.Map // path -> count
	count := func(p string) int { v, _ := requests.Load(p); return v.(int) }
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _ := requests.LoadOrStore(r.URL.Path, 0)
		requests.Store(r.URL.Path, v.(int)+1)
		io.Copy(io.Discard, r.Body)
		w.Write([]byte("ok"))
	})
	srv := startTestServer(t, h, false, func(s *http.Server) {
		s.IdleTimeout = 20 * time.Millisecond // the server drops idle conns
	})
	cl := newClient(t, Options{})

	do := func(method, path string) error {
		c := AcquireCall()
		defer ReleaseCall(c)
		c.SetMethod(method)
		c.SetURL(srv.URL + path)
		if method == "POST" {
			c.SetBody([]byte("x=1"), "application/x-www-form-urlencoded")
		}
		return cl.Do(t.Context(), c)
	}

	if err := do("GET", "/get"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // the server closes our idle conn
	if idleConns(cl, srv.URL) != 1 {
		t.Fatal("no idle conn to go stale")
	}
	if err := do("GET", "/get"); err != nil {
		t.Fatalf("GET on stale conn not retried: %v", err)
	}
	if n := srv.conns.Load(); n != 2 {
		t.Errorf("server saw %d connections, want 2", n)
	}

	// A POST whose bytes were written to a stale conn must not be retried.
	time.Sleep(100 * time.Millisecond)
	if err := do("POST", "/post"); err == nil {
		t.Errorf("POST on stale conn succeeded; want an error (no retry)")
	} else {
		t.Logf("POST on stale conn: %v", err)
	}
	if _, ok := requests.Load("/post"); ok {
		t.Errorf("server saw the POST")
	}
	if err := do("POST", "/post"); err != nil {
		t.Fatal(err)
	}
	if got := count("/get") + count("/post"); got != 3 {
		t.Errorf("server handled %d requests, want 3", got)
	}
}

// TestNoRetryOnFreshConn checks that a failure on a newly dialed connection
// is reported, not retried.
func TestNoRetryOnFreshConn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var accepted sync.WaitGroup
	n := 0
	accepted.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n++
			c.Read(make([]byte, 4096))
			c.Close()
		}
	})
	cl := newClient(t, Options{})
	_, _, err = get(t.Context(), cl, "http://"+ln.Addr().String()+"/")
	if err == nil || isErr(err, context.Canceled) {
		t.Fatalf("err = %v, want a connection error", err)
	}
	ln.Close()
	accepted.Wait()
	if n != 1 {
		t.Errorf("dialed %d times, want 1", n)
	}
}

// TestRawResponses covers connection reuse decisions for responses a net/http
// server will not produce.
func TestRawResponses(t *testing.T) {
	tests := []struct {
		name, resp string
		wantReuse  bool
	}{
		{"http/1.1", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", true},
		{"connection close", "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", false},
		{"http/1.0", "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", false},
		{"http/1.0 keep-alive", "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok", true},
		{"read until close", "HTTP/1.1 200 OK\r\n\r\nok", false},
		{"100 continue", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			accepted := 0
			wg.Go(func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					accepted++
					wg.Go(func() {
						defer c.Close()
						buf := make([]byte, 4096)
						for {
							if _, err := c.Read(buf); err != nil {
								return
							}
							c.Write([]byte(tt.resp))
							if !tt.wantReuse {
								return
							}
						}
					})
				}
			})
			cl := New(Options{})
			url := "http://" + ln.Addr().String()
			for range 2 {
				status, body, err := get(t.Context(), cl, url+"/")
				if err != nil || status != 200 || string(body) != "ok" {
					t.Fatalf("status %d, body %q, err %v", status, body, err)
				}
			}
			idle := idleConns(cl, url)
			cl.Close()
			ln.Close()
			wg.Wait()
			want := 2
			if tt.wantReuse {
				want = 1
			}
			if accepted != want {
				t.Errorf("server accepted %d connections, want %d", accepted, want)
			}
			if tt.wantReuse != (idle == 1) {
				t.Errorf("idle conns = %d, want reuse %v", idle, tt.wantReuse)
			}
		})
	}
}

func TestIdlePool(t *testing.T) {
	t.Run("idle timeout", func(t *testing.T) {
		srv := newTestServer(t, fixtureHandler())
		cl := newClient(t, Options{IdleTimeout: 30 * time.Millisecond})
		for i := range 3 {
			if i == 2 {
				time.Sleep(60 * time.Millisecond)
			}
			if _, _, err := get(t.Context(), cl, srv.URL+"/json"); err != nil {
				t.Fatal(err)
			}
		}
		if n := srv.conns.Load(); n != 2 {
			t.Errorf("server saw %d connections, want 2 (one expired)", n)
		}
	})

	t.Run("max idle per host", func(t *testing.T) {
		const calls = 5
		var arrived sync.WaitGroup
		arrived.Add(calls)
		srv := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			arrived.Done()
			arrived.Wait() // all calls in flight at once
			w.Write([]byte("ok"))
		}))
		cl := newClient(t, Options{MaxIdlePerHost: 2})
		var wg sync.WaitGroup
		for range calls {
			wg.Go(func() {
				if _, _, err := get(t.Context(), cl, srv.URL); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if n := srv.conns.Load(); n != calls {
			t.Errorf("server saw %d connections, want %d", n, calls)
		}
		if n := idleConns(cl, srv.URL); n != 2 {
			t.Errorf("idle connections = %d, want 2", n)
		}
	})
}

func TestHTTPS(t *testing.T) {
	srv := startTestServer(t, fixtureHandler(), true)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	cl := newClient(t, Options{TLSConfig: &tls.Config{RootCAs: pool}})
	for _, path := range []string{"/json", "/gzip", "/json"} {
		status, body, err := get(t.Context(), cl, srv.URL+path)
		if err != nil {
			t.Fatal(err)
		}
		if status != 200 || !bytes.Equal(body, jsonFixture) {
			t.Fatalf("%s: status %d, body %d bytes", path, status, len(body))
		}
	}
	if n := srv.conns.Load(); n != 1 {
		t.Errorf("server saw %d connections, want 1", n)
	}

	t.Run("untrusted", func(t *testing.T) {
		cl := newClient(t, Options{})
		_, _, err := get(t.Context(), cl, srv.URL+"/json")
		var uerr x509.UnknownAuthorityError
		if !errors.As(err, &uerr) {
			t.Fatalf("err = %v, want x509.UnknownAuthorityError", err)
		}
	})

	t.Run("cancel", func(t *testing.T) {
		srv, started := stallServerTLS(t)
		pool := x509.NewCertPool()
		pool.AddCert(srv.Certificate())
		cl := newClient(t, Options{TLSConfig: &tls.Config{RootCAs: pool}})
		ctx, cancel := context.WithCancel(t.Context())
		go func() {
			<-started
			time.Sleep(10 * time.Millisecond) // let Do block in Read
			cancel()
		}()
		// The server stalls until the test ends: Do returns only because
		// the cancel reached its Read.
		errc := make(chan error, 1)
		go func() { _, _, err := get(ctx, cl, srv.URL+"/stall"); errc <- err }()
		select {
		case err := <-errc:
			if !isErr(err, context.Canceled) {
				t.Fatalf("err = %v", err)
			}
		case <-time.After(time.Minute): // a safety net, not a measure
			t.Fatal("Do still blocked a minute after cancel")
		}
	})
}

func stallServerTLS(t *testing.T) (*testServer, chan struct{}) {
	started := make(chan struct{}, 1)
	release := make(chan struct{})
	srv := startTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}), true)
	t.Cleanup(func() { close(release) })
	return srv, started
}

func TestConcurrent(t *testing.T) {
	srv, _ := stallServer(t)
	cl := newClient(t, Options{MaxIdlePerHost: 8})
	var wg sync.WaitGroup
	for g := range 32 {
		wg.Go(func() {
			c := AcquireCall()
			defer ReleaseCall(c)
			for i := range 30 {
				c.Reset()
				switch (g + i) % 5 {
				case 0, 1:
					c.SetURL(srv.URL + "/json")
				case 2, 3:
					c.SetURL(srv.URL + "/gzip")
				case 4: // cancelled mid-call
					ctx, cancel := context.WithTimeout(t.Context(), time.Millisecond)
					c.SetURL(srv.URL + "/partial")
					err := cl.Do(ctx, c)
					cancel()
					if !isErr(err, context.DeadlineExceeded) {
						t.Errorf("err = %v, want DeadlineExceeded", err)
					}
					continue
				}
				if err := cl.Do(t.Context(), c); err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(c.Body(), jsonFixture) {
					t.Errorf("body mismatch: %d bytes", len(c.Body()))
					return
				}
			}
		})
	}
	wg.Wait()
	if n := idleConns(cl, srv.URL); n > 8 {
		t.Errorf("idle = %d > MaxIdlePerHost", n)
	}
	t.Logf("%d connections for %d calls", srv.conns.Load(), 32*30)
}

func TestClose(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	srv, started := stallServer(t)
	cl := New(Options{})

	// Some idle conns.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, _, err := get(t.Context(), cl, srv.URL+"/json"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// And one call in flight.
	errc := make(chan error, 1)
	go func() {
		_, _, err := get(context.Background(), cl, srv.URL+"/stall")
		errc <- err
	}()
	<-started

	// The stalled call would wait for ever: Close returns and the call
	// ends with ErrClosed only because Close cut it.
	if err := cl.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; !isErr(err, ErrClosed) {
		t.Errorf("in-flight call: err = %v, want ErrClosed", err)
	}
	if _, _, err := get(t.Context(), cl, srv.URL+"/json"); !isErr(err, ErrClosed) {
		t.Errorf("Do after Close: err = %v, want ErrClosed", err)
	}
	if err := cl.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	srv.Close()
}

func TestInvalidRequest(t *testing.T) {
	cl := newClient(t, Options{})
	c := AcquireCall()
	defer ReleaseCall(c)
	c.SetURL("http://127.0.0.1:1/")
	c.SetBody([]byte("x"), "text/plain")
	if err := cl.Do(t.Context(), c); !isErr(err, errBodyNotAllowed) {
		t.Errorf("GET with body: err = %v", err)
	}

	for _, u := range []string{"", "/relative", "ftp://example.com/", "http://", "http://exa mple.com/", "http://example.com/a\r\nX-Injected: 1"} {
		_, _, err := get(t.Context(), cl, u)
		if !isErr(err, ErrInvalidURL) {
			t.Errorf("%q: err = %v, want ErrInvalidURL", u, err)
		}
	}
}
