package httpapi_test

import (
	"context"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

type hdr map[string]string

func (h hdr) Peek(name string) []byte { return []byte(h[name]) }

func from(ip string, h hdr, target string) *httpapi.Request {
	r := &httpapi.Request{Ctx: context.Background(), Method: "GET", Remote: &net.TCPAddr{IP: net.ParseIP(ip), Port: 5000}, Header: h, Now: now}
	r.Path, r.RawQuery = splitTarget(target)
	return r
}

func splitTarget(t string) ([]byte, []byte) {
	for i := range t {
		if t[i] == '?' {
			return []byte(t[:i]), []byte(t[i+1:])
		}
	}
	return []byte(t), nil
}

// TestMethodNotAllowedAllow: a 405 names the methods the path answers.
func TestMethodNotAllowedAllow(t *testing.T) {
	h, _ := newHandler(t)
	for _, path := range []string{"/v1/venues", "/v1/quotes", "/v1/quotes/qabc", "/v1/quotes/stream", "/healthz"} {
		resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "DELETE", Path: []byte(path)})
		if resp.Status != 405 || header(resp, "Allow") != "GET, HEAD" {
			t.Errorf("DELETE %s = %d, Allow %q; want 405 with Allow: GET, HEAD", path, resp.Status, header(resp, "Allow"))
		}
	}
}

// TestFanOutRateLimit: a client that starts more uncached fan-outs than its
// burst gets 429 with Retry-After; another client, cache hits and
// quote-by-id are not limited; behind a trusted proxy the client is the
// X-Forwarded-For address, and a forged header from anyone else is ignored.
func TestFanOutRateLimit(t *testing.T) {
	proxy := netip.MustParsePrefix("10.0.0.0/8")
	store := inmem.New(inmem.Options{})
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: store,
		Cache: inmem.New(inmem.Options{}), CacheWindow: time.Minute, Now: func() time.Time { return now },
		FanOutRate: 1, FanOutBurst: 3, TrustedProxies: []netip.Prefix{proxy}})
	ask := func(ip string, h2 hdr, amount int) (int, string) {
		resp := h.Serve(from(ip, h2, "/v1/quotes?from=btc&to=eth&amount=0."+strconv.Itoa(amount)))
		return resp.Status, header(resp, "Retry-After")
	}
	for i := range 3 {
		if st, _ := ask("192.0.2.1", nil, i+1); st != 200 {
			t.Fatalf("fan-out %d within the burst = %d", i+1, st)
		}
	}
	st, ra := ask("192.0.2.1", nil, 9)
	if st != 429 || ra != "1" {
		t.Errorf("4th uncached fan-out = %d Retry-After %q, want 429 with Retry-After 1", st, ra)
	}
	if st, _ := ask("192.0.2.1", nil, 1); st != 200 {
		t.Errorf("cache hit from a limited client = %d, want 200", st)
	}
	if st, _ := ask("192.0.2.2", nil, 9); st != 200 {
		t.Errorf("another client = %d, want 200", st)
	}
	// Through the proxy: each forwarded client has its own bucket.
	for i := range 3 {
		if st, _ := ask("10.1.1.1", hdr{"X-Forwarded-For": "198.51.100.7, 10.2.2.2"}, 61+i); st != 200 {
			t.Fatalf("forwarded client fan-out %d = %d", i+1, st)
		}
	}
	if st, _ := ask("10.1.1.1", hdr{"X-Forwarded-For": "198.51.100.7"}, 37); st != 429 {
		t.Errorf("forwarded client past its burst = %d, want 429", st)
	}
	if st, _ := ask("10.1.1.1", hdr{"X-Forwarded-For": "198.51.100.8"}, 38); st != 200 {
		t.Errorf("another forwarded client = %d, want 200", st)
	}
	// Not a trusted proxy: its X-Forwarded-For is ignored, it is limited itself.
	for i := range 3 {
		ask("192.0.2.50", hdr{"X-Forwarded-For": "203.0.113." + strconv.Itoa(i)}, 71+i)
	}
	if st, _ := ask("192.0.2.50", hdr{"X-Forwarded-For": "203.0.113.99"}, 57); st != 429 {
		t.Errorf("untrusted peer forging X-Forwarded-For = %d, want 429", st)
	}
}

