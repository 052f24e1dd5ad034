package main

import (
	"context"
	"github.com/swapscout/swapscout/internal/tier"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil/promlint"

	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/upstream"
)

var servingLine = regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+)`)

type served struct {
	url    string
	stderr *syncBuffer
	stop   func() error // cancels the context (SIGTERM) and returns run's error
	exited chan struct{}
}

// startServe runs `swapscout serve` against a simulator, on a free port.
func startServe(t *testing.T, getenv func(string) string, args ...string) *served {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	simURL, secret := startSim(t)
	return startServeOn(t, simURL, secret, getenv, args...)
}

func startServeOn(t testing.TB, simURL, secret string, getenv func(string) string, args ...string) *served {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, errOut := &syncBuffer{}, &syncBuffer{}
	done := make(chan error, 1)
	exited := make(chan struct{})
	go func() {
		done <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--sim-url", simURL, "--sim-secret", secret}, args...), getenv, out, errOut)
		close(exited)
	}()
	var once sync.Once
	var runErr error
	s := &served{stderr: errOut, exited: exited, stop: func() error {
		once.Do(func() { cancel(); runErr = <-done })
		return runErr
	}}
	t.Cleanup(func() { _ = s.stop() })
	// A generous bound, as startDemo's: it guards against a server that
	// never starts, not how fast one does (tests run several at once).
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if m := servingLine.FindStringSubmatch(out.String()); m != nil {
			s.url = m[1]
			return s
		}
		select {
		case err := <-done:
			done <- err // for the cleanup's stop, which waits for it
			t.Fatalf("serve exited: %v\n%s", err, errOut.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start:\n%s", errOut.String())
	return nil
}

func get(t testing.TB, c *http.Client, url string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// TestLogLevelAndFormat: an unknown level or format stops serve at start;
// SWAPSCOUT_LOG_LEVEL=debug prints debug lines (a venue failure with its
// cause), JSON when asked.
func TestLogLevelAndFormat(t *testing.T) {
	for _, args := range [][]string{{"--log-level", "loud"}, {"--log-format", "xml"}} {
		err := run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), noEnv, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "log") {
			t.Errorf("serve %v = %v, want a log flag error", args, err)
		}
	}
	env := func(k string) string {
		if k == "SWAPSCOUT_LOG_LEVEL" {
			return "debug"
		}
		return ""
	}
	s := startServe(t, env, "--log-format", "json")
	c := &http.Client{Transport: &http.Transport{}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()
	// btc→xmr: venues that do not list the pair fail, each logged at debug.
	if resp, body := get(t, c, s.url+"/v1/quotes?from=btc&to=xmr&amount=0.1"); resp.StatusCode != 200 {
		t.Fatalf("quote: %d %s", resp.StatusCode, body)
	}
	logs := s.stderr.String()
	if !strings.Contains(logs, `"level":"DEBUG","msg":"venue failure"`) || !strings.Contains(logs, `"request_id":"`) {
		t.Errorf("no JSON debug line for a venue failure with its request id:\n%.2000s", logs)
	}
}

// TestRequestIDAndAccessLog: every answer carries X-Request-Id (the
// client's own when it sends a sane one); the access log, on by flag, has
// a line per request with that id; off by default.
func TestRequestIDAndAccessLog(t *testing.T) {
	s := startServe(t, noEnv, "--access-log")
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	resp, _ := get(t, c, s.url+"/healthz", "X-Request-Id", "trace-abc.123")
	if got := resp.Header.Get("X-Request-Id"); got != "trace-abc.123" {
		t.Errorf("X-Request-Id = %q, want the client's", got)
	}
	resp, _ = get(t, c, s.url+"/v1/venues", "X-Request-Id", "bad id with spaces")
	gen := resp.Header.Get("X-Request-Id")
	if gen == "" || strings.Contains(gen, "bad") {
		t.Errorf("generated X-Request-Id = %q", gen)
	}
	time.Sleep(50 * time.Millisecond)
	logs := s.stderr.String()
	for _, want := range []string{"request_id=trace-abc.123", "request_id=" + gen, "path=/v1/venues"} {
		if !strings.Contains(logs, want) {
			t.Errorf("access log lacks %q:\n%s", want, logs)
		}
	}
	quiet := startServe(t, noEnv)
	get(t, c, quiet.url+"/healthz")
	if strings.Contains(quiet.stderr.String(), "msg=request") {
		t.Errorf("access log printed without --access-log:\n%s", quiet.stderr.String())
	}
}

