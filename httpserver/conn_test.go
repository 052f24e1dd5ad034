package httpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpserver"
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
