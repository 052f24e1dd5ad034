package mcpserver_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/mcpserver"
)

// TestHostsAllows: a request is served only when its Host, and its Origin
// when sent, name an allowed host, whatever the port and spelling.
func TestHostsAllows(t *testing.T) {
	h := mcpserver.NewHosts("localhost", "127.0.0.1", "::1", "MCP.example.org.", " ")
	for _, c := range []struct {
		host, origin string
		want         bool
	}{
		{"127.0.0.1:8080", "", true},
		{"localhost", "", true},
		{"[::1]:8080", "", true},
		{"mcp.example.org", "https://mcp.example.org", true},
		{"LOCALHOST:1", "http://localhost:3000", true},
		{"[::ffff:127.0.0.1]:80", "", true},
		{"attacker.example:8080", "", false},                 // a rebound name
		{"127.0.0.1:8080", "http://attacker.example", false}, // a page elsewhere
		{"127.0.0.1:8080", "null", false},
		{"", "", false},
		{"127.0.0.2", "", false},
	} {
		r, _ := http.NewRequest("POST", "http://x/mcp", nil)
		r.Host = c.host
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		if got := h.Allows(r); got != c.want {
			t.Errorf("Allows(Host %q, Origin %q) = %v, want %v", c.host, c.origin, got, c.want)
		}
	}
}

// TestListenHosts: the names derived from the listen address.
func TestListenHosts(t *testing.T) {
	for addr, want := range map[string][]string{
		"127.0.0.1:8080": {"localhost", "127.0.0.1", "::1"},
		"[::1]:8080":     {"localhost", "127.0.0.1", "::1"},
		"192.0.2.7:8080": {"192.0.2.7"},
	} {
		a, _ := net.ResolveTCPAddr("tcp", addr)
		if got := mcpserver.ListenHosts(a); !slices.Equal(got, want) {
			t.Errorf("ListenHosts(%s) = %v, want %v", addr, got, want)
		}
	}
	a, _ := net.ResolveTCPAddr("tcp", "0.0.0.0:8080")
	got := mcpserver.ListenHosts(a)
	if !slices.Contains(got, "localhost") || !slices.Contains(got, "127.0.0.1") || len(got) <= 3 {
		t.Errorf("ListenHosts(0.0.0.0) = %v, want the loopback names and this machine's addresses", got)
	}
}

// TestMCPRefusesRebinding: mounted on the server under either transport,
// /mcp answers a client naming the listen address and refuses with 403 a
// request naming another host or coming from a page elsewhere (DNS
// rebinding) — under fasthttp, where the SDK's own check never ran, too.
func TestMCPRefusesRebinding(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			svc := newService(t, &swapService{})
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			hosts := mcpserver.NewHosts(append(mcpserver.ListenHosts(ln.Addr()), "mcp.example.org")...)
			api := httpapi.NewHandler(httpapi.Deps{Quotes: engine{}, Store: inmem.New(inmem.Options{})})
			srv, err := httpserver.Serve(ln, api, httpserver.Options{Transport: transport, Mounts: []httpserver.Mount{{Path: "/mcp", Handler: svc.Handler(hosts)}}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })
			tr := &http.Transport{}
			t.Cleanup(tr.CloseIdleConnections)
			hc := &http.Client{Transport: tr}
			post := func(host, origin string) (int, string) {
				t.Helper()
				req, _ := http.NewRequest("POST", srv.URL()+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				if host != "" {
					req.Host = host
				}
				if origin != "" {
					req.Header.Set("Origin", origin)
				}
				resp, err := hc.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b)
			}
			for _, c := range []struct{ host, origin string }{{"attacker.example", ""}, {"attacker.example:80", "http://attacker.example"},
				{"", "http://attacker.example"}, {"", "null"}} {
				if code, body := post(c.host, c.origin); code != 403 || !strings.Contains(body, "DNS rebinding") {
					t.Errorf("Host %q Origin %q: %d %s, want 403", c.host, c.origin, code, body)
				}
			}
			for _, c := range []struct{ host, origin string }{{"", ""}, {"localhost", ""}, {"mcp.example.org", "https://mcp.example.org"}} {
				if code, body := post(c.host, c.origin); code == 403 {
					t.Errorf("Host %q Origin %q: refused: %s", c.host, c.origin, body)
				}
			}
			// The SDK's client on the listen address still works.
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "0"}, nil).Connect(context.Background(),
				&mcp.StreamableClientTransport{Endpoint: srv.URL() + "/mcp", HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer cs.Close()
			if text, isErr := call(t, cs, "quote", map[string]any{"from": "btc", "to": "eth", "amount": "0.1"}); isErr || !strings.Contains(text, "changenow") {
				t.Errorf("quote over HTTP: %s", text)
			}
		})
	}
}
