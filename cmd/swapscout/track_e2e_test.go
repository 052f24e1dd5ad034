package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/swaps/webhook"
)

// startPayingSim starts a simulator whose orders pay themselves quickly and
// move through their stages in a fraction of a second; extra are more
// simulator flags.
func startPayingSim(t testing.TB, extra ...string) (url, secret string) {
	t.Helper()
	s, secret := startSimServerWith(t, append([]string{"--walk", "0", "--latency", "5ms", "--auto-pay", "200ms", "--swap-stage", "150ms"}, extra...)...)
	return s.URL(), secret
}

// hookReceiver records verified webhook deliveries as they arrive.
type hookReceiver struct {
	t      testing.TB
	secret []byte
	mu     sync.Mutex
	got    map[string][]pushed // by swap id
}

// pushed is a status as it arrived at a client, with the history it came
// with (to time the arrival against the change's time).
type pushed struct {
	status  string
	arrived time.Time
	seenAt  time.Time // when the tracker saw this change (its history entry)
}

// push is swap p as it arrived at a client.
func push(p *api.Swap, arrived time.Time) pushed {
	out := pushed{status: string(p.Status), arrived: arrived}
	if n := len(p.History); n > 0 && p.History[n-1].Status == p.Status {
		out.seenAt = p.History[n-1].At
	}
	return out
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	body, _ := io.ReadAll(r.Body)
	if err := webhook.Verify(h.secret, r.Header.Get(webhook.SignatureHeader), body, time.Now(), time.Minute); err != nil {
		h.t.Errorf("webhook does not verify: %v", err)
		w.WriteHeader(400)
		return
	}
	sw, err := api.DecodeSwap(body)
	if err != nil {
		h.t.Errorf("webhook body %s: %v", body, err)
		sw = &api.Swap{}
	}
	h.mu.Lock()
	h.got[sw.ID] = append(h.got[sw.ID], push(sw, now))
	h.mu.Unlock()
}

// followEvents reads a swap's event stream until it closes.
func followEvents(c *http.Client, url string) ([]pushed, error) {
	resp, err := c.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || !strings.HasPrefix(ct, "text/event-stream") {
		return nil, fmt.Errorf("events: %d %s", resp.StatusCode, ct)
	}
	var out []pushed
	er := api.NewEventReader(resp.Body)
	for {
		ev, err := er.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		sw, err := api.DecodeSwap(ev.Data)
		if err != nil {
			return out, err
		}
		out = append(out, push(sw, time.Now()))
	}
}

