package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/internal/tier"
)

// TestDemoPrintsPageFirst: the first line the demo prints is its web page's
// address, and the page is there.
func TestDemoPrintsPageFirst(t *testing.T) {
	tier.E2E(t) // starts a whole demo
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"demo", "--addr", "127.0.0.1:0", "--walk", "0", "--data-dir", t.TempDir()}, func(string) string { return "" }, out, io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("demo: %v", err)
		}
	}()
	var first string
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && first == ""; time.Sleep(20 * time.Millisecond) {
		if s := out.String(); strings.Contains(s, "\n") {
			first, _, _ = strings.Cut(s, "\n")
		}
	}
	url, ok := strings.CutPrefix(first, "web page: ")
	url, _, _ = strings.Cut(url, " ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("the demo's first line is %q, want the web page's address", first)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET %s: %d %s", url, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
