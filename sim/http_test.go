package sim

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"
)

func TestRouting(t *testing.T) {
	calls := new(fakeCalls)
	s := startServer(t, Config{}, map[string]Venue{"fake": fakeVenue(swapProfile, calls), "other": fakeVenue(swapProfile, nil)})
	c := newClient(t)
	resp, body := get(t, c, s.VenueURL("fake")+"/echo?x=1&y=%2F")
	if resp.StatusCode != 200 || string(body) != "/echo?x=1&y=%2F" || resp.Header.Get("Content-Type") != "text/x-echo" {
		t.Errorf("echo: %d %q %q", resp.StatusCode, body, resp.Header.Get("Content-Type"))
	}
	if resp, _ := get(t, c, s.URL()+"/fake"); resp.StatusCode != http.StatusNotFound || calls.handled.Load() != 2 {
		t.Errorf("/fake: %d, handled %d (the venue's own 404 for /)", resp.StatusCode, calls.handled.Load())
	}
	for _, path := range []string{"/nope/echo", "/", "/FAKE/echo", "/_sim/other"} {
		if resp, _ := get(t, c, s.URL()+path); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, resp.StatusCode)
		}
	}
	if resp, body := get(t, c, s.URL()+"/_sim/healthz"); resp.StatusCode != 200 || string(body) != "ok\n" {
		t.Errorf("healthz: %d %q", resp.StatusCode, body)
	}
	if got := s.Requests("fake"); got != 2 {
		t.Errorf("Requests(fake) = %d, want 2", got)
	}
	if s.Requests("other") != 0 || s.Requests("nope") != 0 {
		t.Error("other venues counted")
	}
}

func TestQuoteOverHTTP(t *testing.T) {
	s := startServer(t, Config{Seed: 1}, map[string]Venue{"fake": fakeVenue(swapProfile, nil)})
	c := newClient(t)
	resp, body := get(t, c, s.VenueURL("fake")+"/quote?from=btc&to=eth&amount=0.25")
	if resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	var got QuoteResult
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	want, _ := s.Exchange("fake").Quote(QuoteSpec{From: btc, To: eth, Amount: amt("0.25")})
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-direct +http)\n%s", diff)
	}
	resp, body = get(t, c, s.VenueURL("fake")+"/book?base=BTC&quote=USDT")
	if resp.StatusCode != http.StatusNotFound { // an instant swap venue lists no markets
		t.Errorf("book: %d %s", resp.StatusCode, body)
	}
}

func TestStats(t *testing.T) {
	s := startServer(t, Config{VenueErrorRate: map[string]float64{"bad": 1}},
		map[string]Venue{"good": fakeVenue(swapProfile, nil), "bad": fakeVenue(swapProfile, nil)})
	c := newClient(t)
	for range 3 {
		get(t, c, s.VenueURL("good")+"/echo")
	}
	get(t, c, s.VenueURL("bad")+"/echo")
	resp, body := get(t, c, s.URL()+"/_sim/stats")
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	var st Stats
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	want := Stats{Venues: map[string]VenueStats{"good": {Requests: 3}, "bad": {Requests: 1, Errors: 1}}}
	if diff := cmp.Diff(want, st); diff != "" {
		t.Errorf("stats (-want +got)\n%s\n%s", diff, body)
	}
	if !strings.Contains(string(body), `"rate_limits":0`) {
		t.Errorf("stats JSON: %s", body)
	}
	s.ResetCounters()
	if s.Requests("good") != 0 || s.Stats().Venues["bad"].Errors != 0 {
		t.Errorf("after reset: %+v", s.Stats())
	}
}

