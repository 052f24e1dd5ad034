// Command scale is the multi-instance load test: three `swapscout serve`
// instances behind a small Go reverse proxy (round robin), sharing one Redis
// (quotes, the cache, every venue's rate budget) and one PostgreSQL (swaps),
// asking one simulator that enforces each venue's stated rate limit (429
// beyond it). vegeta sends a realistic mix of quotes at a constant rate:
// ~20 pairs drawn Zipf-like, many amounts (log-uniform over two decades,
// rounded to three significant digits, as people type them), from 10,000
// users (X-Forwarded-For, the proxy trusted). It reports the rate served,
// the latency percentiles, the answers' status codes, how many answers came
// from the cache or carried derived offers, the 429s the venues answered
// (must be zero) and each instance's memory every few seconds (flat).
//
// Usage (from the bench directory, with a throwaway Redis and PostgreSQL):
//
//	SWAPSCOUT_REDIS_URL=redis://127.0.0.1:6379/0 SWAPSCOUT_DATABASE_URL=postgres://… \
//	  go run ./cmd/scale -rate 1000 -duration 60s
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/swapscout/swapscout/bench/internal/cli"
)

func main() { cli.Main("scale", run) }

// pairs are the mix: people ask for the first ones most (Zipf, s≈1.1).
var pairs = [][2]string{
	{"btc", "eth"}, {"btc", "xmr"}, {"eth", "btc"}, {"btc", "usdt"}, {"eth", "usdt"},
	{"xmr", "btc"}, {"ltc", "btc"}, {"btc", "ltc"}, {"sol", "usdt"}, {"usdt", "btc"},
	{"eth", "xmr"}, {"doge", "btc"}, {"btc", "sol"}, {"xrp", "usdt"}, {"ltc", "xmr"},
	{"bch", "btc"}, {"trx", "usdt"}, {"usdc", "eth"}, {"ada", "btc"}, {"bnb", "usdt"},
}

