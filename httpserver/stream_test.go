package httpserver_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
)

// staggered answers from two venues, 20 ms and 300 ms after the start.
type staggered struct{ calls atomic.Int64 }

func (s *staggered) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	s.calls.Add(1)
	q := &swapscout.Quote{Request: req, CreatedAt: time.Now()}
	for _, step := range []struct {
		wait time.Duration
		o    swapscout.Offer
	}{
		{20 * time.Millisecond, swapscout.Offer{Venue: "fast", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("1.9"), KYC: 'A'}},
		{280 * time.Millisecond, swapscout.Offer{Venue: "slow", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.1"), KYC: 'B'}},
	} {
		select {
		case <-time.After(step.wait):
		case <-ctx.Done():
			return q, nil
		}
		q.Offers = append(q.Offers, step.o)
		if emit != nil {
			emit(swapscout.Result{Offer: &step.o})
		}
	}
	aggregate.Rank(req.Direction, q.Offers)
	return q, nil
}

// TestStreamFirstEventEarly: each offer is sent the moment its venue answers;
// the fast venue's event arrives long before the slow one's, then the ranked
// quote with its id.
func TestStreamFirstEventEarly(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h := httpapi.NewHandler(httpapi.Deps{Quotes: &staggered{}, Store: inmem.New(inmem.Options{})})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			start := time.Now()
			resp, err := c.Get(srv.URL() + "/v1/quotes/stream?from=btc&to=eth&amount=0.1")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
				t.Fatalf("content type %q", ct)
			}
			er := api.NewEventReader(resp.Body)
			var events []string
			var firstAt time.Duration
			for {
				ev, err := er.Next()
				if err != nil {
					break
				}
				if len(events) == 0 {
					firstAt = time.Since(start)
				}
				events = append(events, ev.Name)
				if len(events) == 3 && !strings.Contains(string(ev.Data), `"id":"q`) {
					t.Errorf("final event lacks the quote id: %s", ev.Data)
				}
			}
			if strings.Join(events, ",") != "offer,offer,quote" {
				t.Fatalf("events = %v", events)
			}
			if firstAt > 150*time.Millisecond {
				t.Errorf("first event after %s, want right after the fast venue (20ms)", firstAt)
			}
		})
	}
}

// TestStreamBadInput: validation happens before the stream starts.
func TestStreamBadInput(t *testing.T) {
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &staggered{}, Store: inmem.New(inmem.Options{})})
	resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte("/v1/quotes/stream"), RawQuery: []byte("from=btc&to=btc&amount=1")})
	if resp.Status != 400 || resp.Stream != nil {
		t.Errorf("status %d stream %v, want a plain 400", resp.Status, resp.Stream != nil)
	}
}

// TestCacheAndCollapse: 200 concurrent identical requests share one fan-out;
// a later identical request is a cache hit with the same quote id.
func TestCacheAndCollapse(t *testing.T) {
	q := &staggered{}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: q, Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: 5 * time.Second})
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	defer c.CloseIdleConnections()
	const n = 200
	ids := make(chan string, n)
	url := srv.URL() + "/v1/quotes?from=btc&to=eth&amount=0.1"
	for range n {
		go func() {
			resp, err := c.Get(url)
			if err != nil {
				ids <- "error: " + err.Error()
				return
			}
			defer resp.Body.Close()
			var body strings.Builder
			_, _ = bufio.NewReader(resp.Body).WriteTo(&body)
			i := strings.Index(body.String(), `"id":"`)
			if resp.StatusCode != 200 || i < 0 {
				ids <- "bad: " + body.String()
				return
			}
			ids <- body.String()[i+6 : i+6+27]
		}()
	}
	first := ""
	for range n {
		id := <-ids
		if first == "" {
			first = id
		}
		if id != first {
			t.Fatalf("ids differ: %s vs %s", id, first)
		}
	}
	if got := q.calls.Load(); got != 1 {
		t.Errorf("%d concurrent identical requests made %d fan-outs, want 1", n, got)
	}
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("X-Swapscout-Cache") != "hit" {
		t.Errorf("repeat request cache header %q, want hit", resp.Header.Get("X-Swapscout-Cache"))
	}
	if got := q.calls.Load(); got != 1 {
		t.Errorf("cache hit made a fan-out (%d calls)", got)
	}
}

// emitNow sends one offer the moment it is asked and records when.
type emitNow struct{ at atomic.Int64 }

func (e *emitNow) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	o := swapscout.Offer{Venue: "fast", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("1.9"), KYC: 'A'}
	e.at.Store(time.Now().UnixNano())
	if emit != nil {
		emit(swapscout.Result{Offer: &o})
	}
	return &swapscout.Quote{Request: req, CreatedAt: time.Now(), Offers: []swapscout.Offer{o}}, nil
}

// BenchmarkStreamFirstEvent measures the streaming target: from the
// moment a venue's answer is handed to the stream (emit) to the moment a
// client on loopback has read its event. Reported as p50/p99/max µs.
// Caching is off, so every request fans out.
func BenchmarkStreamFirstEvent(b *testing.B) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		b.Run(transport, func(b *testing.B) {
			q := &emitNow{}
			h := httpapi.NewHandler(httpapi.Deps{Quotes: q, Store: inmem.New(inmem.Options{})})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			url := srv.URL() + "/v1/quotes/stream?from=btc&to=eth&amount=0.1"
			var lat []time.Duration
			for b.Loop() {
				resp, err := c.Get(url)
				if err != nil {
					b.Fatal(err)
				}
				r := bufio.NewReader(resp.Body)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						b.Fatalf("stream ended before an offer event: %v", err)
					}
					if line == "event: offer\n" {
						break
					}
				}
				lat = append(lat, time.Duration(time.Now().UnixNano()-q.at.Load()))
				_, _ = r.WriteTo(io.Discard)
				resp.Body.Close()
			}
			slices.Sort(lat)
			pct := func(p int) float64 { return float64(lat[(len(lat)-1)*p/100].Nanoseconds()) / 1e3 }
			b.ReportMetric(pct(50), "µs-p50")
			b.ReportMetric(pct(99), "µs-p99")
			b.ReportMetric(pct(100), "µs-max")
		})
	}
}