// TestNoSecretsInLogs: a run with API keys set, at debug with the access
// log on, where venues fail (the simulator rejects the keys' signatures),
// prints no key or secret.
func TestNoSecretsInLogs(t *testing.T) {
	secrets := map[string]bool{}
	env := func(k string) string {
		switch {
		case k == "SWAPSCOUT_LOG_LEVEL":
			return "debug"
		case strings.HasSuffix(k, "_API_KEY"), strings.HasSuffix(k, "_API_SECRET"), strings.HasSuffix(k, "_PASSPHRASE"):
			v := "S3CR3T" + strings.ToLower(strings.ReplaceAll(k, "_", ""))
			secrets[v] = true
			return v
		}
		return ""
	}
	s := startServe(t, env, "--access-log")
	c := &http.Client{Transport: &http.Transport{}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()
	for _, q := range []string{"from=btc&to=eth&amount=0.1", "from=eth&to=usdt&amount=2", "from=btc&to=xmr&amount=0.5&deadline=500ms"} {
		get(t, c, s.url+"/v1/quotes?"+q)
	}
	_ = s.stop()
	logs := s.stderr.String()
	if !strings.Contains(logs, "venue failure") {
		t.Fatalf("the run logged no venue failure, so it proves nothing:\n%.2000s", logs)
	}
	if strings.Contains(logs, "S3CR3T") {
		i := strings.Index(logs, "S3CR3T")
		t.Errorf("a secret is in the logs: …%s…", logs[max(0, i-200):min(len(logs), i+60)])
	}
}

// TestMetricsAfterQuote: after a quote, /metrics has per-venue calls,
// latency and failures, per-route requests and latency, cache lookups,
// fan-outs and streams in flight, Go and process metrics, and passes promlint.
func TestMetricsAfterQuote(t *testing.T) {
	s := startServe(t, noEnv)
	c := &http.Client{Transport: &http.Transport{}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()
	get(t, c, s.url+"/v1/quotes?from=btc&to=xmr&amount=0.1")
	get(t, c, s.url+"/v1/quotes?from=btc&to=xmr&amount=0.1") // a cache hit
	get(t, c, s.url+"/v1/quotes/qnosuchid")
	resp, body := get(t, c, s.url+"/metrics")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{
		`swapscout_venue_calls_total{venue="kraken"} 1`,
		`swapscout_venue_call_duration_seconds_count{venue="kraken"} 1`,
		`swapscout_venue_failures_total{code="unsupported_pair",venue="binance"} 1`,
		`swapscout_http_requests_total{class="2xx",route="/v1/quotes"} 2`,
		`swapscout_http_requests_total{class="4xx",route="/v1/quotes/{id}"} 1`,
		`swapscout_http_request_duration_seconds_count{route="/v1/quotes"} 2`,
		`swapscout_quote_cache_lookups_total{result="hit"} 1`,
		`swapscout_quote_cache_lookups_total{result="miss"} 1`,
		`swapscout_fanouts_in_flight 0`,
		`swapscout_streams_in_flight 0`,
		`swapscout_quote_store_evictions_total 0`,
		`swapscout_quote_store_bytes `,
		`swapscout_venue_breaker_state{venue="kraken"} 0`,
		`swapscout_venue_market_list_age_seconds{venue="kraken"} `,
		`go_goroutines `,
		`process_resident_memory_bytes `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(body, "qnosuchid") {
		t.Error("a request's id became a label")
	}
	problems, err := promlint.New(strings.NewReader(body)).Lint()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		if strings.HasPrefix(p.Metric, "swapscout_") {
			t.Errorf("promlint: %s: %s", p.Metric, p.Text)
		}
	}
}

// TestGracefulShutdown: SIGTERM (context cancelled) during keep-alive load
// from 16 clients fails no request that was sent, answers with Connection:
// close, and run returns nil within the grace period. (The final event of
// open streams is tested in httpserver.)
func TestGracefulShutdown(t *testing.T) {
	s := startServe(t, noEnv, "--shutdown-grace", "3s")
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}, Timeout: 10 * time.Second}
	defer c.CloseIdleConnections()
	_, body := get(t, c, s.url+"/v1/quotes?from=btc&to=eth&amount=0.1")
	id := regexp.MustCompile(`"id":"(q[a-z2-7]+)"`).FindStringSubmatch(body)
	if id == nil {
		t.Fatalf("no id in %s", body)
	}
	var ok, closeHdr, failed atomic.Int64
	var firstErr atomic.Value
	stopLoad := make(chan struct{})
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stopLoad:
					return
				default:
				}
				resp, err := c.Get(s.url + "/v1/quotes/" + id[1])
				if err != nil {
					// After the listener closes, new connections are refused:
					// that is not a request lost in flight.
					if strings.Contains(err.Error(), "connection refused") {
						continue
					}
					failed.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					failed.Add(1)
					firstErr.CompareAndSwap(nil, resp.Status)
					continue
				}
				ok.Add(1)
				if resp.Close {
					closeHdr.Add(1)
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	err := s.stop()
	took := time.Since(start)
	close(stopLoad)
	wg.Wait()
	if err != nil {
		t.Errorf("serve returned %v after SIGTERM, want nil (exit 0)", err)
	}
	if took > 3500*time.Millisecond {
		t.Errorf("shutdown took %s, grace is 3s", took)
	}
	if failed.Load() > 0 {
		t.Errorf("%d requests failed during shutdown (first: %v); %d succeeded", failed.Load(), firstErr.Load(), ok.Load())
	}
	if closeHdr.Load() == 0 {
		t.Errorf("no answer carried Connection: close during the drain (%d answers)", ok.Load())
	}
}