// typical is a usual amount of each ticker sent (about 1,000 USD at the
// simulator's reference prices, give or take).
var typical = map[string]float64{
	"btc": 0.02, "eth": 0.4, "xmr": 6, "ltc": 12, "sol": 6, "usdt": 1000, "doge": 8000,
	"xrp": 1500, "bch": 2.5, "trx": 9000, "usdc": 1000, "ada": 2500, "bnb": 1.5,
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("scale", flag.ContinueOnError)
	bin := fs.String("bin", "", "swapscout binary (default: built from ../cmd/swapscout)")
	rate := fs.Int("rate", 1000, "quotes per second sent")
	duration := fs.Duration("duration", 60*time.Second, "how long to send them")
	instances := fs.Int("instances", 3, "swapscout instances")
	users := fs.Int("users", 10000, "distinct clients (X-Forwarded-For)")
	redisURL := fs.String("redis", os.Getenv("SWAPSCOUT_REDIS_URL"), "Redis URL (a throwaway server)")
	dbURL := fs.String("db", os.Getenv("SWAPSCOUT_DATABASE_URL"), "PostgreSQL URL (a throwaway database)")
	deadline := fs.String("deadline", "", "the quotes' deadline= parameter (empty: the server's default)")
	pprofAddr := fs.String("pprof", "", "serve the first instance's net/http/pprof on this loopback address, to profile it under the load")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *redisURL == "" || *dbURL == "" {
		return errors.New("set SWAPSCOUT_REDIS_URL and SWAPSCOUT_DATABASE_URL (throwaway servers), or -redis and -db")
	}
	dir, err := os.MkdirTemp("", "swapscout-scale")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "swapscout")
		build := exec.CommandContext(ctx, "go", "build", "-o", *bin, "./cmd/swapscout")
		build.Dir = ".."
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	var procs []*exec.Cmd
	defer func() {
		for _, p := range procs {
			_ = p.Process.Signal(os.Interrupt)
		}
		for _, p := range procs {
			_ = p.Wait()
		}
	}()
	start := func(name string, env []string, args ...string) (*exec.Cmd, error) {
		c := exec.Command(*bin, args...)
		c.Env = append(os.Environ(), env...)
		logf, err := os.Create(filepath.Join(dir, name+".log"))
		if err != nil {
			return nil, err
		}
		c.Stdout, c.Stderr = logf, logf
		if err := c.Start(); err != nil {
			return nil, err
		}
		procs = append(procs, c)
		return c, nil
	}
	simAddr := freeAddr()
	if _, err := start("sim", nil, "sim", "--addr", simAddr); err != nil {
		return err
	}
	if err := waitHTTP(ctx, "http://"+simAddr+"/_sim/healthz"); err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	var key [32]byte
	_, _ = rand.Read(key[:])
	var backends []*url.URL
	var pids []int
	for i := range *instances {
		addr := freeAddr()
		args := []string{"serve", "--addr", addr, "--sim-url", "http://" + simAddr, "--redis-url", *redisURL, "--database-url", *dbURL,
			"--instances", strconv.Itoa(*instances), "--trusted-proxy", "127.0.0.1"}
		if i == 0 && *pprofAddr != "" {
			args = append(args, "--pprof", *pprofAddr)
		}
		c, err := start(fmt.Sprintf("serve%d", i), []string{"SWAPSCOUT_SECRET_KEY=" + hex.EncodeToString(key[:]), "SWAPSCOUT_LOG_LEVEL=warn"}, args...)
		if err != nil {
			return err
		}
		if err := waitHTTP(ctx, "http://"+addr+"/healthz"); err != nil {
			return fmt.Errorf("instance %d: %w (log in %s)", i, err, dir)
		}
		u, _ := url.Parse("http://" + addr)
		backends = append(backends, u)
		pids = append(pids, c.Process.Pid)
	}
	// The load balancer: round robin over the instances.
	var next atomic.Uint64
	tr := &http.Transport{MaxIdleConnsPerHost: 512, MaxConnsPerHost: 0, IdleConnTimeout: time.Minute}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(backends[next.Add(1)%uint64(len(backends))])
			r.Out.Header["X-Forwarded-For"] = r.In.Header["X-Forwarded-For"]
			r.SetXForwarded()
		},
		Transport: tr,
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	lb := &http.Server{Handler: proxy}
	go lb.Serve(ln)
	defer lb.Close()
	base := "http://" + ln.Addr().String()

	// Memory of each instance, every 5 s.
	var memMu sync.Mutex
	mem := make([][]int64, len(pids))
	memDone := make(chan struct{})
	memCtx, memStop := context.WithCancel(ctx)
	defer memStop()
	go func() {
		defer close(memDone)
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			memMu.Lock()
			for i, pid := range pids {
				mem[i] = append(mem[i], rssKB(pid))
			}
			memMu.Unlock()
			select {
			case <-memCtx.Done():
				return
			case <-t.C:
			}
		}
	}()

	rng := mrand.New(mrand.NewPCG(1, 2))
	zipf := zipfWeights(len(pairs), 1.1)
	var rngMu sync.Mutex
	targeter := func(t *vegeta.Target) error {
		rngMu.Lock()
		p := pairs[pick(rng, zipf)]
		amt := typical[p[0]] * math.Pow(10, rng.Float64()*2-1) // 0.1× … 10×
		user := rng.IntN(*users)
		rngMu.Unlock()
		q := "/v1/quotes?from=" + p[0] + "&to=" + p[1] + "&amount=" + sig3(amt)
		if *deadline != "" {
			q += "&deadline=" + *deadline
		}
		t.Method, t.URL = "GET", base+q
		t.Header = http.Header{"X-Forwarded-For": {fmt.Sprintf("10.%d.%d.%d", user>>16&255, user>>8&255, user&255)}}
		return nil
	}
	before, err := simStats(ctx, simAddr)
	if err != nil {
		return err
	}
	atk := vegeta.NewAttacker(vegeta.Workers(64), vegeta.MaxWorkers(4096), vegeta.KeepAlive(true), vegeta.Connections(4096),
		vegeta.Timeout(30*time.Second), vegeta.MaxBody(1<<20))
	var m vegeta.Metrics
	var hits, derived, withOffers, answers int64
	t0 := time.Now()
	for res := range atk.Attack(targeter, vegeta.Rate{Freq: *rate, Per: time.Second}, *duration, "quotes") {
		m.Add(res)
		if res.Code == 200 {
			answers++
			if strings.HasPrefix(res.Headers.Get("X-Swapscout-Cache"), "hit") {
				hits++
			}
			if bytes.Contains(res.Body, []byte(`"derived":{`)) {
				derived++
			}
			if bytes.Contains(res.Body, []byte(`"venue"`)) && !bytes.Contains(res.Body, []byte(`"offers":[]`)) {
				withOffers++
			}
		}
		if ctx.Err() != nil {
			atk.Stop()
		}
	}
	m.Close()
	elapsed := time.Since(t0)
	memStop()
	<-memDone
	after, err := simStats(ctx, simAddr)
	if err != nil {
		return err
	}
	var over, venueCalls int64
	var overBy []string
	for id, v := range after.Venues {
		o := v.OverLimit - before.Venues[id].OverLimit
		venueCalls += v.Requests - before.Venues[id].Requests
		if o > 0 {
			over += o
			overBy = append(overBy, fmt.Sprintf("%s=%d", id, o))
		}
	}
	sort.Strings(overBy)
	fmt.Fprintf(stdout, "scale: %d instances, one Redis, one PostgreSQL, the simulator with every venue's stated limit; %d pairs (Zipf 1.1), amounts 0.1-10x typical at 3 significant digits, %d users\n",
		*instances, len(pairs), *users)
	fmt.Fprintf(stdout, "sent %d quotes in %s at %d/s: answered %.0f/s, success %.2f%%, codes %v\n",
		m.Requests, elapsed.Round(time.Millisecond), *rate, m.Throughput, 100*m.Success, m.StatusCodes)
	fmt.Fprintf(stdout, "latency p50 %s p90 %s p99 %s max %s\n", m.Latencies.P50.Round(time.Millisecond), m.Latencies.P90.Round(time.Millisecond),
		m.Latencies.P99.Round(time.Millisecond), m.Latencies.Max.Round(time.Millisecond))
	if answers > 0 {
		fmt.Fprintf(stdout, "answers: %.1f%% from the identical-request cache, %.1f%% with at least one derived offer, %.1f%% with offers\n",
			100*float64(hits)/float64(answers), 100*float64(derived)/float64(answers), 100*float64(withOffers)/float64(answers))
	}
	fmt.Fprintf(stdout, "venue calls %d (%.0f/s); venues' 429s for going over their stated limit: %d %v\n",
		venueCalls, float64(venueCalls)/elapsed.Seconds(), over, overBy)
	for i := range mem {
		fmt.Fprintf(stdout, "instance %d RSS MB every 5 s: %v\n", i, mb(mem[i]))
	}
	if len(m.Errors) > 0 {
		fmt.Fprintf(stdout, "errors (first 5): %v\n", m.Errors[:min(5, len(m.Errors))])
	}
	return nil
}

