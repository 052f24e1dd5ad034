package hostile

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	simall "github.com/swapscout/swapscout/sim/all"
)

// TestLongMemory is the long-form memory measurement (not in CI): the real
// `swapscout serve --sim-url` binary, as a child process, against every
// venue answering 100 MB bodies (chunked, then with Content-Length) and then
// 10 GB gzip bombs, to 20 concurrent quote loops for a minute per mode. It
// reads the child's VmRSS and VmHWM every 100 ms and prints, per mode: idle
// RSS, peak RSS, RSS 10 s after the load, what the quote store holds then
// (its quotes are kept for their TTL by design: swapscout_quote_store_bytes),
// how long RSS took to settle within 16 MB of idle plus the store, quotes
// answered and their slowest time against the deadline, and how the venues
// failed.
//
//	SWAPSCOUT_HOSTILE_LONG=1 go test -run TestLongMemory -v -timeout 30m ./sim/hostile/
//
// SWAPSCOUT_HOSTILE_LONG_FOR sets the load time per mode (default 1m).
func TestLongMemory(t *testing.T) {
	if os.Getenv("SWAPSCOUT_HOSTILE_LONG") == "" {
		t.Skip("long form: SWAPSCOUT_HOSTILE_LONG=1 go test -run TestLongMemory -v -timeout 30m ./sim/hostile/")
	}
	loadFor := time.Minute
	if v := os.Getenv("SWAPSCOUT_HOSTILE_LONG_FOR"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		loadFor = d
	}
	bin := filepath.Join(t.TempDir(), "swapscout")
	build := exec.Command("go", "build", "-o", bin, "../cmd/swapscout")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	var rows []memRow
	for _, m := range []Mode{HugeChunked, HugeLength, GzipBomb} {
		rows = append(rows, measureMode(t, bin, m, loadFor))
	}
	t.Logf("\n%s", memTable(rows, loadFor))
}

type memRow struct {
	mode                   Mode
	idle, peak, hwm, after int64 // kB
	store                  int64 // kB the quote store holds after the load
	settle                 time.Duration
	quotes, late, errors   int64
	slowest                time.Duration
	codes                  map[string]int64 // failure code → count over all answers
	offersFromAffected     int64
}

func measureMode(t *testing.T, bin string, m Mode, loadFor time.Duration) memRow {
	const (
		workers  = 20
		deadline = 3 * time.Second
	)
	venues := simall.Venues()
	secrets := map[string]string{}
	for id := range venues {
		secrets[id] = "swapscout-sim-secret"
	}
	h, err := New(Config{Sim: sim.Config{Seed: 1, Secrets: secrets}, Venues: venues})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer h.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// No per-client fan-out limit: every quote must reach the venues.
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0", "--sim-url", h.URL(), "--cache-window", "0", "--fanout-rate", "-1")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "SWAPSCOUT_LOG_LEVEL=ERROR"}
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}()
	api := ""
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "swapscout serving on "); ok {
			api = u
			break
		}
	}
	if api == "" {
		t.Fatal("serve did not print its URL")
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	pid := cmd.Process.Pid

	row := memRow{mode: m, codes: map[string]int64{}}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	ask := func(i int) {
		start := time.Now()
		resp, err := client.Get(fmt.Sprintf("%s/v1/quotes?from=btc&to=eth&amount=0.%d&deadline=%s", api, 1+i%9, deadline))
		took := time.Since(start)
		atomic.AddInt64(&row.quotes, 1)
		if took > deadline+time.Second {
			atomic.AddInt64(&row.late, 1)
		}
		if err != nil {
			atomic.AddInt64(&row.errors, 1)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var q struct {
			Offers   []struct{ Venue string }
			Failures []struct{ Venue, Code string }
		}
		if resp.StatusCode != 200 || json.Unmarshal(body, &q) != nil {
			atomic.AddInt64(&row.errors, 1)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		row.slowest = max(row.slowest, took)
		row.offersFromAffected += int64(len(q.Offers))
		for _, f := range q.Failures {
			row.codes[f.Code]++
		}
	}
	// Idle: the lists are loaded from the healthy simulator, one quote warms up.
	ask(0)
	row.quotes, row.offersFromAffected, row.codes = 0, 0, map[string]int64{}
	time.Sleep(2 * time.Second)
	row.idle, _ = readRSS(pid)

	if err := h.SetMode(m, ScopeDefault); err != nil {
		t.Fatal(err)
	}
	var peak atomic.Int64
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tk := time.NewTicker(100 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stopSampling:
				return
			case <-tk.C:
				if rss, _ := readRSS(pid); rss > peak.Load() {
					peak.Store(rss)
				}
			}
		}
	}()
	end := time.Now().Add(loadFor)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; time.Now().Before(end); i += workers {
				ask(i)
			}
		})
	}
	wg.Wait()
	close(stopSampling)
	<-sampled
	row.peak = peak.Load()
	_, row.hwm = readRSS(pid)

	// Settle: how long until RSS is back within 16 MB of idle plus what the
	// store holds (its quotes stay until their TTL, by design).
	if err := h.SetMode(Off, ScopeDefault); err != nil {
		t.Fatal(err)
	}
	settleStart := time.Now()
	row.store = storeBytes(client, api) >> 10
	row.settle = -1
	for time.Since(settleStart) < 10*time.Second {
		rss, _ := readRSS(pid)
		row.after = rss
		if row.settle < 0 && rss <= row.idle+row.store+16<<10 {
			row.settle = time.Since(settleStart)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return row
}

// storeBytes reads swapscout_quote_store_bytes from the server's metrics.
func storeBytes(c *http.Client, api string) int64 {
	resp, err := c.Get(api + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "swapscout_quote_store_bytes "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return int64(f)
		}
	}
	return 0
}

var mu sync.Mutex

// readRSS reads VmRSS and VmHWM (kB) of pid from /proc.
func readRSS(pid int) (rss, hwm int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		switch k {
		case "VmRSS":
			rss = n
		case "VmHWM":
			hwm = n
		}
	}
	return rss, hwm
}

func memTable(rows []memRow, loadFor time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "swapscout serve, 27 venues, 20 concurrent quotes (deadline 3s) for %s per mode\n", loadFor)
	fmt.Fprintf(&b, "%-14s %9s %9s %9s %9s %9s %8s %7s %5s %6s %8s  %s\n", "MODE", "IDLE MB", "PEAK MB", "HWM MB", "AFTER MB", "STORE MB", "SETTLE", "QUOTES", "LATE", "ERRORS", "SLOWEST", "FAILURE CODES (offers)")
	for _, r := range rows {
		var codes []string
		for c, n := range r.codes {
			codes = append(codes, fmt.Sprintf("%s=%d", c, n))
		}
		slices.Sort(codes)
		settle := "never"
		if r.settle >= 0 {
			settle = r.settle.Round(100 * time.Millisecond).String()
		}
		fmt.Fprintf(&b, "%-14s %9.0f %9.0f %9.0f %9.0f %9.0f %8s %7d %5d %6d %8s  %s (%d)\n", r.mode, mb(r.idle), mb(r.peak), mb(r.hwm), mb(r.after), mb(r.store), settle,
			r.quotes, r.late, r.errors, r.slowest.Round(time.Millisecond), strings.Join(codes, " "), r.offersFromAffected)
	}
	return b.String()
}

func mb(kb int64) float64 { return float64(kb) / 1024 }