func TestLatency(t *testing.T) {
	slow := fakeVenue(swapProfile, nil)
	slow.Profile.Latency = 5 * time.Second
	fast := slow
	s := startServer(t, Config{Latency: time.Millisecond, VenueLatency: map[string]time.Duration{"slow": time.Hour}},
		map[string]Venue{"slow": slow, "fast": fast})
	// Each venue's median: its own override, else the global latency, over
	// its profile's. (The draw around it: TestLatencyDistribution.)
	for id, want := range map[string]time.Duration{"slow": time.Hour, "fast": time.Millisecond} {
		if got := s.venues[id].median; got != want {
			t.Errorf("%s: median %v, want %v", id, got, want)
		}
	}
	// The wait is real and per venue, with no clock read: a request to the
	// venue whose median is an hour is still waiting after the fast venue
	// has answered, and ends only when the server closes (503).
	c := newClient(t)
	slowDone := make(chan int, 1)
	go func() {
		resp, err := c.Get(s.VenueURL("slow") + "/echo")
		if err != nil {
			slowDone <- -1
			return
		}
		resp.Body.Close()
		slowDone <- resp.StatusCode
	}()
	for s.Requests("slow") == 0 {
		runtime.Gosched()
	}
	if resp, _ := get(t, c, s.VenueURL("fast")+"/echo"); resp.StatusCode != 200 {
		t.Fatalf("fast: %d, want 200", resp.StatusCode)
	}
	select {
	case code := <-slowDone:
		t.Fatalf("slow answered %d before its hour-long latency", code)
	default:
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if code := <-slowDone; code != http.StatusServiceUnavailable {
		t.Errorf("slow ended with %d when the server closed, want 503", code)
	}
}

func TestLatencyDistribution(t *testing.T) {
	const median = 100 * time.Millisecond
	for _, c := range []struct {
		z, u float64
		want time.Duration
	}{
		{0, 0, median},
		{-10, 0, 49660000},     // clamped to -2: exp(-0.7) = 0.4966
		{10, 0, 405520000},     // clamped to +4: exp(1.4) = 4.0552
		{0, 0.5, median + 5e6}, // half the 10ms jitter
		{1, 0, 141906755},      // exp(0.35) = 1.41907
	} {
		got := latency(median, 0.35, 10*time.Millisecond, c.z, c.u)
		if d := got - c.want; d < -time.Millisecond/10 || d > time.Millisecond/10 {
			t.Errorf("latency(z=%v, u=%v) = %v, want %v", c.z, c.u, got, c.want)
		}
	}
	mt := &mount{median: median, rng: rand.New(rand.NewPCG(1, 2))}
	var ds []time.Duration
	for range 2001 {
		d, f := mt.draw(DefaultSigma, 0, false)
		if f != 0 || d < median/2-time.Millisecond || d > median*41/10 {
			t.Fatalf("draw: %v, %v", d, f)
		}
		ds = append(ds, d)
	}
	slices.Sort(ds)
	if m := ds[len(ds)/2]; m < 90*time.Millisecond || m > 110*time.Millisecond {
		t.Errorf("sample median %v, want ≈ %v", m, median)
	}
}

func TestFaults(t *testing.T) {
	errCalls, rlCalls, halfCalls := new(fakeCalls), new(fakeCalls), new(fakeCalls)
	plain := fakeVenue(swapProfile, nil)
	plain.Fault = nil
	s := startServer(t, Config{
		Seed:               3,
		VenueErrorRate:     map[string]float64{"err": 1, "half": 0.5, "plainerr": 1},
		VenueRateLimitRate: map[string]float64{"rl": 1, "plainrl": 1},
	}, map[string]Venue{
		"err": fakeVenue(swapProfile, errCalls), "rl": fakeVenue(swapProfile, rlCalls),
		"half": fakeVenue(swapProfile, halfCalls), "plainerr": plain, "plainrl": plain,
	})
	c := newClient(t)

	resp, body := get(t, c, s.VenueURL("err")+"/echo")
	if resp.StatusCode != http.StatusBadGateway || string(body) != `{"error":"boom"}` ||
		errCalls.faults.Load() != 1 || Fault(errCalls.last.Load()) != FaultError || errCalls.handled.Load() != 0 {
		t.Errorf("error fault: %d %s, faults %d (%v), handled %d", resp.StatusCode, body,
			errCalls.faults.Load(), Fault(errCalls.last.Load()), errCalls.handled.Load())
	}
	resp, body = get(t, c, s.VenueURL("rl")+"/echo")
	if resp.StatusCode != http.StatusTooManyRequests || Fault(rlCalls.last.Load()) != FaultRateLimit || rlCalls.handled.Load() != 0 {
		t.Errorf("rate-limit fault: %d %s, last %v", resp.StatusCode, body, Fault(rlCalls.last.Load()))
	}
	if resp, _ := get(t, c, s.VenueURL("plainerr")+"/echo"); resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("default error fault: %d", resp.StatusCode)
	}
	if resp, _ := get(t, c, s.VenueURL("plainrl")+"/echo"); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("default rate-limit fault: %d %v", resp.StatusCode, resp.Header)
	}

	const n = 200
	for range n {
		get(t, c, s.VenueURL("half")+"/echo")
	}
	f, h := halfCalls.faults.Load(), halfCalls.handled.Load()
	if f+h != n || f < n*3/10 || f > n*7/10 {
		t.Errorf("rate 0.5: %d faults, %d handled", f, h)
	}
	if st := s.Stats().Venues["half"]; st.Errors != f || st.Requests != n {
		t.Errorf("stats %+v, want %d errors", st, f)
	}
	if FaultError.String() != "error" || FaultRateLimit.String() != "rate_limit" || Fault(9).String() != "Fault(9)" {
		t.Error("Fault.String")
	}
}

