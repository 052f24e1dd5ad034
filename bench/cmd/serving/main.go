// Command serving measures seed 003's serving workload against swapscout:
// GET /v1/quotes/{id} for 1,000 stored quotes, answered by
//
//   - ours:  swapscout's real stack (httpapi.NewHandler + inmem store, served by
//     httpserver.Listen on fasthttp), loaded with quotes that swapscout's own
//     GET /v1/quotes handler encoded and framed;
//   - gin:   gin.New() + Recovery in release mode, a map[string]Quote of
//     structs and c.JSON (encoding/json), as seed 003 wrote it;
//   - floor: fasthttp answering precomputed bytes for the id found by a byte
//     scan of the path, with no JSON work: the HTTP stack's ceiling.
//
// Each server is its own process pinned to CPU 0 (GOMAXPROCS=1 taskset -c 0)
// on 127.0.0.1; the load generators run pinned to CPU 1: wrk (-t1 -c30
// --latency, a Lua script cycling over the ids) and vegeta's library at max
// rate with 30 workers (the seed's JSON report). Runs are interleaved
// (ours, gin, floor, ours, …), each on a fresh server process with a warm-up.
//
// Usage: cd bench && go run ./cmd/serving [flags]; see README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/swapscout/swapscout/bench/internal/fixture"
)

func main() {
	// Roles: the same binary runs the servers and vegeta as child processes.
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], "-role") {
		if err := runRole(os.Args[1:]); err != nil {
			fmt.Fprintln(os.Stderr, "serving:", err)
			os.Exit(1)
		}
		return
	}
	// Children get Pdeathsig: pin this goroutine to the main thread, which
	// lives as long as the process, so they die with us and not with a thread.
	runtime.LockOSThread()
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "serving:", err)
		os.Exit(1)
	}
}

