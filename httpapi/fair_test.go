package httpapi_test

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// cutByDeadline is a quote service whose venues answer in 1.2 ms: a request
// with a shorter deadline gets them all as timeouts, as the engine reports
// a venue its request did not wait for. It answers without waiting.
func cutByDeadline(calls *atomic.Int32) *fakeQuotes {
	return &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		calls.Add(1)
		dl, _ := ctx.Deadline()
		if time.Until(dl) < 1200*time.Microsecond {
			return &swapscout.Quote{Request: req, CreatedAt: now, Failures: []swapscout.Failure{
				{Venue: "changenow", Code: swapscout.CodeTimeout, Message: "no answer within 1 ms"}}}, nil
		}
		return twoOffers(ctx, req, sel)
	}}
}

// TestCutAnswerNeverServedToLongerDeadline: an answer cut short by one
// client's deadline is cached for that deadline only. A request that allows
// more time, even within the same millisecond, gets its own fan-out and
// its full answer, never the cut one. Before, deadlines were keyed to the
// millisecond, so deadline=1.5ms read deadline=1ms's timeouts from the
// cache.
func TestCutAnswerNeverServedToLongerDeadline(t *testing.T) {
	var calls atomic.Int32
	h := httpapi.NewHandler(httpapi.Deps{Quotes: cutByDeadline(&calls), Store: inmem.New(inmem.Options{}),
		Cache: inmem.New(inmem.Options{}), CacheWindow: time.Minute})
	const q = "/v1/quotes?from=btc&to=eth&amount=0.1"
	offers := func(r httpapi.Response) int {
		var q struct{ Offers []json.RawMessage }
		if err := json.Unmarshal(append(append([]byte(nil), r.Head...), r.Body...), &q); err != nil {
			t.Fatalf("%v: %s%s", err, r.Head, r.Body)
		}
		return len(q.Offers)
	}
	if r := get(h, q+"&deadline=1ms"); r.Status != 200 || offers(r) != 0 {
		t.Fatalf("deadline=1ms: %d, %d offers; want 200 with every venue cut", r.Status, offers(r))
	}
	if r := get(h, q+"&deadline=1ms"); cacheHeader(r) != "hit" {
		t.Errorf("the same deadline again: cache %q, want hit", cacheHeader(r))
	}
	for _, longer := range []string{"&deadline=1.9ms", ""} {
		r := get(h, q+longer)
		if r.Status != 200 || cacheHeader(r) == "hit" || offers(r) != 2 {
			t.Errorf("%q after deadline=1ms: %d, cache %q, %d offers; want a fan-out of its own with both offers",
				longer, r.Status, cacheHeader(r), offers(r))
		}
	}
	if n := calls.Load(); n != 3 {
		t.Errorf("%d fan-outs, want 3 (one per deadline)", n)
	}
}

// TestCutFlightNeverShared: a request with deadline=1ms in flight is not a
// flight a concurrent request with a longer deadline joins: each has its
// own (the venue calls underneath are shared by the engine instead, and run
// to the venue's own deadline).
func TestCutFlightNeverShared(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	var deadlines []time.Duration
	h := httpapi.NewHandler(httpapi.Deps{Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Minute,
		Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
			dl, _ := ctx.Deadline()
			mu.Lock()
			deadlines = append(deadlines, time.Until(dl).Round(time.Second))
			mu.Unlock()
			<-release
			return twoOffers(ctx, req, sel)
		}}})
	// Direct offers only: routes would add their legs' fan-outs.
	const q = "/v1/quotes?from=btc&to=eth&amount=0.1&routes=0"
	var wg sync.WaitGroup
	for _, dl := range []string{"&deadline=1ms", ""} {
		wg.Go(func() { get(h, q+dl) })
	}
	for {
		mu.Lock()
		n := len(deadlines)
		mu.Unlock()
		if n == 2 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	if deadlines[0] > deadlines[1] {
		deadlines[0], deadlines[1] = deadlines[1], deadlines[0]
	}
	if deadlines[0] != 0 || deadlines[1] != 3*time.Second {
		t.Errorf("fan-outs' deadlines %v, want one of 1ms and one of 3s", deadlines)
	}
}

// TestBulkFanOuts: a client's uncached fan-outs past the interactive share
// running at once are marked bulk (each venue then lets them use only its
// spare rate budget); once they end, the client's next one is interactive
// again, and another client's never was bulk.
func TestBulkFanOuts(t *testing.T) {
	release := make(chan struct{})
	var bulk, started atomic.Int32
	h := httpapi.NewHandler(httpapi.Deps{Store: inmem.New(inmem.Options{}), Now: func() time.Time { return now },
		FanOutRate: 1000, FanOutBurst: 1000,
		Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
			if swapscout.Bulk(ctx) {
				bulk.Add(1)
			}
			started.Add(1)
			<-release
			return twoOffers(ctx, req, sel)
		}}})
	ask := func(ip string, i int) httpapi.Response {
		return h.Serve(from(ip, nil, "/v1/quotes?from=btc&to=eth&amount=0."+strconv.Itoa(100+i)))
	}
	var wg sync.WaitGroup
	for i := range 7 {
		wg.Go(func() { ask("192.0.2.1", i) })
	}
	for started.Load() != 7 {
		time.Sleep(time.Millisecond)
	}
	if n := bulk.Load(); n != 3 {
		t.Errorf("%d of 7 fan-outs at once from one client were bulk, want 3 (past the first 4)", n)
	}
	close(release)
	wg.Wait()
	bulk.Store(0)
	ask("192.0.2.1", 50)
	ask("192.0.2.2", 51)
	if n := bulk.Load(); n != 0 {
		t.Errorf("%d bulk fan-outs once the flood ended, want 0", n)
	}
}