// TestSwapsPushedToTheEnd: swaps made through serve (SQLite) run to
// finished by themselves on the simulator's auto-pay; every change reaches
// an SSE client, whose stream closes at the end, and a webhook receiver,
// signed and in order. With SWAPSCOUT_PUSH_SWAPS=N it runs N swaps at once
// and reports the push latency (BENCHMARKS.md).
func TestSwapsPushedToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs swaps to their end")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	n := 2
	if v, err := strconv.Atoi(os.Getenv("SWAPSCOUT_PUSH_SWAPS")); err == nil && v > 0 {
		n = v
	}
	simURL, simSecret := startPayingSim(t)
	hooks := &hookReceiver{t: t, secret: []byte("whsec-test"), got: map[string][]pushed{}}
	recv := httptest.NewServer(hooks)
	defer recv.Close()
	env := func(k string) string {
		switch k {
		case envWebhookSecret:
			return "whsec-test"
		case "SWAPSCOUT_LOG_LEVEL":
			return "debug" // the secret must stay out of every line
		}
		return ""
	}
	dir := t.TempDir()
	// One test client holds every stream: no per-client cap (N may be 200).
	s := startServeOn(t, simURL, simSecret, env, "--data-dir", dir, "--track-interval", "100ms", "--webhook-allow-private", "--max-client-streams", "0")
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 60 * time.Second}
	defer c.CloseIdleConnections()
	quoteID, venues := swapOffers(t, c, s.url, "from=btc&to=eth&amount=0.1", false)
	body := func(venue, callback string) []byte {
		b, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": venue, "payout_address": e2ePayoutETH,
			"refund_address": e2eRefundBTC, "callback_url": callback})
		return b
	}
	if st, b := postJSON(t, c, s.url+"/v1/swaps", "bad-cb", "application/json", body(venues[0], "ftp://example.com/hook")); st != 400 || !strings.Contains(b, "callback_url") {
		t.Errorf("an ftp callback_url answered %d %s", st, b)
	}
	type swapRun struct {
		id     string
		events []pushed
		err    error
	}
	runs := make([]swapRun, n)
	var wg sync.WaitGroup
	for i := range n {
		st, created := postJSON(t, c, s.url+"/v1/swaps", "push-"+strconv.Itoa(i), "application/json", body(venues[i%len(venues)], recv.URL+"/hook"))
		if st != 201 {
			t.Fatalf("create: %d %s", st, created)
		}
		sw := swapOf(created)
		runs[i].id = sw.ID
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[i].events, runs[i].err = followEvents(c, s.url+"/v1/swaps/"+sw.ID+"/events")
		}()
	}
	wg.Wait()
	var sseLat, hookLat []time.Duration
	received := 0 // finished swaps whose venue said what it paid: those count for accuracy
	for _, r := range runs {
		if r.err != nil {
			t.Fatalf("swap %s events: %v", r.id, r.err)
		}
		if len(r.events) == 0 || r.events[len(r.events)-1].status != "finished" {
			t.Fatalf("swap %s stream ended at %+v; want finished", r.id, r.events)
		}
		_, rec := get(t, c, s.url+"/v1/swaps/"+r.id)
		final := swapOf(rec)
		// A doubted amount received (a simulated deposit channel pays for
		// what it expected, not for the swap's amount) never counts in
		// accuracy.
		if !final.AmountReceived.IsZero() && final.ReceivedDoubt == "" {
			received++
		}
		var changes []string
		for _, h := range final.History[1:] {
			changes = append(changes, string(h.Status))
		}
		deadline := time.Now().Add(10 * time.Second)
		var hooked []pushed
		for {
			hooks.mu.Lock()
			hooked = slices.Clone(hooks.got[r.id])
			hooks.mu.Unlock()
			if len(hooked) >= len(changes) || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		var hookStatuses []string
		for _, h := range hooked {
			hookStatuses = append(hookStatuses, h.status)
			hookLat = append(hookLat, h.arrived.Sub(h.seenAt))
		}
		if !slices.Equal(hookStatuses, changes) {
			t.Errorf("swap %s: webhooks %v; want every change in order %v", r.id, hookStatuses, changes)
		}
		for _, e := range r.events[1:] { // the first is the state when the stream opened
			if !e.seenAt.IsZero() {
				sseLat = append(sseLat, e.arrived.Sub(e.seenAt))
			}
		}
	}
	t.Logf("%d swaps: SSE %s; webhooks %s", n, quantiles(sseLat), quantiles(hookLat))

	// The finished swaps show in the venues' accuracy, through the API
	// (read at most every 5 s) and the command.
	deadline := time.Now().Add(8 * time.Second)
	for {
		_, vbody := get(t, c, s.url+"/v1/venues")
		vs, _ := api.DecodeVenues([]byte(vbody))
		total, timed := 0, 0
		for _, v := range vs {
			if v.Accuracy != nil {
				total += v.Accuracy.Count
				timed += v.Accuracy.Timed
				if v.Accuracy.Count > 0 && v.Accuracy.MedianShortfall == "" {
					t.Errorf("venue %s accuracy without a shortfall: %s", v.ID, vbody)
				}
			}
		}
		// (timed may be 0: a swap polled slowly can go from waiting to
		// finished without its deposit being seen.)
		if total == received {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("venues count %d finished swaps with an amount received (want %d), %d timed: %.2000s", total, received, timed, vbody)
		}
		time.Sleep(250 * time.Millisecond)
	}
	// The webhook secret is in no log line and no database file.
	files := s.stderr.String()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		files += string(b)
	}
	if strings.Contains(files, "whsec-test") {
		t.Error("the webhook secret is in the logs or the database")
	}
	var out syncBuffer
	if err := run(context.Background(), []string{"venues", "--data-dir", dir}, noEnv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "accuracy of finished swaps") || !strings.Contains(out.String(), venues[0]+" ") {
		t.Errorf("swapscout venues shows no accuracy:\n%s", out.String())
	}
}

