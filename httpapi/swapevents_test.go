package httpapi_test

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/feed"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// memSwaps is a SwapService over one swap held in memory.
type memSwaps struct {
	mu   sync.Mutex
	sw   swapscout.Swap
	hist []swapscout.SwapEvent
	gets int
}

func (m *memSwaps) Create(context.Context, swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	panic("not used")
}

func (m *memSwaps) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gets++
	if id != m.sw.ID {
		return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	sw := m.sw
	return &sw, append([]swapscout.SwapEvent(nil), m.hist...), nil
}

func (m *memSwaps) set(st swapscout.SwapStatus) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sw.Status, m.sw.VenueStatus = st, "v-"+string(st)
	m.sw.UpdatedAt = m.sw.UpdatedAt.Add(time.Second)
	m.hist = append(m.hist, swapscout.SwapEvent{At: m.sw.UpdatedAt, Status: st, VenueStatus: "v-" + string(st)})
}

func newMemSwaps(st swapscout.SwapStatus) *memSwaps {
	sw := storetest.Sample()
	sw.VenueOrder, sw.DepositAddress, sw.CreatedAt, sw.UpdatedAt = swapscout.OrderRef{ID: "ord"}, "dep", now, now
	m := &memSwaps{sw: *sw}
	m.set(st)
	return m
}

// sseWriter collects a stream's events, one string per event.
type sseWriter struct {
	mu     sync.Mutex
	buf    strings.Builder
	events chan string
}

func newSSE() *sseWriter { return &sseWriter{events: make(chan string, 64)} }

func (w *sseWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		s := w.buf.String()
		i := strings.Index(s, "\n\n")
		if i < 0 {
			break
		}
		w.events <- s[:i]
		w.buf.Reset()
		w.buf.WriteString(s[i+2:])
	}
	return len(p), nil
}

// next returns the next "swap" event's status, skipping comments and the
// retry hint.
func (w *sseWriter) next(t *testing.T, within time.Duration) string {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case raw := <-w.events:
			ev, err := api.NewEventReader(strings.NewReader(raw + "\n\n")).Next()
			if err != nil || ev.Name != "swap" {
				continue
			}
			v, err := api.DecodeSwap(ev.Data)
			if err != nil {
				t.Fatalf("event data %q: %v", ev.Data, err)
			}
			if ev.ID != itoa(len(v.History)) {
				t.Errorf("event %q: id is not the history's length %d", raw, len(v.History))
			}
			return string(v.Status)
		case <-deadline:
			t.Fatalf("no swap event within %v", within)
			return ""
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func swapHandler(sv httpapi.SwapService, feed httpapi.SwapFeed, maxStreams int) *httpapi.Handler {
	return httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Swaps: sv, SwapFeed: feed, MaxStreams: maxStreams})
}

func startStream(t *testing.T, h *httpapi.Handler, id string) (*sseWriter, chan error, context.CancelFunc) {
	t.Helper()
	resp := get(h, "/v1/swaps/"+id+"/events")
	if resp.Status != 200 || resp.Stream == nil || resp.ContentType != "text/event-stream" || !resp.LongStream {
		t.Fatalf("events answered %d %q (stream %v, long %v): %s", resp.Status, resp.ContentType, resp.Stream != nil, resp.LongStream, resp.Body)
	}
	w := newSSE()
	done := make(chan error, 1)
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		done <- resp.Stream(ctx, w, func() error { return nil })
	}()
	t.Cleanup(func() { cancel(); <-ended }) // before the intervals are restored
	return w, done, cancel
}

