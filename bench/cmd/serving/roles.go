package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/bench/internal/fixture"
	"github.com/swapscout/swapscout/bench/internal/peers"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/metrics"
)

// runRole runs one child process: a server (-role=server -kind=…) or the
// vegeta load generator (-role=vegeta).
func runRole(args []string) error {
	fs := flag.NewFlagSet("role", flag.ContinueOnError)
	role := fs.String("role", "", "server or vegeta")
	kind := fs.String("kind", "", "server kind: ours, gin or floor")
	data := fs.String("data", "", "dataset written by the parent")
	url := fs.String("url", "", "vegeta: server base URL")
	ids := fs.String("ids", "", "vegeta: file of ids, one per line")
	d := fs.Duration("d", 5*time.Second, "vegeta: attack duration")
	workers := fs.Uint64("workers", 30, "vegeta: workers (and so connections)")
	life := fs.Duration("max-life", 15*time.Minute, "exit after this long whatever happens")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// A child never outlives its purpose, even if the parent vanished
	// without killing it.
	time.AfterFunc(*life, func() { fmt.Fprintln(os.Stderr, "serving: child exceeded -max-life"); os.Exit(2) })
	switch *role {
	case "server":
		return serve(*kind, *data)
	case "vegeta":
		return attack(*url, *ids, *d, *workers)
	}
	return fmt.Errorf("unknown role %q", *role)
}

// serve runs one server on 127.0.0.1, prints "ADDR host:port" and serves
// until SIGTERM. SIGUSR1/SIGUSR2 start and stop a CPU profile written to
// $SERVING_PPROF.
func serve(kind, data string) error {
	recs, err := fixture.Load(data)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	var shutdown func() error
	switch kind {
	case "ours":
		shutdown, err = serveOurs(ln, recs, true)
	case "bare":
		shutdown, err = serveOurs(ln, recs, false)
	case "gin":
		shutdown, err = serveGin(ln, recs)
	case "floor":
		shutdown, err = serveFloor(ln, recs)
	default:
		err = fmt.Errorf("unknown server kind %q", kind)
	}
	if err != nil {
		ln.Close()
		return err
	}
	fmt.Printf("ADDR %s\n", ln.Addr())

	sig := make(chan os.Signal, 4)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT, syscall.SIGUSR1, syscall.SIGUSR2)
	var prof *os.File
	for s := range sig {
		switch s {
		case syscall.SIGUSR1:
			path := os.Getenv("SERVING_PPROF")
			if path == "" || prof != nil {
				continue
			}
			prof, err = os.Create(path + ".tmp")
			if err == nil {
				err = pprof.StartCPUProfile(prof)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "serving: cpu profile:", err)
				prof = nil
			}
		case syscall.SIGUSR2:
			stopProfile(prof)
			prof = nil
		default:
			// Signals of different kinds may arrive out of order: a
			// SIGTERM can overtake the SIGUSR2 sent just before it.
			stopProfile(prof)
			return shutdown()
		}
	}
	return nil
}

// stopProfile ends the CPU profile being written to f, if any, and gives it
// its final name.
func stopProfile(f *os.File) {
	if f == nil {
		return
	}
	pprof.StopCPUProfile()
	f.Close()
	_ = os.Rename(f.Name(), strings.TrimSuffix(f.Name(), ".tmp"))
}

// serveOurs is swapscout's serving stack as cmd/swapscout runs it: the API
// handler over an in-memory store, on the fasthttp transport, with the
// per-route metrics on (as serve's default; access log off). "bare" is the
// same without metrics.
func serveOurs(ln net.Listener, recs []fixture.Record, withMetrics bool) (func() error, error) {
	h, err := peers.Ours(recs, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		return nil, err
	}
	if withMetrics {
		m := metrics.New()
		if err := m.Register(metrics.NewRegistry()); err != nil {
			return nil, err
		}
		h.Observe(m.Route)
	}
	srv, err := httpserver.Serve(ln, h, httpserver.Options{})
	if err != nil {
		return nil, err
	}
	return shutdown(srv), nil
}

// serveGin is seed 003's Gin service on a net/http server.
func serveGin(ln net.Listener, recs []fixture.Record) (func() error, error) {
	e, err := peers.Gin(recs)
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return shutdown(srv), nil
}

// shutdown stops srv gracefully, within 3 s.
func shutdown(srv interface{ Shutdown(context.Context) error }) func() error {
	return func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		return srv.Shutdown(ctx)
	}
}

// serveFloor serves precomputed bytes on a default fasthttp server.
func serveFloor(ln net.Listener, recs []fixture.Record) (func() error, error) {
	srv := &fasthttp.Server{Name: "swapscout", Handler: peers.Floor(recs)}
	go func() { _ = srv.Serve(ln) }()
	return srv.Shutdown, nil
}

// attack runs vegeta's attacker at max rate with a fixed number of workers
// over the ids and prints vegeta's JSON report (the seed's format).
func attack(base, idFile string, d time.Duration, workers uint64) error {
	b, err := os.ReadFile(idFile)
	if err != nil {
		return err
	}
	ids := strings.Fields(string(b))
	if len(ids) == 0 {
		return fmt.Errorf("no ids in %s", idFile)
	}
	urls := make([]string, len(ids))
	for i, id := range ids {
		urls[i] = base + "/v1/quotes/" + id
	}
	var next atomic.Uint64
	targeter := vegeta.Targeter(func(t *vegeta.Target) error {
		t.Method = "GET"
		t.URL = urls[(next.Add(1)-1)%uint64(len(urls))]
		return nil
	})
	a := vegeta.NewAttacker(vegeta.Workers(workers), vegeta.MaxWorkers(workers), vegeta.KeepAlive(true), vegeta.Timeout(10*time.Second))
	var m vegeta.Metrics
	for res := range a.Attack(targeter, vegeta.Rate{Freq: 0}, d, "serving") {
		m.Add(res)
	}
	m.Close()
	return vegeta.NewJSONReporter(&m).Report(os.Stdout)
}
