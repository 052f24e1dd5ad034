package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/internal/tier"
)

// BenchmarkPush measures how fast a swap's status change reaches its SSE
// client and its webhook receiver when many swaps change at once: N swaps
// (SWAPSCOUT_PUSH_SWAPS, default 100) are created together on the
// simulator, which pays them all 3 s later and moves each through its
// stages every 150 ms; each swap's events stream is held open (on the other
// instance, with PostgreSQL) and a webhook receiver verifies every
// delivery. A change's latency is its arrival minus the moment the tracker
// saw it (its history entry's time). It reports the p50 and p99 of each
// path as custom metrics. SQLite runs one instance; PostgreSQL
// (SWAPSCOUT_DATABASE_URL) two, swaps made on one and followed on the
// other. End-to-end tier: run it alone, -benchtime=1x.
//
// SWAPSCOUT_PUSH_BUILDS compares builds in one run, under the same load:
// "name=binary,name=binary" (e.g. base=swapscout-main,new=swapscout-branch),
// each run as processes of their own, one after the other for each store
// (-count=N repeats each build's round N times).
func BenchmarkPush(b *testing.B) {
	tier.E2E(b)
	n := 100
	if v, err := strconv.Atoi(os.Getenv("SWAPSCOUT_PUSH_SWAPS")); err == nil && v > 0 {
		n = v
	}
	type build struct {
		name  string
		serve serveFunc
	}
	builds := []build{{"", func(b *testing.B, simURL, simSecret string, env func(string) string, args ...string) string {
		return startServeOn(b, simURL, simSecret, env, args...).url
	}}}
	if spec := os.Getenv("SWAPSCOUT_PUSH_BUILDS"); spec != "" {
		builds = nil
		for _, nb := range strings.Split(spec, ",") {
			name, bin, ok := strings.Cut(nb, "=")
			if !ok {
				b.Fatalf("SWAPSCOUT_PUSH_BUILDS: %q is not name=binary", nb)
			}
			builds = append(builds, build{name, serveBinary(bin)})
		}
	}
	for _, bd := range builds {
		b.Run(path.Join("sqlite", bd.name), func(b *testing.B) {
			for b.Loop() {
				sse, hook := pushRound(b, n, bd.serve, []string{"--data-dir", b.TempDir()}, 1)
				reportPush(b, sse, hook)
			}
		})
	}
	for _, bd := range builds {
		b.Run(path.Join("postgres", bd.name), func(b *testing.B) {
			if os.Getenv(pgtest.EnvURL) == "" {
				b.Skipf("set %s to run two instances on one PostgreSQL", pgtest.EnvURL)
			}
			for b.Loop() {
				sse, hook := pushRound(b, n, bd.serve, []string{"--database-url", pgtest.URL(b), "--secret-key-file", testKeyFile(b)}, 2)
				reportPush(b, sse, hook)
			}
		})
	}
}

// serveFunc starts one `serve` instance against the simulator and returns
// its base URL.
type serveFunc func(b *testing.B, simURL, simSecret string, env func(string) string, args ...string) string

// serveBinary starts `bin serve` as a process of its own (another build of
// swapscout), stopped when the benchmark ends.
func serveBinary(bin string) serveFunc {
	return func(b *testing.B, simURL, simSecret string, env func(string) string, args ...string) string {
		b.Helper()
		cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--sim-url", simURL, "--sim-secret", simSecret}, args...)...)
		// Its settings come from args alone: none of this process's
		// SWAPSCOUT_ variables (the test's database URL) reach it.
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "SWAPSCOUT_") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		cmd.Env = append(cmd.Env, envWebhookSecret+"="+env(envWebhookSecret))
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		errOut := &syncBuffer{}
		cmd.Stderr = errOut
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
		})
		found := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if m := servingLine.FindStringSubmatch(sc.Text()); m != nil {
					found <- m[1]
				}
			}
		}()
		select {
		case u := <-found:
			return u
		case <-time.After(60 * time.Second):
			b.Fatalf("%s serve: no serving line within 60 s\n%s", bin, errOut.String())
			return ""
		}
	}
}

