package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// clkTck is USER_HZ, the unit of /proc tick counts (100 on every Linux we run).
const clkTck = 100

// snapshot is the CPU time of the server process and of every core.
type snapshot struct {
	at           time.Time
	utime, stime int64            // the process, in ticks
	coreUser     map[string]int64 // "0" → user+nice ticks of cpu0
}

func sample(pid int) snapshot {
	s := snapshot{at: time.Now(), coreUser: map[string]int64{}}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		// Fields after the command name, which may contain spaces: state is
		// field 3, utime 14, stime 15.
		if i := bytes.LastIndexByte(b, ')'); i >= 0 {
			f := strings.Fields(string(b[i+1:]))
			if len(f) > 12 {
				s.utime, _ = strconv.ParseInt(f[11], 10, 64)
				s.stime, _ = strconv.ParseInt(f[12], 10, 64)
			}
		}
	}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) < 3 || !strings.HasPrefix(f[0], "cpu") || f[0] == "cpu" {
				continue
			}
			user, _ := strconv.ParseInt(f[1], 10, 64)
			nice, _ := strconv.ParseInt(f[2], 10, 64)
			s.coreUser[f[0][3:]] = user + nice
		}
	}
	return s
}

// foreign returns the user CPU that other processes used on core cpu during
// the window, as % of that core: the core's user time minus ours (ticks).
// NaN when cpu is not a single core.
func foreign(before, after snapshot, cpu string, oursTicks int64, wall float64) float64 {
	b, ok1 := before.coreUser[cpu]
	a, ok2 := after.coreUser[cpu]
	if !ok1 || !ok2 || wall <= 0 {
		return math.NaN()
	}
	return max(0, 100*float64(a-b-oursTicks)/clkTck/wall)
}

// waitQuiet waits up to -quiet-wait until, over half a second, other
// processes use less than -foreign-warn % of each pinned core (the server is
// idle meanwhile, so all user time there is foreign).
func (b *bench) waitQuiet(ctx context.Context) error {
	deadline := time.Now().Add(b.cfg.quietWait)
	for {
		before := sample(os.Getpid())
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
		after := sample(os.Getpid())
		wall := after.at.Sub(before.at).Seconds()
		f0 := foreign(before, after, b.cfg.serverCPU, 0, wall)
		f1 := foreign(before, after, b.cfg.genCPU, 0, wall)
		if !(f0 > b.cfg.foreignLimit) && !(f1 > b.cfg.foreignLimit) {
			return nil
		}
		if time.Now().After(deadline) {
			fmt.Fprintf(b.stdout, "  (cores still busy after -quiet-wait: %s%%/%s%% foreign; measuring anyway)\n", pct(f0), pct(f1))
			return nil
		}
	}
}

// report prints every row, the ratios within each round and the targets,
// and writes the same text to OUT/table.txt.
func (b *bench) report() {
	if len(b.rows) == 0 {
		return
	}
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "tool\tserver\tround\trps\tp50 ms\tp99 ms\tmax ms\terrors\tB/resp\tserver CPU% (sys)\tµs CPU/req\tgen CPU%\tforeign% srv/gen core\tours/floor\tours/gin\tby CPU: ours/floor\tours/gin\t")
	for _, r := range b.rows {
		of, og, cf, cg := "", "", "", ""
		if r.server == "ours" || r.server == "bare" {
			of = ratio(r.rps, b.find(r.tool, "floor", r.round))
			og = ratio(r.rps, b.find(r.tool, "gin", r.round))
			cf = ratio(float64(b.findCPU(r.tool, "floor", r.round)), float64(r.cpuPerReq))
			cg = ratio(float64(b.findCPU(r.tool, "gin", r.round)), float64(r.cpuPerReq))
		}
		flag := ""
		if r.foreign0 > b.cfg.foreignLimit || r.foreign1 > b.cfg.foreignLimit {
			flag = " !"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.0f\t%.2f\t%.2f\t%.1f\t%d\t%.0f\t%.0f (%.0f)\t%.1f\t%.0f\t%s/%s%s\t%s\t%s\t%s\t%s\t\n",
			r.tool, r.server, r.round, r.rps, msf(r.p50), msf(r.p99), msf(r.max), r.errors, r.bytesPerResp,
			r.srvCPU, r.srvSys, us(r.cpuPerReq), r.genCPU, pct(r.foreign0), pct(r.foreign1), flag, of, og, cf, cg)
	}
	tw.Flush()
	fmt.Fprintf(&buf, "(rps = successful responses/s; ratios use the same tool and round; '!' = other processes used > %.0f%% of a pinned core.\n"+
		" 'by CPU' ratios are other/ours server CPU time per request: what the rps ratio would be with every server CPU-bound on its own core,\n"+
		" and much less sensitive to neighbours than rps; /proc ticks are 10 ms, so short or starved windows are coarse)\n", b.cfg.foreignLimit)

	// Spread and targets.
	fmt.Fprintln(&buf, "\nsummary:")
	for _, tool := range b.cfg.tools {
		for _, s := range b.cfg.servers {
			lo, hi, p99lo, p99hi, n := math.Inf(1), 0.0, time.Duration(math.MaxInt64), time.Duration(0), 0
			cpulo, cpuhi := time.Duration(math.MaxInt64), time.Duration(0)
			for _, r := range b.rows {
				if r.tool == tool && r.server == s {
					lo, hi = min(lo, r.rps), max(hi, r.rps)
					p99lo, p99hi = min(p99lo, r.p99), max(p99hi, r.p99)
					cpulo, cpuhi = min(cpulo, r.cpuPerReq), max(cpuhi, r.cpuPerReq)
					n++
				}
			}
			if n > 0 {
				fmt.Fprintf(&buf, "  %-6s %-5s rps %.1f–%.1fk  p99 %.2f–%.2f ms  server CPU %.1f–%.1f µs/req  (%d run(s))\n",
					tool, s, lo/1e3, hi/1e3, msf(p99lo), msf(p99hi), us(cpulo), us(cpuhi), n)
			}
		}
	}
	for _, tool := range b.cfg.tools {
		for _, me := range []string{"ours", "bare"} {
			if contains(b.cfg.servers, me) {
				b.targets(&buf, tool, me)
			}
		}
	}
	fmt.Fprint(b.stdout, "\n"+buf.String())
	_ = os.WriteFile(filepath.Join(b.cfg.out, "table.txt"), buf.Bytes(), 0o644)
}

