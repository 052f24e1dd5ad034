package chainwatch_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/all"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chainwatch"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/sim"
	simchain "github.com/swapscout/swapscout/sim/chain"
	"github.com/swapscout/swapscout/venue"
)

type loadClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *loadClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *loadClock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestWatchLoad is the bounded load test behind BENCHMARKS.md's "watching
// 10,000 open swaps": per network, SWAPSCOUT_WATCH_SWAPS (10,000) open
// payouts whose ages are spread evenly over SWAPSCOUT_WATCH_SPAN (2h), none
// landed yet (the costliest case for the calls: every one stays watched;
// the answers are empty, so the CPU is the calls' and the matching's, the
// parsing of a real answer is the parsers' benchmarks; the simulated chain
// scans its whole ledger per call, which a populated one would make the
// simulator's cost, not ours),
// checked through the real watchers against the simulated chain on
// loopback on chainwatch.DefaultSchedule for one simulated minute in
// steady state. It counts the calls each endpoint received and the
// process's CPU time (watchers and simulated chain together: an upper
// bound of the watching side). End-to-end tier: tens of thousands of calls.
func TestWatchLoad(t *testing.T) {
	tier.E2E(t)
	n, span := 10000, 2*time.Hour
	if v, err := strconv.Atoi(os.Getenv("SWAPSCOUT_WATCH_SWAPS")); err == nil && v > 0 {
		n = v
	}
	if v, err := time.ParseDuration(os.Getenv("SWAPSCOUT_WATCH_SPAN")); err == nil && v > 0 {
		span = v
	}
	t0 := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	clk := &loadClock{t: t0}
	c, err := simchain.New(simchain.Config{Seed: 11, Genesis: t0.Add(-span - time.Hour), Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	calls := map[string]*atomic.Int64{}
	h := c.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 3)
		key := parts[0]
		if (key == "esplora" || key == "evm") && len(parts) > 1 {
			key += " " + parts[1]
		}
		mu.Lock()
		ctr := calls[key]
		if ctr == nil {
			ctr = &atomic.Int64{}
			calls[key] = ctr
		}
		mu.Unlock()
		ctr.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	type net struct {
		network string
		asset   swapscout.Asset
		amount  string
	}
	nets := []net{
		{"btc", swapscout.Asset{Ticker: "btc", Network: "btc"}, "0.01"},
		{"eth", swapscout.Asset{Ticker: "usdt", Network: "eth"}, "250"},
		{"trx", swapscout.Asset{Ticker: "usdt", Network: "trx"}, "250"},
		{"sol", swapscout.Asset{Ticker: "sol", Network: "sol"}, "2"},
	}
	var ws []swapscout.ChainWatcher
	for _, nt := range nets {
		e := all.Endpoint{Network: nt.network, URL: simchain.URL(srv.URL, nt.network)}
		e.EVM.BlockTime = simchain.DefaultBlockTimes[nt.network]
		e.Limit = venue.Limit{Rate: 1e6, Burst: 1e6} // measure the load, not the guard
		w, err := all.Open(e, chaintest.Client(t), clk.Now)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	cw, err := chainwatch.New(chainwatch.Config{Watchers: ws, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	// The open swaps, and when each is next due: spread evenly over its
	// current interval, as a steady state has them.
	type open struct {
		e   swapscout.ChainExpect
		due time.Time
	}
	var swaps []open
	for _, nt := range nets {
		for i := range n {
			age := time.Duration(float64(span) * (float64(i) + 0.5) / float64(n))
			addr := sim.Address(nt.network, "load", strconv.Itoa(i))
			after := t0.Add(-age)
			every, ok := chainwatch.DefaultSchedule.Every(age)
			if !ok {
				continue
			}
			frac := float64(i*7919%n) / float64(n)
			swaps = append(swaps, open{due: t0.Add(time.Duration(frac * float64(every))),
				e: swapscout.ChainExpect{Side: swapscout.ChainPayout, Network: nt.network, Address: addr, Asset: nt.asset,
					Amount: swapscout.MustAmount(nt.amount), After: after}})
		}
	}
	ctx := context.Background()
	start, cpu0 := time.Now(), cpuTime()
	checks := 0
	for sec := range 60 {
		now := t0.Add(time.Duration(sec) * time.Second)
		clk.Set(now)
		var due []int
		for i := range swaps {
			if !swaps[i].due.After(now) {
				due = append(due, i)
			}
		}
		var wg sync.WaitGroup
		sem := make(chan struct{}, 8) // a tracker's workers
		for _, i := range due {
			wg.Add(1)
			sem <- struct{}{}
			go func(s *open) {
				defer wg.Done()
				defer func() { <-sem }()
				_, next, more := cw.CheckTransfer(ctx, s.e)
				if !more {
					next = time.Hour
				}
				s.due = now.Add(next)
			}(&swaps[i])
		}
		wg.Wait()
		checks += len(due)
	}
	wall, cpu := time.Since(start), cpuTime()-cpu0
	var b strings.Builder
	fmt.Fprintf(&b, "\n%d open payouts per network, ages over %s, one simulated minute: %d checks, wall %s, CPU %s (%.1f%% of one core per real minute of watching)\n",
		n, span, checks, wall.Round(time.Millisecond), cpu.Round(time.Millisecond), 100*cpu.Seconds()/60)
	fmt.Fprintf(&b, "| endpoint | calls in the minute |\n|---|---:|\n")
	mu.Lock()
	for _, k := range []string{"esplora btc", "evm eth", "trongrid", "solana"} {
		if ctr := calls[k]; ctr != nil {
			fmt.Fprintf(&b, "| %s | %d |\n", k, ctr.Load())
		}
	}
	mu.Unlock()
	t.Log(b.String())
	if want := chainwatch.DefaultSchedule.ChecksPerMinute(n, span) * float64(len(nets)); float64(checks) < want*0.9 || float64(checks) > want*1.1 {
		t.Errorf("%d checks in the minute; the schedule's arithmetic says %.0f", checks, want)
	}
}
