package main

import (
	"bytes"
	"context"
	"fmt"
	"github.com/swapscout/swapscout/internal/tier"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/venue/all"
)

func httpserverListen(st *stack) (*httpserver.Server, error) {
	return httpserver.Listen("127.0.0.1:0", st.handler, httpserver.Options{})
}

func TestMain(m *testing.M) {
	if spec := os.Getenv(reexecEnv); spec != "" {
		os.Exit(reexecServe(spec)) // this binary is a server process of a test (killtest_test.go)
	}
	// Say what will skip, and how to run it (go test shows this with -v, or
	// when run in this directory).
	if os.Getenv("SWAPSCOUT_REDIS_URL") == "" {
		fmt.Fprintln(os.Stderr, "skipping TestInstancesShareQuotesThroughRedis: set SWAPSCOUT_REDIS_URL=redis://127.0.0.1:6379/0 (a throwaway Redis) to run it")
	}
	if _, err := exec.LookPath("redis-server"); err != nil {
		fmt.Fprintln(os.Stderr, "skipping TestRedisKilledMidLoad: redis-server is not on PATH")
	}
	goleak.VerifyTestMain(thenStop{m},
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.updateServerDate.func1"),
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*workerPool).Start.func2"))
}

// thenStop runs the tests, then stops what they shared (the browser, the
// shared demo) before goleak looks for goroutines left behind.
type thenStop struct{ m *testing.M }

func (r thenStop) Run() int {
	code := r.m.Run()
	chromium.close()
	return code
}

// syncBuffer is a goroutine-safe output buffer.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var apiLine = regexp.MustCompile(`API: (http://127\.0\.0\.1:\d+)`)

// startDemo runs `swapscout demo` on a free port and returns its URL.
func startDemo(t *testing.T, args ...string) string {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"demo", "--addr", "127.0.0.1:0", "--walk", "0"}, args...), func(string) string { return "" }, out, io.Discard)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("demo: %v", err)
		}
	})
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if m := apiLine.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-done:
			t.Fatalf("demo exited: %v\n%s", err, out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("demo did not print its URL:\n%s", out.String())
	return ""
}

func getQuote(t *testing.T, url string) (*api.Quote, time.Duration) {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()
	start := time.Now()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	took := time.Since(start)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s = %d %s", url, resp.StatusCode, body)
	}
	q, err := api.DecodeQuote(body)
	if err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return q, took
}

// TestDemoQuotesEveryVenue: the demo answers btc→eth with an offer or a typed
// failure from every venue, offers ranked by amount_out, and btc→xmr lists
// Binance as unsupported_pair.
func TestDemoQuotesEveryVenue(t *testing.T) {
	url := startDemo(t)
	q, _ := getQuote(t, url+"/v1/quotes?from=btc&to=eth&amount=0.1")
	seen := map[string]bool{}
	for _, o := range q.Offers {
		seen[o.Venue] = true
	}
	for _, f := range q.Failures {
		seen[f.Venue] = true
		if f.Code == "bad_response" || f.Code == "not_configured" {
			t.Errorf("venue %s failed with %s: %s", f.Venue, f.Code, f.Message)
		}
	}
	for _, d := range all.Descriptors {
		if !seen[d.ID] {
			t.Errorf("venue %s is neither among offers nor failures", d.ID)
		}
	}
	for _, id := range []string{"changenow", "exolix", "binance", "kraken"} {
		if !contains(q.Offers, id) && isListed(id) {
			t.Errorf("no offer from %s for btc→eth: %+v", id, q.Failures)
		}
	}
	for i := 1; i < len(q.Offers); i++ {
		if q.Offers[i-1].AmountOut.Cmp(q.Offers[i].AmountOut) < 0 {
			t.Errorf("offers not ranked by amount_out: %s before %s", q.Offers[i-1].AmountOut, q.Offers[i].AmountOut)
		}
	}
	if isListed("binance") {
		x, _ := getQuote(t, url+"/v1/quotes?from=btc&to=xmr&amount=0.1")
		found := false
		for _, f := range x.Failures {
			if f.Venue == "binance" {
				found = true
				if f.Code != "unsupported_pair" {
					t.Errorf("binance btc→xmr = %s, want unsupported_pair", f.Code)
				}
			}
		}
		if !found {
			t.Error("binance is not listed under failures for btc→xmr")
		}
	}
}

// TestDemoDeadline: with Kraken slowed to 5s, a request with deadline=1s
// answers in about a second with Kraken as timeout.
func TestDemoDeadline(t *testing.T) {
	slow := "changenow"
	if isListed("kraken") {
		slow = "kraken"
	}
	url := startDemo(t, "--venue-latency", slow+"=5s")
	q, took := getQuote(t, url+"/v1/quotes?from=btc&to=eth&amount=0.1&deadline=1s")
	if took < 900*time.Millisecond || took > 2*time.Second {
		t.Errorf("deadline=1s answered in %s", took)
	}
	for _, f := range q.Failures {
		if f.Venue == slow {
			if f.Code != "timeout" {
				t.Errorf("%s = %s, want timeout", slow, f.Code)
			}
			return
		}
	}
	t.Errorf("%s not among failures: %+v", slow, q.Failures)
}