// TestListFaults: the error and rate-limit knobs hit quote calls, not a
// venue's list endpoints, which only ListErrorRate fails.
func TestListFaults(t *testing.T) {
	listed := fakeVenue(swapProfile, nil)
	listed.Lists = []string{"GET /plain"}
	s := startServer(t, Config{ErrorRate: 1, VenueRateLimitRate: map[string]float64{"rl": 1}},
		map[string]Venue{"err": listed, "rl": listed})
	c := newClient(t)
	for _, id := range []string{"err", "rl"} {
		if resp, body := get(t, c, s.VenueURL(id)+"/plain"); resp.StatusCode != 200 {
			t.Errorf("%s: list endpoint answered %d %s under a quote fault rate of 1", id, resp.StatusCode, body)
		}
		if resp, _ := get(t, c, s.VenueURL(id)+"/echo"); resp.StatusCode == 200 {
			t.Errorf("%s: quote endpoint answered 200 under a fault rate of 1", id)
		}
	}
	s = startServer(t, Config{ListErrorRate: 1}, map[string]Venue{"v": listed})
	if resp, _ := get(t, c, s.VenueURL("v")+"/plain"); resp.StatusCode == 200 {
		t.Error("list endpoint answered 200 under a list error rate of 1")
	}
	if resp, _ := get(t, c, s.VenueURL("v")+"/echo"); resp.StatusCode != 200 {
		t.Errorf("quote endpoint answered %d under a list error rate of 1", resp.StatusCode)
	}
	bad := fakeVenue(swapProfile, nil)
	bad.Lists = []string{"GET /x", "GET /x"}
	if _, err := New(Config{}, map[string]Venue{"bad": bad}); err == nil {
		t.Error("New accepted a list pattern given twice")
	}
	if _, err := New(Config{ListErrorRate: 2}, map[string]Venue{"v": listed}); err == nil {
		t.Error("New accepted ListErrorRate 2")
	}
}

func TestGzip(t *testing.T) {
	s := startServer(t, Config{ErrorRate: 0, VenueErrorRate: map[string]float64{"bad": 1}},
		map[string]Venue{"fake": fakeVenue(swapProfile, nil), "bad": fakeVenue(swapProfile, nil)})
	c := newClient(t)
	gunzip := func(b []byte) string {
		t.Helper()
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("not gzip: %v (%q)", err, b)
		}
		out, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	quote := s.VenueURL("fake") + "/quote?from=btc&to=eth&amount=0.25"
	plainResp, plain := get(t, c, quote)
	if plainResp.Header.Get("Content-Encoding") != "" || !json.Valid(plain) {
		t.Fatalf("without Accept-Encoding: %v %q", plainResp.Header, plain)
	}
	for _, ae := range []string{"gzip", "deflate, gzip;q=0.8, br", "GZIP"} {
		resp, body := get(t, c, quote, "Accept-Encoding", ae)
		if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%q: headers %v", ae, resp.Header)
			continue
		}
		if got := gunzip(body); got != string(plain) {
			t.Errorf("%q: decoded %q, want %q", ae, got, plain)
		}
	}
	if resp, _ := get(t, c, quote, "Accept-Encoding", "gzip;q=0, deflate"); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got %q", resp.Header.Get("Content-Encoding"))
	}
	// No Content-Type set by the handler: sniffed from the plain text.
	resp, body := get(t, c, s.VenueURL("fake")+"/plain", "Accept-Encoding", "gzip")
	if ct := resp.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" || !strings.HasPrefix(gunzip(body), "hello simulator") {
		t.Errorf("/plain: %q", ct)
	}
	// Faults are compressed too, keeping their status.
	resp, body = get(t, c, s.VenueURL("bad")+"/echo", "Accept-Encoding", "gzip")
	if resp.StatusCode != http.StatusBadGateway || gunzip(body) != `{"error":"boom"}` {
		t.Errorf("fault: %d", resp.StatusCode)
	}
	// A client that negotiates gzip itself sees plain JSON.
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr}).Get(quote)
	if err != nil {
		t.Fatal(err)
	}
	auto, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !resp.Uncompressed || string(auto) != string(plain) {
		t.Errorf("transparent gzip: uncompressed %v, %q", resp.Uncompressed, auto)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for ae, want := range map[string]bool{
		"": false, "gzip": true, "br, gzip": true, "gzip;q=0": false, "gzip; q=0.5": true,
		"x-gzip": false, "identity": false, "deflate,gzip ;q=1.0": true,
	} {
		h := http.Header{}
		if ae != "" {
			h.Set("Accept-Encoding", ae)
		}
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v", ae, got)
		}
	}
}

