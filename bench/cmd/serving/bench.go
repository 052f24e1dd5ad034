package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/bench/internal/fixture"
	"github.com/swapscout/swapscout/bench/internal/peers"
)

// bench runs the measurements and keeps their rows.
type bench struct {
	cfg    config
	exe    string
	data   string
	lua    string
	idFile string
	recs   []fixture.Record
	stdout io.Writer

	procs []*exec.Cmd // started and not yet reaped
	rows  []row
}

// row is one measured run.
type row struct {
	tool, server string
	round        int
	rps          float64
	requests     int64
	cpuPerReq    time.Duration // server CPU time per request
	p50, p99     time.Duration
	max          time.Duration
	errors       int64
	bytesPerResp float64
	srvCPU       float64 // % of one core over the window
	srvSys       float64
	genCPU       float64
	genUser      time.Duration // the generator's user CPU time
	foreign0     float64       // user CPU of other processes on the server's core, %
	foreign1     float64       // … on the generator's core
}

// runServer starts one server process, smoke-tests it, warms it up, measures
// it with every tool and stops it.
func (b *bench) runServer(ctx context.Context, server string, round int) error {
	args := []string{"-role=server", "-kind=" + server, "-data=" + b.data}
	env := []string{"GOMAXPROCS=1"}
	profile := filepath.Join(b.cfg.out, fmt.Sprintf("%s-r%d.pprof", server, round))
	if b.cfg.pprof {
		env = append(env, "SERVING_PPROF="+profile)
	}
	srv, addr, err := b.start(ctx, b.cfg.serverCPU, env, args...)
	if err != nil {
		return err
	}
	defer b.stop(srv)
	base := "http://" + addr
	if err := b.smoke(ctx, base); err != nil {
		return fmt.Errorf("smoke test: %w", err)
	}
	// Warm-up with the first tool; its numbers are discarded.
	if contains(b.cfg.tools, "wrk") {
		if _, err := b.wrk(ctx, base, b.cfg.warmup, filepath.Join(b.cfg.out, fmt.Sprintf("%s-r%d-warmup.wrk.txt", server, round))); err != nil {
			return fmt.Errorf("warm-up: %w", err)
		}
	} else if _, err := b.vegeta(ctx, base, b.cfg.warmup, ""); err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}
	for _, tool := range b.cfg.tools {
		if b.cfg.quietWait > 0 {
			if err := b.waitQuiet(ctx); err != nil {
				return err
			}
		}
		if b.cfg.pprof && tool == "wrk" {
			_ = srv.Process.Signal(syscall.SIGUSR1)
		}
		before := sample(srv.Process.Pid)
		var r row
		switch tool {
		case "wrk":
			r, err = b.wrk(ctx, base, b.cfg.dur, filepath.Join(b.cfg.out, fmt.Sprintf("%s-r%d.wrk.txt", server, round)))
		case "vegeta":
			r, err = b.vegeta(ctx, base, b.cfg.vegDur, filepath.Join(b.cfg.out, fmt.Sprintf("%s-r%d.vegeta.json", server, round)))
		}
		after := sample(srv.Process.Pid)
		if b.cfg.pprof && tool == "wrk" {
			_ = srv.Process.Signal(syscall.SIGUSR2)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", tool, err)
		}
		r.tool, r.server, r.round = tool, server, round
		wall := after.at.Sub(before.at).Seconds()
		r.srvCPU = 100 * float64(after.utime+after.stime-before.utime-before.stime) / clkTck / wall
		r.srvSys = 100 * float64(after.stime-before.stime) / clkTck / wall
		if r.requests > 0 {
			r.cpuPerReq = time.Duration(float64(after.utime+after.stime-before.utime-before.stime) / clkTck * 1e9 / float64(r.requests))
		}
		r.foreign0 = foreign(before, after, b.cfg.serverCPU, after.utime-before.utime, wall)
		r.foreign1 = foreign(before, after, b.cfg.genCPU, int64(r.genUser.Seconds()*clkTck), wall)
		b.rows = append(b.rows, r)
		fmt.Fprintf(b.stdout, "  %-6s %-5s round %d: %8.0f rps  p50 %s  p99 %s  max %s  errors %d  server CPU %.0f%% (%.1f µs/req)  foreign %.0f%%/%.0f%%\n",
			tool, server, round, r.rps, ms(r.p50), ms(r.p99), ms(r.max), r.errors, r.srvCPU, us(r.cpuPerReq), r.foreign0, r.foreign1)
	}
	if b.cfg.pprof {
		b.stop(srv) // the profile is complete once the process has exited
		fmt.Fprintf(b.stdout, "  profile: %s\n", profile)
	}
	return nil
}