// TestStreamCap: past MaxStreams open streams, a stream request gets 503
// with Retry-After; quote-by-id still answers.
func TestStreamCap(t *testing.T) {
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}), MaxStreams: 2, FanOutRate: -1})
	var open []httpapi.Response
	for range 2 {
		resp := h.Serve(from("192.0.2.1", nil, "/v1/quotes/stream?from=btc&to=eth&amount=0.1"))
		if resp.Status != 200 || resp.Stream == nil {
			t.Fatalf("stream = %d", resp.Status)
		}
		open = append(open, resp)
	}
	resp := h.Serve(from("192.0.2.1", nil, "/v1/quotes/stream?from=btc&to=eth&amount=0.1"))
	if resp.Status != 503 || header(resp, "Retry-After") == "" {
		t.Errorf("3rd stream = %d Retry-After %q, want 503 with Retry-After", resp.Status, header(resp, "Retry-After"))
	}
	// Running a stream to its end frees its slot.
	_ = open[0].Stream(context.Background(), discard{}, func() error { return nil })
	if resp := h.Serve(from("192.0.2.1", nil, "/v1/quotes/stream?from=btc&to=eth&amount=0.1")); resp.Status != 200 {
		t.Errorf("stream after one ended = %d, want 200", resp.Status)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestClientStreamCap: one client may hold MaxClientStreams streams open,
// quote streams and swap event streams together; past that it gets 429
// with Retry-After while other clients, and clients behind a trusted proxy
// (told apart by X-Forwarded-For), still get theirs; a stream that ends
// frees its client's slot.
func TestClientStreamCap(t *testing.T) {
	proxy := netip.MustParsePrefix("10.0.0.0/8")
	m := newMemSwaps(swapscout.StatusWaiting)
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}), Swaps: m,
		MaxStreams: 100, MaxClientStreams: 2, FanOutRate: -1, TrustedProxies: []netip.Prefix{proxy}})
	quote := "/v1/quotes/stream?from=btc&to=eth&amount=0.1"
	events := "/v1/swaps/" + m.sw.ID + "/events"
	open := func(ip string, xff string, target string) httpapi.Response {
		t.Helper()
		var hd hdr
		if xff != "" {
			hd = hdr{"X-Forwarded-For": xff}
		}
		return h.Serve(from(ip, hd, target))
	}
	a1, a2 := open("192.0.2.1", "", quote), open("192.0.2.1", "", events)
	if a1.Status != 200 || a2.Status != 200 {
		t.Fatalf("a client's first two streams = %d, %d", a1.Status, a2.Status)
	}
	for _, target := range []string{quote, events} {
		if resp := open("192.0.2.1", "", target); resp.Status != 429 || header(resp, "Retry-After") == "" || resp.Stream != nil {
			t.Errorf("%s as a client's third stream = %d Retry-After %q, want 429 with Retry-After", target, resp.Status, header(resp, "Retry-After"))
		}
	}
	if resp := open("192.0.2.2", "", quote); resp.Status != 200 {
		t.Errorf("another client's stream = %d", resp.Status)
	} else {
		_ = resp.Stream(context.Background(), discard{}, func() error { return nil })
	}
	// Behind the proxy, each forwarded client has its own two.
	for _, xff := range []string{"198.51.100.7", "198.51.100.7, 10.2.2.2", "198.51.100.8", "198.51.100.8"} {
		if resp := open("10.1.1.1", xff, quote); resp.Status != 200 {
			t.Errorf("forwarded client %s = %d", xff, resp.Status)
		}
	}
	if resp := open("10.1.1.1", "198.51.100.7", quote); resp.Status != 429 {
		t.Errorf("forwarded client's third stream = %d, want 429", resp.Status)
	}
	// An untrusted peer's X-Forwarded-For does not make it someone else.
	if resp := open("192.0.2.1", "198.51.100.9", quote); resp.Status != 429 {
		t.Errorf("a capped client forging X-Forwarded-For = %d, want 429", resp.Status)
	}
	// A stream run to its end gives its slot back.
	_ = a1.Stream(context.Background(), discard{}, func() error { return nil })
	if resp := open("192.0.2.1", "", quote); resp.Status != 200 {
		t.Errorf("a stream after one of the client's ended = %d, want 200", resp.Status)
	}
}

// TestStreamShedWhenBusy: a quote stream takes its fan-out slot before it
// answers, so past MaxFanOuts a stream is refused with a JSON 503 and a
// Retry-After, as GET /v1/quotes is, not a 200 whose first event is the
// error; an opened stream holds its slot until it has run, and then frees
// it for the next.
func TestStreamShedWhenBusy(t *testing.T) {
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}), MaxFanOuts: 1, FanOutRate: -1})
	const target = "/v1/quotes/stream?from=btc&to=eth&amount=0.1&deadline=100ms"
	first := h.Serve(from("192.0.2.1", nil, target))
	if first.Status != 200 || first.Stream == nil {
		t.Fatalf("first stream = %d, want 200", first.Status)
	}
	for _, path := range []string{target, "/v1/quotes?from=btc&to=eth&amount=0.2&deadline=100ms"} {
		resp := h.Serve(from("192.0.2.2", nil, path))
		if resp.Status != 503 || resp.Stream != nil || header(resp, "Retry-After") == "" || !strings.Contains(string(resp.Body), `"unavailable"`) {
			t.Errorf("%s while the one slot is held = %d Retry-After %q %s; want a JSON 503 with a Retry-After", path, resp.Status, header(resp, "Retry-After"), resp.Body)
		}
	}
	var events strings.Builder
	if err := first.Stream(context.Background(), &events, func() error { return nil }); err != nil || !strings.Contains(events.String(), "event: quote") {
		t.Fatalf("first stream: %v\n%s", err, events.String())
	}
	if resp := h.Serve(from("192.0.2.2", nil, target)); resp.Status != 200 {
		t.Errorf("stream after the first ran = %d, want 200", resp.Status)
	}
}