type config struct {
	servers      []string
	tools        []string
	rounds       int
	dur, vegDur  time.Duration
	warmup       time.Duration
	conns        int
	n            int
	serverCPU    string
	genCPU       string
	out          string
	pprof        bool
	maxTime      time.Duration
	foreignLimit float64
	quietWait    time.Duration
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serving", flag.ContinueOnError)
	var c config
	servers := fs.String("servers", "ours,gin,floor", "servers to run, in round order (ours, gin, floor; bare: ours without metrics)")
	tools := fs.String("tools", "wrk,vegeta", "load generators (wrk, vegeta)")
	fs.IntVar(&c.rounds, "rounds", 3, "interleaved rounds (each server once per round)")
	fs.DurationVar(&c.dur, "d", 10*time.Second, "wrk measurement duration")
	fs.DurationVar(&c.vegDur, "vd", 5*time.Second, "vegeta measurement duration")
	fs.DurationVar(&c.warmup, "warmup", 2*time.Second, "warm-up before measuring, per server process")
	fs.IntVar(&c.conns, "c", 30, "connections (wrk) and workers (vegeta)")
	fs.IntVar(&c.n, "n", 1000, "stored quotes (ids cycled through)")
	fs.StringVar(&c.serverCPU, "server-cpu", "0", "taskset CPU list for the servers")
	fs.StringVar(&c.genCPU, "gen-cpu", "1", "taskset CPU list for the load generators")
	fs.StringVar(&c.out, "out", "", "directory for raw results, dataset and profiles (default: a new temp dir)")
	fs.BoolVar(&c.pprof, "pprof", false, "write each server's CPU profile over its wrk window to OUT/<server>-r<round>.pprof")
	fs.DurationVar(&c.maxTime, "max-time", 0, "abort after this long (default: the planned time + 60s)")
	fs.Float64Var(&c.foreignLimit, "foreign-warn", 10, "flag runs where other processes used more than this % of a pinned core")
	fs.DurationVar(&c.quietWait, "quiet-wait", 0, "before each measurement, wait up to this long for other processes to use less than -foreign-warn % of both pinned cores (0 = don't wait)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	c.servers = splitList(*servers)
	c.tools = splitList(*tools)
	for _, s := range c.servers {
		if s != "ours" && s != "gin" && s != "floor" && s != "bare" {
			return fmt.Errorf("unknown server %q", s)
		}
	}
	for _, t := range c.tools {
		if t != "wrk" && t != "vegeta" {
			return fmt.Errorf("unknown tool %q", t)
		}
	}
	haveWrk := false
	for i, t := range c.tools {
		if t == "wrk" {
			if _, err := exec.LookPath("wrk"); err != nil {
				fmt.Fprintln(stdout, "wrk not found; skipping it. Install it with: apt-get install -y wrk")
				c.tools = append(c.tools[:i:i], c.tools[i+1:]...)
			} else {
				haveWrk = true
			}
			break
		}
	}
	if len(c.tools) == 0 {
		return errors.New("no load generator to run")
	}
	if _, err := exec.LookPath("taskset"); err != nil {
		return errors.New("taskset not found (apt-get install -y util-linux)")
	}
	if runtime.NumCPU() < 2 && c.serverCPU == c.genCPU {
		fmt.Fprintln(stdout, "warning: server and load generator share a CPU; results measure both")
	}

	if c.out == "" {
		dir, err := os.MkdirTemp("", "swapscout-serving-")
		if err != nil {
			return err
		}
		c.out = dir
	} else if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}

	plan := time.Duration(c.rounds*len(c.servers)) * (c.warmup + 2*time.Second + time.Duration(len(c.tools))*c.quietWait +
		ifDur(haveWrk, c.dur) + ifDur(contains(c.tools, "vegeta"), c.vegDur))
	if c.maxTime <= 0 {
		c.maxTime = plan + 60*time.Second
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, c.maxTime)
	defer cancel()

	t0 := time.Now()
	recs, err := fixture.Build(c.n)
	if err != nil {
		return err
	}
	data := filepath.Join(c.out, "quotes.json")
	if err := fixture.Save(data, recs); err != nil {
		return err
	}
	ids := make([]string, len(recs))
	for i := range recs {
		ids[i] = recs[i].ID
	}
	lua := filepath.Join(c.out, "ids.lua")
	if err := os.WriteFile(lua, wrkScript(ids), 0o644); err != nil {
		return err
	}
	idFile := filepath.Join(c.out, "ids.txt")
	if err := os.WriteFile(idFile, []byte(strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "dataset: %d quotes built through GET /v1/quotes in %s (stored JSON %d–%d B); raw results in %s\n",
		len(recs), time.Since(t0).Round(time.Millisecond), minLen(recs), maxLen(recs), c.out)
	fmt.Fprintf(stdout, "plan: %d round(s) × %v, tools %v, servers on CPU %s, generators on CPU %s, about %s\n",
		c.rounds, c.servers, c.tools, c.serverCPU, c.genCPU, plan.Round(time.Second))

	b := &bench{cfg: c, exe: exe, data: data, lua: lua, idFile: idFile, recs: recs, stdout: stdout}
	defer b.killAll()
	for round := 1; round <= c.rounds; round++ {
		for _, s := range c.servers {
			if err := ctx.Err(); err != nil {
				b.report()
				return fmt.Errorf("stopped: %w", context.Cause(ctx))
			}
			if err := b.runServer(ctx, s, round); err != nil {
				b.report()
				return fmt.Errorf("%s round %d: %w", s, round, err)
			}
		}
	}
	b.report()
	fmt.Fprintf(stdout, "total time %s\n", time.Since(t0).Round(time.Second))
	return nil
}

func ifDur(ok bool, d time.Duration) time.Duration {
	if ok {
		return d
	}
	return 0
}

func contains(ss []string, s string) bool {
	for _, v := range ss {
		if v == s {
			return true
		}
	}
	return false
}

func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func minLen(recs []fixture.Record) int {
	m := 0
	for i, r := range recs {
		if i == 0 || len(r.JSON()) < m {
			m = len(r.JSON())
		}
	}
	return m
}

func maxLen(recs []fixture.Record) int {
	m := 0
	for _, r := range recs {
		m = max(m, len(r.JSON()))
	}
	return m
}

// wrkScript returns a Lua script that requests the ids in turn and prints
// wrk's summary as one JSON line (latencies in µs) for the parent to parse.
func wrkScript(ids []string) []byte {
	var b strings.Builder
	b.WriteString("-- generated by bench/cmd/serving: GET /v1/quotes/{id}, cycling over the stored ids\nlocal ids = {\n")
	for _, id := range ids {
		fmt.Fprintf(&b, "%q,\n", id)
	}
	b.WriteString(`}
local i = 0
request = function()
  i = i + 1
  if i > #ids then i = 1 end
  return wrk.format("GET", "/v1/quotes/" .. ids[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('SERVING_JSON {"requests":%d,"duration_us":%d,"bytes":%d,' ..
    '"err_connect":%d,"err_read":%d,"err_write":%d,"err_status":%d,"err_timeout":%d,' ..
    '"p50_us":%.1f,"p99_us":%.1f,"max_us":%.1f,"mean_us":%.1f}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max, latency.mean))
end
`)
	return []byte(b.String())
}
