package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestDemoMetrics: the demo serves /metrics (--metrics, on by default, off
// with --metrics=false), and README's metrics table lists exactly the
// swapscout_* metrics it exports, with their labels.
func TestDemoMetrics(t *testing.T) {
	// With a swap database, as a demo has by default: the tracker's series
	// and the open swaps count from it.
	base := startDemo(t, "--venue-error-rate", "binance=1", "--venue-rate-limit-rate", "kraken=1", "--data-dir", t.TempDir())
	get := func(url string) (int, string) {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	// Two quotes make every per-venue series exist: binance fails both;
	// kraken rate-limits the first, so the second is held back on our side.
	for _, amount := range []string{"0.1", "0.2"} {
		if code, body := get(base + "/v1/quotes?from=btc&to=eth&amount=" + amount); code != 200 {
			t.Fatalf("quote: %d %s", code, body)
		}
	}
	code, body := get(base + "/metrics")
	if code != 200 {
		t.Fatalf("GET /metrics: %d %s", code, body)
	}
	exported := map[string][]string{}
	for _, m := range regexp.MustCompile(`(?m)^(swapscout_[a-z_]+?)(?:_bucket|_sum|_count)?(?:\{([^}]*)\})? `).FindAllStringSubmatch(body, -1) {
		var labels []string
		for _, kv := range strings.Split(m[2], ",") {
			if k, _, ok := strings.Cut(kv, "="); ok && k != "le" {
				labels = append(labels, k)
			}
		}
		sort.Strings(labels)
		exported[m[1]] = labels
	}
	for _, family := range []string{"go_goroutines", "process_resident_memory_bytes"} {
		if !strings.Contains(body, "\n"+family+" ") {
			t.Errorf("/metrics lacks %s", family)
		}
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n### Metrics\n")
	section, _, _ = strings.Cut(section, "\n### ")
	documented := map[string][]string{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(swapscout_[a-z_]+)` \\|([^|]*)\\|").FindAllStringSubmatch(section, -1) {
		var labels []string
		for _, l := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(m[2], -1) {
			labels = append(labels, l[1])
		}
		sort.Strings(labels)
		documented[m[1]] = labels
	}
	if diff := cmp.Diff(documented, exported); diff != "" {
		t.Errorf("README's metrics table (-) and the metrics /metrics exports (+) differ:\n%s", diff)
	}

	off := startDemo(t, "--metrics=false")
	if code, _ := get(off + "/metrics"); code != 404 {
		t.Errorf("--metrics=false: GET /metrics is %d, want 404", code)
	}
}

// TestSelfCommand: the command the demo prints runs as printed: after `go
// run` from a checkout "go run ./cmd/swapscout", from a released module its
// `go run …@version`, the name on PATH when that is this binary, else its
// path.
func TestSelfCommand(t *testing.T) {
	same := func(a, b string) bool { return a == b }
	for _, c := range []struct {
		p    program
		want string
	}{
		{program{exe: "/tmp/go-build4079797104/b001/exe/swapscout", version: "(devel)"}, "go run ./cmd/swapscout"},
		{program{exe: "/home/u/.cache/go-build/55/55b8-d/swapscout", version: "(devel)"}, "go run ./cmd/swapscout"},
		{program{exe: "/var/cache/gobuild/55/55b8-d/swapscout", version: "", gocache: "/var/cache/gobuild"}, "go run ./cmd/swapscout"},
		{program{exe: "/home/u/.cache/go-build/55/55b8-d/swapscout", version: "v0.4.0"}, "go run github.com/swapscout/swapscout/cmd/swapscout@v0.4.0"},
		{program{exe: "/home/u/go/bin/swapscout", onPath: "/home/u/go/bin/swapscout", version: "v0.4.0"}, "swapscout"},
		{program{exe: "/home/u/src/swapscout/swapscout", cwd: "/home/u/src/swapscout", onPath: "/home/u/go/bin/swapscout"}, "./swapscout"},
		{program{exe: "/opt/swapscout/bin/swapscout", cwd: "/home/u"}, "/opt/swapscout/bin/swapscout"},
		{program{}, "swapscout"},
	} {
		c.p.same = same
		if got := selfCommand(c.p); got != c.want {
			t.Errorf("selfCommand(%+v) = %q, want %q", c.p, got, c.want)
		}
	}
	// The demo prints it: this test binary is not on PATH, so its path.
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"demo", "--addr", "127.0.0.1:0", "--walk", "0"}, noEnv, out, io.Discard)
	}()
	defer func() { cancel(); <-done }()
	want := selfCommand(thisProgram()) + " swap btc eth 0.1 "
	for i := 0; i < 500 && !strings.Contains(out.String(), "--server"); i++ {
		<-time.After(20 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "  "+want) {
		t.Errorf("the demo prints:\n%s\nwant a line starting %q", out.String(), want)
	}
}