// TestSwapEventsFollow: the current state at once, each change pushed by the
// feed as it is seen (long before any recheck), and the end at a terminal
// state.
func TestSwapEventsFollow(t *testing.T) {
	setIntervals(t, time.Hour, time.Hour, time.Hour)
	m := newMemSwaps(swapscout.StatusWaiting)
	hub := &feed.Hub{}
	h := swapHandler(m, hub, 0)
	w, done, _ := startStream(t, h, m.sw.ID)
	if got := w.next(t, 2*time.Second); got != "waiting" {
		t.Fatalf("first event %q; want waiting", got)
	}
	for _, st := range []swapscout.SwapStatus{swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusSending, swapscout.StatusFinished} {
		waitWatchers(t, hub, 1)
		m.set(st)
		hub.Publish(swapscout.SwapChange{SwapID: m.sw.ID, Status: st})
		if got := w.next(t, 2*time.Second); got != string(st) {
			t.Fatalf("event %q; want %s", got, st)
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("stream ended with %v", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the stream did not end at finished")
	}
	if n := hub.Watchers(); n != 0 {
		t.Errorf("%d watchers left after the stream ended", n)
	}
}

// TestSwapEventsCarried: a change that carries the swap as shown is sent
// as it is, with no read of the swap (the store here still holds the old
// state, so a read would send nothing); one older than the last sent is not
// shown but read again.
func TestSwapEventsCarried(t *testing.T) {
	setIntervals(t, time.Hour, time.Hour, time.Hour)
	m := newMemSwaps(swapscout.StatusWaiting)
	hub := &feed.Hub{}
	h := swapHandler(m, hub, 0)
	w, _, _ := startStream(t, h, m.sw.ID)
	if got := w.next(t, 2*time.Second); got != "waiting" {
		t.Fatalf("first event %q; want waiting", got)
	}
	waitWatchers(t, hub, 1)
	old, oldHist, _ := m.Get(context.Background(), m.sw.ID)
	shown := *old
	shown.Status, shown.UpdatedAt = swapscout.StatusConfirming, old.UpdatedAt.Add(time.Second)
	hist := append(slices.Clone(oldHist), swapscout.SwapEvent{At: shown.UpdatedAt, Status: swapscout.StatusConfirming})
	hub.Publish(swapscout.SwapChange{SwapID: m.sw.ID, Seq: 2, Status: swapscout.StatusConfirming, Shown: &shown, History: hist})
	if got := w.next(t, 2*time.Second); got != "confirming" {
		t.Fatalf("event %q; want the carried confirming", got)
	}
	m.set(swapscout.StatusConfirming)
	m.set(swapscout.StatusExchanging)
	hub.Publish(swapscout.SwapChange{SwapID: m.sw.ID, Seq: 1, Status: swapscout.StatusWaiting, Shown: old, History: oldHist})
	if got := w.next(t, 2*time.Second); got != "exchanging" {
		t.Fatalf("event %q after an older carried change; want the swap read again (exchanging)", got)
	}
}

// TestSwapEventsPoll: without a feed the stream re-reads the swap.
func TestSwapEventsPoll(t *testing.T) {
	setIntervals(t, time.Hour, 20*time.Millisecond, time.Hour)
	m := newMemSwaps(swapscout.StatusWaiting)
	h := swapHandler(m, nil, 0)
	w, done, _ := startStream(t, h, m.sw.ID)
	w.next(t, 2*time.Second)
	m.set(swapscout.StatusRefunded)
	if got := w.next(t, 2*time.Second); got != "refunded" {
		t.Fatalf("event %q; want refunded", got)
	}
	if err := <-done; err != nil {
		t.Errorf("stream ended with %v", err)
	}
}

// TestSwapEventsTerminal: a finished swap's stream says so and closes.
func TestSwapEventsTerminal(t *testing.T) {
	m := newMemSwaps(swapscout.StatusFinished)
	h := swapHandler(m, &feed.Hub{}, 0)
	w, done, _ := startStream(t, h, m.sw.ID)
	if got := w.next(t, time.Second); got != "finished" {
		t.Fatalf("event %q; want finished", got)
	}
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("the stream of a finished swap did not close")
	}
}

// TestSwapEventsKeepAlive: an idle stream sends comments; a cancelled one
// (shutdown, client gone) ends.
func TestSwapEventsKeepAlive(t *testing.T) {
	setIntervals(t, 10*time.Millisecond, time.Hour, time.Hour)
	m := newMemSwaps(swapscout.StatusWaiting)
	h := swapHandler(m, &feed.Hub{}, 0)
	w, done, cancel := startStream(t, h, m.sw.ID)
	w.next(t, time.Second)
	select {
	case ev := <-w.events:
		if ev != ": keep-alive" {
			t.Errorf("idle stream sent %q", ev)
		}
	case <-time.After(time.Second):
		t.Fatal("no keep-alive")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("a cancelled stream did not end")
	}
}

// TestSwapEventsRefusals: unknown ids, no swap service, full stream slots.
func TestSwapEventsRefusals(t *testing.T) {
	m := newMemSwaps(swapscout.StatusWaiting)
	h := swapHandler(m, &feed.Hub{}, 1)
	if resp := get(h, "/v1/swaps/nosuchswap/events"); resp.Status != 404 || !strings.Contains(string(resp.Body), "not_found") {
		t.Errorf("unknown swap: %d %s", resp.Status, resp.Body)
	}
	if resp := get(h, "/v1/swaps/"+m.sw.ID+"/events/x"); resp.Status != 404 {
		t.Errorf("a longer path: %d %s", resp.Status, resp.Body)
	}
	if resp := get(swapHandler(nil, nil, 0), "/v1/swaps/"+m.sw.ID+"/events"); resp.Status != 503 {
		t.Errorf("no swap service: %d %s", resp.Status, resp.Body)
	}
	_, _, cancel := startStream(t, h, m.sw.ID)
	if resp := get(h, "/v1/swaps/"+m.sw.ID+"/events"); resp.Status != 503 {
		t.Errorf("second stream with one slot: %d %s", resp.Status, resp.Body)
	}
	cancel()
}

func waitWatchers(t *testing.T, hub *feed.Hub, n int) {
	t.Helper()
	for i := 0; hub.Watchers() != n; i++ {
		if i > 200 {
			t.Fatalf("%d watchers; want %d", hub.Watchers(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// setIntervals sets the stream intervals for t; they are restored after
// t's streams have ended (cleanups run last-registered first).
func setIntervals(t *testing.T, keep, poll, recheck time.Duration) {
	k, p, r := httpapi.SwapKeepAlive, httpapi.SwapPollInterval, httpapi.SwapRecheckInterval
	httpapi.SwapKeepAlive, httpapi.SwapPollInterval, httpapi.SwapRecheckInterval = keep, poll, recheck
	t.Cleanup(func() { httpapi.SwapKeepAlive, httpapi.SwapPollInterval, httpapi.SwapRecheckInterval = k, p, r })
}

// TestSwapEventsAcrossInstances: two instances on one PostgreSQL; a stream
// held by one hears, through LISTEN/NOTIFY, of changes the other records.
func TestSwapEventsAcrossInstances(t *testing.T) {
	if os.Getenv(pgtest.EnvURL) == "" {
		t.Skipf("set %s to run the cross-instance stream test", pgtest.EnvURL)
	}
	setIntervals(t, time.Hour, time.Hour, time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url := pgtest.URL(t)
	var dbs [2]*sqlstore.DB
	var feeds [2]*feed.Postgres
	for i := range 2 {
		db, err := sqlstore.OpenPostgres(ctx, url, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		f, err := feed.NewPostgres(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		dbs[i], feeds[i] = db, f
	}
	sw := storetest.Sample()
	if _, err := dbs[1].ReserveSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	sw.VenueOrder, sw.DepositAddress, sw.Status, sw.VenueStatus = swapscout.OrderRef{ID: "ord"}, "dep", swapscout.StatusWaiting, "wait"
	if err := dbs[1].CompleteSwap(ctx, sw); err != nil {
		t.Fatal(err)
	}
	a := swapHandler(&swaps.Service{Store: dbs[0]}, feeds[0], 0)
	w, done, _ := startStream(t, a, sw.ID)
	if got := w.next(t, 5*time.Second); got != "waiting" {
		t.Fatalf("first event %q", got)
	}
	waitWatchers(t, feeds[0].Hub, 1)
	at := time.Now()
	for _, st := range []swapscout.SwapStatus{swapscout.StatusConfirming, swapscout.StatusFinished} {
		at = at.Add(time.Second)
		if _, err := dbs[1].UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{Status: st, VenueStatus: string(st)}, at); err != nil {
			t.Fatal(err)
		}
		feeds[1].SwapChanged(ctx, swapscout.SwapChange{SwapID: sw.ID, Status: st})
		if got := w.next(t, 5*time.Second); got != string(st) {
			t.Fatalf("event %q; want %s", got, st)
		}
	}
	if err := <-done; err != nil {
		t.Errorf("stream ended with %v", err)
	}
}

// TestVenuesAccuracy: GET /v1/venues shows each venue's accuracy when the
// server keeps swaps, and lists venues without it when it cannot read it.
func TestVenuesAccuracy(t *testing.T) {
	acc := map[string]swapscout.VenueAccuracy{"changenow": {Venue: "changenow", Count: 3, MedianShortfall: swapscout.MustAmount("0.25"),
		WorstShortfall: swapscout.MustAmount("1.5"), Timed: 2, MedianTime: 90 * time.Second, P90Time: 2 * time.Minute, Short: 1, Held: 2}}
	var fail bool
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C'}, {ID: "exolix", Name: "Exolix", Kind: swapscout.InstantSwap, KYC: 'A'}}
		},
		Accuracy: func(context.Context) (map[string]swapscout.VenueAccuracy, error) {
			if fail {
				return nil, swapscout.Errorf(swapscout.EUNAVAILABLE, "down")
			}
			return acc, nil
		},
		AccuracyWindow: 720 * time.Hour})
	resp := get(h, "/v1/venues")
	var out struct {
		Venues []struct {
			ID       string
			Accuracy map[string]any
		}
	}
	if err := json.Unmarshal(resp.Body, &out); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"window_seconds": 2592000.0, "count": 3.0, "median_shortfall_pct": "0.25", "worst_shortfall_pct": "1.5", "timed": 2.0, "median_seconds": 90.0,
		"p90_seconds": 120.0, "short": 1.0, "held": 2.0}
	if len(out.Venues) != 2 || !reflect.DeepEqual(out.Venues[0].Accuracy, want) || out.Venues[1].Accuracy != nil {
		t.Errorf("venues = %s", resp.Body)
	}
	fail = true
	if resp := get(h, "/v1/venues"); resp.Status != 200 || strings.Contains(string(resp.Body), "accuracy") {
		t.Errorf("with the store down: %d %s", resp.Status, resp.Body)
	}
}
