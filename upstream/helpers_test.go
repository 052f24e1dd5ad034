package upstream

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m,
		// Background cleaners of the fasthttp.Client that BenchmarkDo uses
		// as a comparison baseline; they exit on their own after a while.
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*Client).mCleaner"),
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*HostClient).connsCleaner"),
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*TCPDialer).tcpAddrsClean"),
	)
}

// jsonFixture is an ~8.8 KB JSON document resembling an order book / ticker
// list; gzipFixture is the same gzip-compressed (~2 KB).
var jsonFixture, gzipFixture = func() ([]byte, []byte) {
	var b bytes.Buffer
	b.WriteString(`{"symbols":[`)
	for i := 0; b.Len() < 8750; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"symbol":"TOK%dUSDT","bid":"%d.%04d","ask":"%d.%04d","vol":"%d.%02d"}`,
			i, 1000+i*37, (i*7919)%10000, 1000+i*37, (i*7919+13)%10000, 50000+i*911, i%100)
	}
	b.WriteString(`]}`)
	return b.Bytes(), gzipBytes(b.Bytes())
}()

func gzipBytes(p []byte) []byte {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(p)
	w.Close()
	return z.Bytes()
}

// testServer is an httptest server on 127.0.0.1 that counts the TCP
// connections it accepted.
type testServer struct {
	*httptest.Server
	conns atomic.Int32
}

func newTestServer(t *testing.T, h http.Handler) *testServer {
	return startTestServer(t, h, false)
}

func startTestServer(t *testing.T, h http.Handler, useTLS bool, configure ...func(*http.Server)) *testServer {
	t.Helper()
	ts := &testServer{Server: httptest.NewUnstartedServer(h)}
	ts.Config.ErrorLog = log.New(io.Discard, "", 0) // e.g. the untrusted-cert handshake
	for _, f := range configure {
		f(ts.Config)
	}
	ts.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			ts.conns.Add(1)
		}
	}
	if useTLS {
		ts.StartTLS()
	} else {
		ts.Start()
	}
	t.Cleanup(ts.Close)
	return ts
}

// fixtureHandler serves jsonFixture at /json and, to clients accepting gzip,
// gzipFixture at /gzip.
func fixtureHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(jsonFixture)
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipFixture)
			return
		}
		w.Write(jsonFixture)
	})
	return mux
}

func newClient(t *testing.T, o Options) *Client {
	t.Helper()
	cl := New(o)
	t.Cleanup(func() { cl.Close() })
	return cl
}

// get performs a GET of url and returns a copy of status and body.
func get(ctx context.Context, cl *Client, url string) (int, []byte, error) {
	c := AcquireCall()
	defer ReleaseCall(c)
	c.SetURL(url)
	err := cl.Do(ctx, c)
	return c.Status(), bytes.Clone(c.Body()), err
}

// idleConns reports the idle connections pooled for base (scheme://host:port).
func idleConns(cl *Client, base string) int {
	hp := (*cl.hosts.Load())[base]
	if hp == nil {
		return 0
	}
	return hp.idleLen()
}

// rawServer is a minimal allocation-free HTTP/1.1 server for the allocation
// test and the benchmark: a net/http server would allocate per request, and
// testing counts every allocation in the process. It answers requests whose
// path starts with /gzip with gzipResp and everything else with identResp.
type rawServer struct {
	ln        net.Listener
	url       string
	identResp []byte
	gzipResp  []byte
	accepted  atomic.Int32

	mu    sync.Mutex
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

func newRawServer(tb testing.TB) *rawServer {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &rawServer{
		ln:        ln,
		url:       "http://" + ln.Addr().String(),
		identResp: fmt.Appendf(nil, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(jsonFixture), jsonFixture),
		gzipResp:  fmt.Appendf(nil, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n%s", len(gzipFixture), gzipFixture),
		conns:     map[net.Conn]struct{}{},
	}
	s.wg.Add(1)
	go s.serve()
	tb.Cleanup(s.Close)
	return s
}

func (s *rawServer) serve() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.accepted.Add(1)
		s.mu.Lock()
		s.conns[c] = struct{}{}
		s.mu.Unlock()
		s.wg.Add(1)
		go s.handle(c)
	}
}

func (s *rawServer) handle(c net.Conn) {
	defer s.wg.Done()
	defer c.Close()
	br := bufio.NewReader(c)
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return
		}
		resp := s.identResp
		if _, rest, ok := bytes.Cut(line, []byte(" ")); ok && bytes.HasPrefix(rest, []byte("/gzip")) {
			resp = s.gzipResp
		}
		for { // skip headers; the requests have no body
			line, err = br.ReadSlice('\n')
			if err != nil {
				return
			}
			if len(line) <= 2 {
				break
			}
		}
		if _, err := c.Write(resp); err != nil {
			return
		}
	}
}

func (s *rawServer) Close() {
	s.ln.Close()
	s.mu.Lock()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// isErr reports whether err is an *Error wrapping target.
func isErr(err, target error) bool {
	var e *Error
	return errors.As(err, &e) && errors.Is(err, target)
}