func reportPush(b *testing.B, sse, hook []time.Duration) {
	q := func(d []time.Duration, p float64) float64 {
		if len(d) == 0 {
			return -1
		}
		slices.Sort(d)
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
	}
	b.ReportMetric(q(sse, 0.5), "sse-p50-ms")
	b.ReportMetric(q(sse, 0.99), "sse-p99-ms")
	b.ReportMetric(q(hook, 0.5), "hook-p50-ms")
	b.ReportMetric(q(hook, 0.99), "hook-p99-ms")
	b.ReportMetric(float64(len(sse)), "changes")
	b.Logf("%d changes: SSE %s; webhooks %s", len(sse), quantiles(slices.Clone(sse)), quantiles(slices.Clone(hook)))
}

// pushRound runs n swaps to their end on instances serve processes with
// args and returns the push latencies of every change.
func pushRound(b *testing.B, n int, serve serveFunc, args []string, instances int) (sse, hook []time.Duration) {
	simURL, simSecret := startPayingSim(b, "--auto-pay", "3s")
	hooks := &hookReceiver{t: b, secret: []byte("whsec-bench"), got: map[string][]pushed{}}
	recv := httptest.NewServer(hooks)
	defer recv.Close()
	env := func(k string) string {
		if k == envWebhookSecret {
			return "whsec-bench"
		}
		return ""
	}
	args = append(args, "--track-interval", "100ms", "--webhook-allow-private", "--max-client-streams", "0", "--fanout-rate", "-1")
	var urls []string
	for range instances {
		urls = append(urls, serve(b, simURL, simSecret, env, args...))
	}
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: 60 * time.Second}
	defer c.CloseIdleConnections()
	quoteID, venues := swapOffers(b, c, urls[0], "from=btc&to=eth&amount=0.1", false)
	ids := make([]string, n)
	events := make([][]pushed, n)
	errs := make([]error, n)
	var wg, follows sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			body, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": venues[i%len(venues)], "payout_address": e2ePayoutETH,
				"refund_address": e2eRefundBTC, "callback_url": recv.URL + "/hook"})
			st, created := postJSON(b, c, urls[0]+"/v1/swaps", "push-"+strconv.Itoa(i), "application/json", body)
			if st != 201 {
				b.Errorf("create %d: %d %s", i, st, created)
				return
			}
			ids[i] = swapOf(created).ID
			// Followed from its creation, as a page or a client does: the
			// stream sees every change, as the webhook receiver does (opened
			// after all 100 were made, the streams saw a third of the
			// changes, and their p99 was their one slowest).
			follow := urls[(i+1)%len(urls)] // with two instances, the other one
			follows.Go(func() { events[i], errs[i] = followEvents(c, follow+"/v1/swaps/"+ids[i]+"/events") })
		})
	}
	wg.Wait()
	follows.Wait()
	if b.Failed() {
		b.FailNow()
	}
	for i, id := range ids {
		if errs[i] != nil {
			b.Fatalf("swap %s events: %v", id, errs[i])
		}
		if len(events[i]) == 0 || events[i][len(events[i])-1].status != "finished" {
			b.Fatalf("swap %s stream ended at %+v; want finished", id, events[i])
		}
		for k, e := range events[i][1:] {
			if !e.seenAt.IsZero() {
				d := e.arrived.Sub(e.seenAt)
				sse = append(sse, d)
				if d > 100*time.Millisecond {
					// Name the slow ones: which event of its stream, how long
					// after the stream's first event, and when its webhook came.
					hooks.mu.Lock()
					var hookAt time.Duration
					for _, h := range hooks.got[id] {
						if h.status == e.status {
							hookAt = h.arrived.Sub(e.seenAt)
						}
					}
					hooks.mu.Unlock()
					b.Logf("slow SSE: swap %s event %d/%d %s: %v after the change; the stream's first event %v before the change; webhook at %v",
						id, k+2, len(events[i]), e.status, d.Round(time.Millisecond), e.seenAt.Sub(events[i][0].arrived).Round(time.Millisecond), hookAt.Round(time.Millisecond))
				}
			}
		}
		want := len(events[i]) - 1
		deadline := time.Now().Add(10 * time.Second)
		for {
			hooks.mu.Lock()
			got := slices.Clone(hooks.got[id])
			hooks.mu.Unlock()
			if len(got) >= want || time.Now().After(deadline) {
				for _, h := range got {
					hook = append(hook, h.arrived.Sub(h.seenAt))
				}
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return sse, hook
}