// waitInFlight waits until no venue request is being handled.
func waitInFlight(t *testing.T, s *Server, n int64, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for s.Stats().InFlight != n {
		if time.Now().After(deadline) {
			t.Fatalf("in flight: %d, want %d after %v", s.Stats().InFlight, n, within)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestClientDisconnect(t *testing.T) {
	calls := new(fakeCalls)
	s := startServer(t, Config{VenueLatency: map[string]time.Duration{"slow": 10 * time.Second}},
		map[string]Venue{"slow": fakeVenue(swapProfile, calls)})
	c := newClient(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", s.VenueURL("slow")+"/echo", nil)
	errc := make(chan error, 1)
	go func() {
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	// The client goes once the server holds its request (a fixed 50 ms
	// timeout could end it before it arrived on a loaded machine).
	waitInFlight(t, s, 1, 5*time.Second)
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("request succeeded")
	}
	// The handler ends with its client, long before its 10 s latency.
	waitInFlight(t, s, 0, 5*time.Second)
	if calls.handled.Load() != 0 || s.Requests("slow") != 1 {
		t.Errorf("handled %d, requests %d", calls.handled.Load(), s.Requests("slow"))
	}
}

func TestStartClose(t *testing.T) {
	s, err := New(Config{VenueLatency: map[string]time.Duration{"slow": 10 * time.Second}},
		map[string]Venue{"slow": fakeVenue(swapProfile, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if s.URL() != "" {
		t.Errorf("URL before Start: %q", s.URL())
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^http://127\.0\.0\.1:\d+$`).MatchString(s.URL()) || s.VenueURL("slow") != s.URL()+"/slow" {
		t.Errorf("URL %q, VenueURL %q", s.URL(), s.VenueURL("slow"))
	}
	if err := s.Start("127.0.0.1:0"); err == nil {
		t.Error("second Start succeeded")
	}

	// A request waiting out its latency is answered 503 by Close, promptly.
	tr := &http.Transport{}
	done := make(chan int)
	go func() {
		resp, err := (&http.Client{Transport: tr}).Get(s.VenueURL("slow") + "/echo")
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	waitInFlight(t, s, 1, 5*time.Second)
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	// A 503 rather than the answer its 10 s latency would have given:
	// Close answered it without waiting.
	if code := <-done; code != http.StatusServiceUnavailable {
		t.Errorf("pending request got %d, want 503", code)
	}
	tr.CloseIdleConnections()
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := s.Start("127.0.0.1:0"); err == nil {
		t.Error("Start after Close succeeded")
	}
	goleak.VerifyNone(t)
}

func TestUnspecifiedAddr(t *testing.T) {
	s := newServer(t, Config{}, map[string]Venue{"a": fakeVenue(swapProfile, nil)})
	if err := s.Start(":0"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Errorf("URL %q", s.URL())
	}
	resp, body := get(t, newClient(t), s.URL()+"/_sim/healthz")
	if resp.StatusCode != 200 || string(body) != "ok\n" {
		t.Errorf("healthz: %d %q", resp.StatusCode, body)
	}
}

// TestStatedLimit: a request beyond a venue's stated limit gets its
// rate-limit answer, counted apart from injected faults; other venues are
// not held to it.
func TestStatedLimit(t *testing.T) {
	calls := new(fakeCalls)
	s := startServer(t, Config{Limits: map[string]Limit{"fake": {Rate: 0.001, Burst: 3}}},
		map[string]Venue{"fake": fakeVenue(swapProfile, calls), "other": fakeVenue(swapProfile, nil)})
	c := newClient(t)
	var codes []int
	for range 5 {
		resp, _ := get(t, c, s.VenueURL("fake")+"/echo")
		codes = append(codes, resp.StatusCode)
	}
	if want := []int{200, 200, 200, 429, 429}; !slices.Equal(codes, want) {
		t.Errorf("statuses %v, want %v", codes, want)
	}
	for range 5 {
		if resp, _ := get(t, c, s.VenueURL("other")+"/echo"); resp.StatusCode != 200 {
			t.Errorf("other venue: %d, want 200 (no limit stated)", resp.StatusCode)
		}
	}
	st := s.Stats().Venues["fake"]
	if st.OverLimit != 2 || st.RateLimits != 0 || calls.handled.Load() != 3 {
		t.Errorf("stats %+v, handled %d: want 2 over the limit, none injected, 3 handled", st, calls.handled.Load())
	}
}