// start runs the binary in a role pinned to cpus and, for servers, reads the
// address it listens on.
func (b *bench) start(ctx context.Context, cpus string, env []string, args ...string) (*exec.Cmd, string, error) {
	cmd := exec.Command("taskset", append([]string{"-c", cpus, b.exe}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	b.procs = append(b.procs, cmd)
	type line struct {
		s   string
		err error
	}
	ch := make(chan line, 1)
	go func() {
		s, err := bufio.NewReader(out).ReadString('\n')
		ch <- line{s, err}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case l := <-ch:
		addr, ok := strings.CutPrefix(strings.TrimSpace(l.s), "ADDR ")
		if !ok || !strings.HasPrefix(addr, "127.0.0.1:") {
			b.stop(cmd)
			return nil, "", fmt.Errorf("server did not start: %q %v", l.s, l.err)
		}
		return cmd, addr, nil
	case <-time.After(15 * time.Second):
		b.stop(cmd)
		return nil, "", errors.New("server did not report its address within 15s")
	case <-ctx.Done():
		b.stop(cmd)
		return nil, "", ctx.Err()
	}
}

// stop ends a process we started: SIGTERM, then SIGKILL after 3 s.
func (b *bench) stop(cmd *exec.Cmd) {
	for i, c := range b.procs {
		if c == cmd {
			b.procs = append(b.procs[:i], b.procs[i+1:]...)
			break
		}
	}
	if cmd.ProcessState != nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

// killAll stops every process still running (deferred, also on errors).
func (b *bench) killAll() {
	for len(b.procs) > 0 {
		b.stop(b.procs[len(b.procs)-1])
	}
}

var smokeClient = &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}

// smoke checks that the server answers a known id with the same quote as
// swapscout stored (compared as decoded JSON, age aside) and an unknown id
// with 404.
func (b *bench) smoke(ctx context.Context, base string) error {
	c := api.NewClientWith(base, smokeClient)
	for _, i := range []int{0, len(b.recs) / 2, len(b.recs) - 1} {
		rec := &b.recs[i]
		q, err := c.QuoteByID(ctx, rec.ID)
		if err != nil {
			return fmt.Errorf("GET %s: %w", rec.ID, err)
		}
		if err := peers.Same(q, rec.JSON()); err != nil {
			return fmt.Errorf("GET %s: %w", rec.ID, err)
		}
	}
	var ae *api.Error
	if _, err := c.QuoteByID(ctx, "qzzzzzzzzzzzzzzzzzzzzzzzzzz"); !errors.As(err, &ae) || ae.Status != 404 {
		return fmt.Errorf("GET unknown id: %v, want a 404", err)
	}
	return nil
}

// wrkResult is what the Lua script's done() prints.
type wrkResult struct {
	Requests   int64   `json:"requests"`
	DurationUS int64   `json:"duration_us"`
	Bytes      int64   `json:"bytes"`
	ErrConnect int64   `json:"err_connect"`
	ErrRead    int64   `json:"err_read"`
	ErrWrite   int64   `json:"err_write"`
	ErrStatus  int64   `json:"err_status"`
	ErrTimeout int64   `json:"err_timeout"`
	P50US      float64 `json:"p50_us"`
	P99US      float64 `json:"p99_us"`
	MaxUS      float64 `json:"max_us"`
}

func (b *bench) wrk(ctx context.Context, base string, d time.Duration, save string) (row, error) {
	ctx, cancel := context.WithTimeout(ctx, d+15*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "taskset", "-c", b.cfg.genCPU, "wrk", "-t1", fmt.Sprintf("-c%d", b.cfg.conns),
		fmt.Sprintf("-d%ds", max(1, int(d.Round(time.Second)/time.Second))), "--latency", "-s", b.lua, base)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if save != "" {
		_ = os.WriteFile(save, out.Bytes(), 0o644)
	}
	if err != nil {
		return row{}, fmt.Errorf("%v: %s", err, out.Bytes())
	}
	_, js, ok := bytes.Cut(out.Bytes(), []byte("SERVING_JSON "))
	if !ok {
		return row{}, fmt.Errorf("no summary in wrk output: %s", out.Bytes())
	}
	js, _, _ = bytes.Cut(js, []byte("\n"))
	var w wrkResult
	if err := json.Unmarshal(js, &w); err != nil {
		return row{}, fmt.Errorf("wrk summary %q: %w", js, err)
	}
	r := row{
		rps:      float64(w.Requests) / (float64(w.DurationUS) / 1e6),
		requests: w.Requests,
		p50:      time.Duration(w.P50US * 1e3),
		p99:      time.Duration(w.P99US * 1e3),
		max:      time.Duration(w.MaxUS * 1e3),
		errors:   w.ErrConnect + w.ErrRead + w.ErrWrite + w.ErrStatus + w.ErrTimeout,
		genCPU:   100 * (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds() / wall.Seconds(),
		genUser:  cmd.ProcessState.UserTime(),
	}
	if w.Requests > 0 {
		r.bytesPerResp = float64(w.Bytes) / float64(w.Requests)
	}
	return r, nil
}

func (b *bench) vegeta(ctx context.Context, base string, d time.Duration, save string) (row, error) {
	ctx, cancel := context.WithTimeout(ctx, d+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "taskset", "-c", b.cfg.genCPU, b.exe, "-role=vegeta", "-url="+base,
		"-ids="+b.idFile, "-d="+d.String(), fmt.Sprintf("-workers=%d", b.cfg.conns))
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return row{}, fmt.Errorf("vegeta: %v", err)
	}
	if save != "" {
		_ = os.WriteFile(save, out.Bytes(), 0o644)
	}
	var m vegeta.Metrics
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		return row{}, fmt.Errorf("vegeta report: %w", err)
	}
	var errs int64
	for code, n := range m.StatusCodes {
		if code != "200" {
			errs += int64(n)
		}
	}
	return row{
		rps:          m.Throughput,
		requests:     int64(m.Requests),
		p50:          m.Latencies.P50,
		p99:          m.Latencies.P99,
		max:          m.Latencies.Max,
		errors:       errs,
		bytesPerResp: m.BytesIn.Mean,
		genCPU:       100 * (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds() / wall.Seconds(),
		genUser:      cmd.ProcessState.UserTime(),
	}, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/1e6) }

func us(d time.Duration) float64 { return float64(d) / 1e3 }