func TestQuoteCommandSim(t *testing.T) {
	var out, errOut syncBuffer
	err := run(context.Background(), []string{"quote", "btc", "eth", "0.1", "--sim", "--walk", "0"}, func(string) string { return "" }, &out, &errOut)
	if err != nil {
		t.Fatalf("quote: %v\n%s", err, errOut.String())
	}
	s := out.String()
	for _, want := range []string{"VENUE", "RECEIVE ETH", "changenow", "quote id q"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if !strings.Contains(errOut.String(), "answered") && !strings.Contains(errOut.String(), "[") {
		t.Errorf("no progress on stderr: %q", errOut.String())
	}
}

func TestQuoteCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"quote", "btc", "eth"},
		{"quote", "btc", "btc", "1", "--sim"},
		{"quote", "btc", "eth", "-1", "--sim"},
		{"nope"},
		{"demo", "--addr", "0.0.0.0:0"},
	} {
		if err := run(context.Background(), args, func(string) string { return "" }, io.Discard, io.Discard); err == nil {
			t.Errorf("run(%q) succeeded, want an error", args)
		}
	}
}

func TestVenuesCommand(t *testing.T) {
	var out syncBuffer
	if err := run(context.Background(), []string{"venues"}, func(string) string { return "" }, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, d := range all.Descriptors {
		if !strings.Contains(out.String(), d.ID) {
			t.Errorf("venues output lacks %s", d.ID)
		}
	}
}

func isListed(id string) bool {
	for _, d := range all.Descriptors {
		if d.ID == id {
			return true
		}
	}
	return false
}

func contains(offers []api.Offer, id string) bool {
	for _, o := range offers {
		if o.Venue == id {
			return true
		}
	}
	return false
}

// TestQuoteCommandServer: `quote --server` follows the server's event stream.
func TestQuoteCommandServer(t *testing.T) {
	url := startDemo(t)
	var out, errOut syncBuffer
	if err := run(context.Background(), []string{"quote", "btc", "eth", "0.1", "--server", url}, func(string) string { return "" }, &out, &errOut); err != nil {
		t.Fatalf("quote --server: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "RECEIVE ETH") || !strings.Contains(out.String(), "quote id q") {
		t.Errorf("output:\n%s", out.String())
	}
	if !strings.Contains(errOut.String(), "answered in") {
		t.Errorf("no progress from the stream: %q", errOut.String())
	}
}

// TestCollapseAgainstSimulatorCounters: 1,000 concurrent identical requests
// cause one fan-out: each venue's simulator sees exactly as many requests as
// a single quote makes.
func TestCollapseAgainstSimulatorCounters(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 requests on loopback")
	}
	k := simKnobs{}
	fs := newFlagSet("test", "", io.Discard)
	k.register(fs)
	_ = fs.Parse([]string{"--walk", "0", "--latency", "150ms"})
	simsrv, err := k.newSim()
	if err != nil {
		t.Fatal(err)
	}
	if err := simsrv.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer simsrv.Close()
	st, err := newStack(context.Background(), stackOptions{simURL: simsrv.URL(), secret: k.secret, getenv: noEnv, window: 30 * time.Second, log: nil})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := httpserverListen(st)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	c := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 200, MaxIdleConnsPerHost: 200}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()
	get := func(url string) error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != 200 {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	counts := func() map[string]int64 {
		m := map[string]int64{}
		for _, d := range all.Descriptors {
			m[d.ID] = simsrv.Requests(d.ID)
		}
		return m
	}
	// One quote alone: how many calls each venue gets per fan-out.
	simsrv.ResetCounters()
	if err := get(srv.URL() + "/v1/quotes?from=btc&to=eth&amount=0.1&routes=0&split=0"); err != nil {
		t.Fatal(err)
	}
	single := counts()
	time.Sleep(1200 * time.Millisecond) // let order-book caches expire
	simsrv.ResetCounters()
	const n = 1000
	errs := make(chan error, n)
	for range n {
		go func() { errs <- get(srv.URL() + "/v1/quotes?from=btc&to=eth&amount=0.2&routes=0&split=0") }()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	// Collapsed, the burst costs each venue that quotes by a call (every
	// kind but order books) exactly the calls of one fan-out. Order-book
	// venues are left out: how many books they
	// fetch depends on their caches and on the rate-limit tokens left for
	// second-choice routes, which differ between the two rounds.
	burst := counts()
	for _, d := range all.Descriptors {
		if d.Kind == swapscout.OrderBook {
			continue
		}
		if burst[d.ID] != single[d.ID] {
			t.Errorf("%s: %d upstream requests for %d identical requests, want %d (one fan-out)", d.ID, burst[d.ID], n, single[d.ID])
		}
	}
}