func mb(kb []int64) []int64 {
	out := make([]int64, len(kb))
	for i, k := range kb {
		out[i] = k / 1024
	}
	return out
}

type stats struct {
	Venues map[string]struct {
		Requests  int64 `json:"requests"`
		OverLimit int64 `json:"over_limit"`
	} `json:"venues"`
}

func simStats(ctx context.Context, addr string) (stats, error) {
	var s stats
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+addr+"/_sim/stats", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	return s, json.NewDecoder(resp.Body).Decode(&s)
}

func zipfWeights(n int, s float64) []float64 {
	w := make([]float64, n)
	sum := 0.0
	for i := range w {
		w[i] = 1 / math.Pow(float64(i+1), s)
		sum += w[i]
	}
	acc := 0.0
	for i := range w {
		acc += w[i] / sum
		w[i] = acc
	}
	return w
}

func pick(r *mrand.Rand, cum []float64) int {
	u := r.Float64()
	return min(sort.SearchFloat64s(cum, u), len(cum)-1)
}

// sig3 renders x with three significant digits, as a plain decimal.
func sig3(x float64) string {
	e := int(math.Floor(math.Log10(x)))
	dec := max(0, 2-e)
	return strconv.FormatFloat(math.Round(x*math.Pow(10, float64(dec)))/math.Pow(10, float64(dec)), 'f', dec, 64)
}

func rssKB(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitHTTP(ctx context.Context, u string) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return errors.New("not healthy within 60 s")
}
