package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestJSONLogStaysJSON: with --log-format json, everything serve writes to
// its log is a JSON line, whatever the clients do: a garbled request, an
// oversized header, half a request, a connection that says nothing, then
// SIGTERM. fasthttp's own lines about such connections come through slog.
func TestJSONLogStaysJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("runs serve in a process of its own")
	}
	simsrv, secret := startSimServer(t)
	srv := startServerProc(t, "--sim-url", simsrv.URL(), "--sim-secret", secret, "--data-dir", t.TempDir(),
		"--log-format", "json", "--log-level", "debug", "--header-timeout", "300ms", "--access-log")
	addr := strings.TrimPrefix(srv.url, "http://")
	for _, raw := range []string{
		"BLAH / HTTP/9\r\n\r\n",
		"GET /v1/venues HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("x", 40<<10) + "\r\n\r\n",
		"GET /v1/venues HTTP/1.1\r\nHost: x\r\n",
		"",
	} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(c, raw)
		_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
		_, _ = io.ReadAll(c)
		c.Close()
	}
	resp, err := http.Get(srv.url + "/v1/quotes?from=btc&to=eth&amount=0.1")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := srv.cmd.Wait(); err != nil {
		t.Fatalf("serve after SIGTERM: %v\n%s", err, srv.logs.String())
	}
	server := 0
	for _, line := range strings.Split(strings.TrimSpace(srv.logs.String()), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("a line of the JSON log is not JSON: %q", line)
			continue
		}
		if v["msg"] == "http server" {
			server++
		}
	}
	if server == 0 {
		t.Errorf("no line from the HTTP server about the garbled requests:\n%s", srv.logs.String())
	}
}