var pprofLine = regexp.MustCompile(`pprof listening" addr=(127\.0\.0\.1:\d+)`)

// TestPprof: --pprof serves net/http/pprof on its own listener, and the
// API's listener does not serve it.
func TestPprof(t *testing.T) {
	s := startServe(t, noEnv, "--pprof", "127.0.0.1:0")
	m := pprofLine.FindStringSubmatch(s.stderr.String())
	if m == nil {
		t.Fatalf("no pprof address logged:\n%s", s.stderr.String())
	}
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	if resp, body := get(t, c, "http://"+m[1]+"/debug/pprof/cmdline"); resp.StatusCode != 200 || body == "" {
		t.Errorf("pprof cmdline: %d %q", resp.StatusCode, body)
	}
	if resp, _ := get(t, c, s.url+"/debug/pprof/"); resp.StatusCode != 404 {
		t.Errorf("the API serves /debug/pprof/: %d", resp.StatusCode)
	}
	plain := startServe(t, noEnv)
	if strings.Contains(plain.stderr.String(), "pprof") {
		t.Errorf("pprof on without --pprof:\n%s", plain.stderr.String())
	}
}

// TestMemoryLimitFitsTheTarget: serve's memory limit with the default
// budgets keeps RSS under 150 MB (the Go runtime's memory plus ~10 MB of
// binary), and leaves the collector headroom above everything the budgets
// let the process hold, so it never runs back to back.
func TestMemoryLimitFitsTheTarget(t *testing.T) {
	limit := memoryLimit(inmem.DefaultMaxBytes)
	held := int64(inmem.DefaultMaxBytes + inmem.DefaultMaxBytes/4 + upstream.DefaultBodyBudget + 16<<20) // + lists, connections
	if limit > 128<<20 {
		t.Errorf("memory limit %d MiB with the default budgets: RSS would pass 150 MB", limit>>20)
	}
	if limit < held*5/4 {
		t.Errorf("memory limit %d MiB leaves the collector no headroom over the %d MiB the budgets hold", limit>>20, held>>20)
	}
	if big := memoryLimit(1 << 30); big < 1<<30+1<<29 {
		t.Errorf("memory limit %d MiB for a 1 GiB store: it must grow with the store", big>>20)
	}
}
