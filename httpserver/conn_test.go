package httpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
)

// rawExchange sends req on a fresh connection and returns all the server
// wrote before it closed the connection (or 5 s passed).
func rawExchange(t *testing.T, addr, req string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if req != "" {
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, _ := io.ReadAll(c)
	return string(b)
}

// TestQuietConnections: a connection that sends nothing within the header
// timeout is closed without an answer, and one that sends half a request
// gets 408 or is closed: never an unsolicited 400.
func TestQuietConnections(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h, _ := newHandler()
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport, HeaderTimeout: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			var wg sync.WaitGroup
			got := make([]string, 2)
			for i, req := range []string{"", "GET /v1/venues HTTP/1.1\r\nHost: x\r\n"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[i] = rawExchange(t, srv.Addr(), req)
				}()
			}
			wg.Wait()
			if got[0] != "" {
				t.Errorf("a connection that sent nothing was answered %q", got[0])
			}
			if got[1] != "" && !strings.HasPrefix(got[1], "HTTP/1.1 408 ") {
				t.Errorf("a connection that sent half a request was answered %q", got[1])
			}
		})
	}
}

// TestNosniffEverywhere: every answer, JSON errors included (a 404, a 405,
// a 400 from the API or from the transport, a 503, a stream), carries
// X-Content-Type-Options: nosniff on both transports.
func TestNosniffEverywhere(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h := httpapi.NewHandler(httpapi.Deps{Quotes: fakeQuotes{}, Store: inmem.New(inmem.Options{})})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			for _, rq := range []struct {
				method, path, body string
				status             int
			}{
				{"GET", "/v1/venues", "", 200},
				{"GET", "/healthz", "", 200},
				{"GET", "/v1/openapi.json", "", 200},
				{"GET", "/v1/quotes?from=btc&to=eth&amount=0.1", "", 200},
				{"GET", "/v1/quotes/stream?from=btc&to=eth&amount=0.1", "", 200},
				{"GET", "/v1/quotes?from=btc", "", 400},
				{"GET", "/v1/quotes/qaaaaaaaaaaaaaaaaaaaaaaaaaa", "", 404},
				{"GET", "/nope", "", 404},
				{"DELETE", "/v1/venues", "", 405},
				{"POST", "/v1/swaps", "{}", 503},
				{"GET", "/v1/swaps/x/events", "", 503},
				{"GET", "/metrics", "", 404},
			} {
				req, _ := http.NewRequest(rq.method, srv.URL()+rq.path, strings.NewReader(rq.body))
				resp, err := c.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != rq.status || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("%s %s = %d (want %d), X-Content-Type-Options %q", rq.method, rq.path, resp.StatusCode, rq.status, resp.Header.Get("X-Content-Type-Options"))
				}
			}
			if transport != "fasthttp" {
				return // net/http answers these requests itself, in plain text
			}
			// Requests fasthttp refuses before the API sees them.
			for _, raw := range []string{
				"POST /v1/swaps HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + strings.Repeat("x", 100000),
				"GET /v1/venues HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("x", 40<<10) + "\r\n\r\n",
				"GET /v1/venues HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
			} {
				resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(rawExchange(t, srv.Addr(), raw))), nil)
				if err != nil {
					t.Errorf("%.40q: %v", raw, err)
					continue
				}
				if resp.StatusCode < 400 || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("%.40q = %d, X-Content-Type-Options %q", raw, resp.StatusCode, resp.Header.Get("X-Content-Type-Options"))
				}
			}
		})
	}
}

// TestServerLogsThroughSlog: what the HTTP stack has to say about a
// connection (here a request it cannot parse) is a line of the server's
// own slog handler, so a JSON log stays JSON lines, and it never quotes
// the client's bytes.
func TestServerLogsThroughSlog(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			var logs syncBuf
			log := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			h, _ := newHandler()
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport, Logger: log})
			if err != nil {
				t.Fatal(err)
			}
			got := rawExchange(t, srv.Addr(), "BLAH secret-token-1234 HTTP/9\r\n\r\n")
			if !strings.Contains(got, " 400 ") {
				t.Errorf("a garbled request was answered %q", got)
			}
			if err := srv.Shutdown(context.Background()); err != nil {
				t.Fatal(err)
			}
			server := 0
			for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				if l == "" {
					continue
				}
				var v map[string]any
				if err := json.Unmarshal([]byte(l), &v); err != nil {
					t.Errorf("log line is not JSON: %q", l)
				}
				if v["msg"] == "http server" {
					server++
				}
			}
			if strings.Contains(logs.String(), "secret-token") {
				t.Errorf("the log quotes the client's request:\n%s", logs.String())
			}
			if transport == "fasthttp" && server == 0 {
				t.Errorf("fasthttp's line about the garbled request is not in the slog output:\n%s", logs.String())
			}
		})
	}
}

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