func quantiles(d []time.Duration) string {
	if len(d) == 0 {
		return "no samples"
	}
	slices.Sort(d)
	q := func(p float64) time.Duration { return d[min(len(d)-1, int(p*float64(len(d))))] }
	return fmt.Sprintf("n=%d p50=%v p99=%v max=%v", len(d), q(0.5).Round(100*time.Microsecond), q(0.99).Round(100*time.Microsecond), d[len(d)-1].Round(100*time.Microsecond))
}

// TestSwapFollowedAcrossInstances: two serve instances on one PostgreSQL; a
// swap made through one is polled by either, its events stream held by the
// other closes at finished, and its webhooks arrive once each, in order.
func TestSwapFollowedAcrossInstances(t *testing.T) {
	if os.Getenv(pgtest.EnvURL) == "" {
		t.Skipf("set %s to run two instances on one PostgreSQL", pgtest.EnvURL)
	}
	url := pgtest.URL(t)
	simURL, simSecret := startPayingSim(t)
	hooks := &hookReceiver{t: t, secret: []byte("whsec-pg"), got: map[string][]pushed{}}
	recv := httptest.NewServer(hooks)
	defer recv.Close()
	env := func(k string) string {
		if k == envWebhookSecret {
			return "whsec-pg"
		}
		return ""
	}
	args := []string{"--database-url", url, "--secret-key-file", testKeyFile(t), "--track-interval", "100ms", "--webhook-allow-private"}
	a := startServeOn(t, simURL, simSecret, env, args...)
	b := startServeOn(t, simURL, simSecret, env, args...)
	c := &http.Client{Transport: &http.Transport{}, Timeout: 60 * time.Second}
	defer c.CloseIdleConnections()
	quoteID, venues := swapOffers(t, c, a.url, "from=btc&to=eth&amount=0.1", false)
	body, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": venues[0], "payout_address": e2ePayoutETH,
		"refund_address": e2eRefundBTC, "callback_url": recv.URL})
	st, created := postJSON(t, c, a.url+"/v1/swaps", "pg-1", "application/json", body)
	if st != 201 {
		t.Fatalf("create on a: %d %s", st, created)
	}
	sw := swapOf(created)
	events, err := followEvents(c, b.url+"/v1/swaps/"+sw.ID+"/events")
	if err != nil {
		t.Fatal(err)
	}
	if len(events) == 0 || events[len(events)-1].status != "finished" {
		t.Fatalf("the stream on b ended at %+v; want finished", events)
	}
	_, rec := get(t, c, b.url+"/v1/swaps/"+sw.ID)
	final := swapOf(rec)
	var changes []string
	for _, h := range final.History[1:] {
		changes = append(changes, string(h.Status))
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		hooks.mu.Lock()
		var got []string
		for _, h := range hooks.got[sw.ID] {
			got = append(got, h.status)
		}
		hooks.mu.Unlock()
		if slices.Equal(got, changes) {
			time.Sleep(300 * time.Millisecond) // a repeat would show by now
			hooks.mu.Lock()
			n := len(hooks.got[sw.ID])
			hooks.mu.Unlock()
			if n != len(changes) {
				t.Errorf("%d webhooks for %d changes: some came twice", n, len(changes))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("webhooks %v; want each change once, in order: %v", got, changes)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
