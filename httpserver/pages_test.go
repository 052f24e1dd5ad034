package httpserver_test

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/swapscout/swapscout/httpserver"
)

// TestPagesOverHTTP: both transports serve the web page's paths (outside
// /v1) as HTML with its security headers, and its assets with their content
// types and an immutable cache lifetime; HEAD answers without a body.
func TestPagesOverHTTP(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h, _ := newHandler()
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := srv.Shutdown(context.Background()); err != nil {
					t.Error(err)
				}
			}()
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			do := func(method, path string) (*http.Response, string) {
				t.Helper()
				req, _ := http.NewRequest(method, srv.URL()+path, nil)
				resp, err := c.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp, string(b)
			}
			resp, home := do("GET", "/")
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
				!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("GET / = %d %v", resp.StatusCode, resp.Header)
			}
			resp, body := do("GET", "/quote?from=btc&to=eth&amount=1")
			if resp.StatusCode != 200 || !strings.Contains(body, `data-venue="exolix"`) {
				t.Errorf("GET /quote = %d without the offer", resp.StatusCode)
			}
			if resp, _ := do("GET", "/quote?from=btc&to=eth&amount=x"); resp.StatusCode != 400 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
				t.Errorf("bad input = %d %q, want a 400 page", resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			if resp, body := do("HEAD", "/"); resp.StatusCode != 200 || body != "" {
				t.Errorf("HEAD / = %d with %d bytes", resp.StatusCode, len(body))
			}
			want := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
			for _, m := range regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`).FindAllStringSubmatch(home, -1) {
				resp, body := do("GET", m[1])
				ext := m[1][strings.LastIndexByte(m[1], '.'):]
				if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != want[ext] || len(body) == 0 ||
					resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
					t.Errorf("GET %s = %d %q cache %q", m[1], resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
				}
			}
		})
	}
}