// targets prints the verdicts for server me ("ours", or "bare": ours
// without metrics) against the floor and gin of the same rounds.
func (b *bench) targets(buf io.Writer, tool, me string) {
	{
		var vsFloor, vsGin, cpuFloor, cpuGin []float64
		var p99 []time.Duration
		for _, r := range b.rows {
			if r.tool != tool || r.server != me {
				continue
			}
			if f := b.find(tool, "floor", r.round); f > 0 {
				vsFloor = append(vsFloor, r.rps/f)
			}
			if g := b.find(tool, "gin", r.round); g > 0 {
				vsGin = append(vsGin, r.rps/g)
			}
			if f := b.findCPU(tool, "floor", r.round); f > 0 && r.cpuPerReq > 0 {
				cpuFloor = append(cpuFloor, float64(f)/float64(r.cpuPerReq))
			}
			if g := b.findCPU(tool, "gin", r.round); g > 0 && r.cpuPerReq > 0 {
				cpuGin = append(cpuGin, float64(g)/float64(r.cpuPerReq))
			}
			p99 = append(p99, r.p99)
		}
		note := ""
		if tool == "vegeta" {
			note = " (vegeta on one core is generator-bound above ~25k rps: use wrk's rows for the targets)"
		}
		fmt.Fprintf(buf, "targets, %s, %s%s:\n", me, tool, note)
		fmt.Fprintf(buf, "  %s/floor rps ≥ 0.95: %s\n", me, verdict(vsFloor, func(v float64) bool { return v >= 0.95 }))
		fmt.Fprintf(buf, "  %s/gin   rps ≥ 2.40: %s\n", me, verdict(vsGin, func(v float64) bool { return v >= 2.40 }))
		fmt.Fprintf(buf, "  same, by server CPU per request: %s/floor %s; %s/gin %s\n", me,
			verdict(cpuFloor, func(v float64) bool { return v >= 0.95 }), me, verdict(cpuGin, func(v float64) bool { return v >= 2.40 }))
		var p99ms []float64
		for _, d := range p99 {
			p99ms = append(p99ms, msf(d))
		}
		fmt.Fprintf(buf, "  %s p99 ≤ 1.2 ms at %d connections: %s\n", me, b.cfg.conns, verdict(p99ms, func(v float64) bool { return v <= 1.2 }))
	}
}

func (b *bench) find(tool, server string, round int) float64 {
	for _, r := range b.rows {
		if r.tool == tool && r.server == server && r.round == round {
			return r.rps
		}
	}
	return 0
}

func (b *bench) findCPU(tool, server string, round int) time.Duration {
	for _, r := range b.rows {
		if r.tool == tool && r.server == server && r.round == round {
			return r.cpuPerReq
		}
	}
	return 0
}

func verdict(vs []float64, ok func(float64) bool) string {
	if len(vs) == 0 {
		return "not measured"
	}
	pass := 0
	var s []string
	for _, v := range vs {
		s = append(s, fmt.Sprintf("%.3g", v))
		if ok(v) {
			pass++
		}
	}
	res := "MET"
	if pass < len(vs) {
		res = fmt.Sprintf("NOT MET in %d of %d", len(vs)-pass, len(vs))
	}
	if len(vs) >= 3 {
		// Per round, the machine's own speed swings by up to a fifth: the
		// median of the interleaved rounds is the run's robust reading.
		sorted := slices.Clone(vs)
		slices.Sort(sorted)
		med := sorted[len(sorted)/2]
		if len(sorted)%2 == 0 {
			med = (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
		}
		mv := "MET"
		if !ok(med) {
			mv = "NOT MET"
		}
		return fmt.Sprintf("median %.3g %s; per round %s (%s)", med, mv, res, strings.Join(s, ", "))
	}
	return fmt.Sprintf("%s (%s)", res, strings.Join(s, ", "))
}

func ratio(a, b float64) string {
	if a <= 0 || b <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", a/b)
}

func pct(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.0f", v)
}

func msf(d time.Duration) float64 { return float64(d) / 1e6 }
