package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/swapscout/swapscout/httpserver"
)

// runDemo starts the simulator and the server in one process on loopback.
func runDemo(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("demo", "demo [flags]", e.stderr)
	var lf listenFlags
	lf.register(fs, e.getenv)
	var db dbFlags
	db.register(fs, e.getenv)
	tf := trackFlags{webhookPrivate: true} // the demo is on loopback, and so is a receiver tried with it
	tf.register(fs, e.getenv)
	var kf keyFlags
	kf.register(fs, e.getenv)
	var mf mcpFlags
	mf.register(fs, e.getenv, true)
	// The demo's limits, stores and metrics are serve's defaults; only
	// --metrics is its own to turn off.
	var sf serviceFlags
	sf.register(flag.NewFlagSet("", flag.ContinueOnError), noEnv)
	fs.BoolVar(&sf.metrics, "metrics", true, "serve Prometheus metrics at /metrics")
	var k simKnobs
	k.autoPay = 20 * time.Second // a newcomer's swap pays itself and runs to its end
	k.register(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	if host, _, err := net.SplitHostPort(lf.addr); err != nil || !isLoopback(host) {
		return fmt.Errorf("--addr %q: the demo serves on loopback only", lf.addr)
	}
	// Bind first, as serve does: a busy port fails before anything starts.
	ln, err := bind(lf.addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	simsrv, err := k.startSim()
	if err != nil {
		return err
	}
	defer simsrv.Close()
	// The simulated orders' transfers land on the simulator's chain
	// (served under /_chain): the demo watches it on every network.
	tf.simChain = &simChainSpec{url: simsrv.URL() + "/_chain", chain: k.chain, block: k.chainBlock}
	log, err := envLogger(e)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stderr, "loading the venues' market lists from the simulator…")
	obs := newObservability(log, &sf, nil)
	st, err := obs.openStack(ctx, stackOptions{simURL: simsrv.URL(), secret: k.secret, getenv: noEnv, ttl: lf.ttl, window: lf.window, log: log, db: &db, track: &tf, keys: &kf, venueProxy: sf.venueProxy,
		assetsEvery: lf.assetsEvery})
	if err != nil {
		return err
	}
	defer st.Close()
	mcpMounts, err := mf.mountOn(st, log, ln.ln.Addr(), "", nil) // before take: the listener names the hosts
	if err != nil {
		return err
	}
	srv, err := httpserver.Serve(ln.take(), st.handler, httpserver.Options{Transport: lf.transport, Logger: log, Mounts: mcpMounts})
	if err != nil {
		return err
	}
	// The page's address comes first: it is what a newcomer opens.
	fmt.Fprintf(e.stdout, "web page: %s/   (compare offers and swap, with or without JavaScript)\n", srv.URL())
	fmt.Fprintf(e.stdout, "swapscout demo: %d simulated venues at %s; API: %s   (Ctrl-C to stop)\n\n", len(st.registry.Venues()), simsrv.URL(), srv.URL())
	fmt.Fprintf(e.stdout, "  curl '%s/v1/quotes?from=btc&to=eth&amount=0.1'\n", srv.URL())
	fmt.Fprintf(e.stdout, "  curl '%s/v1/quotes?from=btc&to=xmr&amount=0.5&deadline=1s'\n", srv.URL())
	fmt.Fprintf(e.stdout, "  curl '%s/v1/venues'\n", srv.URL())
	if mf.path != "" {
		fmt.Fprintf(e.stdout, "  MCP for agents (streamable HTTP): %s%s   (or over stdio: swapscout mcp --sim)\n", srv.URL(), mf.path)
	}
	if sf.metrics {
		fmt.Fprintf(e.stdout, "  curl '%s/metrics'\n", srv.URL())
	}
	fmt.Fprintf(e.stdout, "  %s swap btc eth 0.1 --to-address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed --refund-address bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 --server %s\n",
		selfCommand(thisProgram()), srv.URL())
	<-ctx.Done()
	return shutdown(srv)
}

// program is what selfCommand knows of the running binary.
type program struct {
	exe     string // os.Executable
	version string // the main module's version: "(devel)" from a checkout
	cwd     string
	gocache string // $GOCACHE, when set
	// onPath is the file "swapscout" names on PATH, or "".
	onPath string
	// same reports whether two paths are one file.
	same func(a, b string) bool
}

func thisProgram() program {
	p := program{gocache: os.Getenv("GOCACHE"), same: func(a, b string) bool {
		fa, err1 := os.Stat(a)
		fb, err2 := os.Stat(b)
		return err1 == nil && err2 == nil && os.SameFile(fa, fb)
	}}
	p.exe, _ = os.Executable()
	p.cwd, _ = os.Getwd()
	p.onPath, _ = exec.LookPath("swapscout")
	if bi, ok := debug.ReadBuildInfo(); ok {
		p.version = bi.Main.Version
	}
	return p
}

// selfCommand is how to run this program again from the user's shell, so
// the command the demo prints works as printed: "swapscout" when that name
// on PATH is this binary; after `go run` (the binary sits in the go-build
// cache and is gone from any PATH) "go run ./cmd/swapscout" from a checkout,
// or "go run …/cmd/swapscout@VERSION" for a released module; otherwise the
// binary's path ("./swapscout" beside the working directory).
func selfCommand(p program) string {
	switch {
	case p.exe == "":
		return "swapscout"
	case inBuildCache(p.exe, p.gocache):
		if p.version == "" || p.version == "(devel)" {
			return "go run ./cmd/swapscout"
		}
		return "go run github.com/swapscout/swapscout/cmd/swapscout@" + p.version
	case p.onPath != "" && p.same(p.onPath, p.exe):
		return "swapscout"
	}
	if rel, err := filepath.Rel(p.cwd, p.exe); err == nil && p.cwd != "" && !strings.HasPrefix(rel, "..") {
		return "./" + filepath.ToSlash(rel)
	}
	return p.exe
}

// inBuildCache reports whether exe was built by `go run`: it lies in a
// go-build directory (the temporary go-buildNNN of a first run, or the
// build cache, default …/go-build, where Go 1.24+ keeps such binaries).
func inBuildCache(exe, gocache string) bool {
	if gocache != "" && strings.HasPrefix(exe, filepath.Clean(gocache)+string(filepath.Separator)) {
		return true
	}
	for _, part := range strings.Split(filepath.ToSlash(filepath.Dir(exe)), "/") {
		if strings.HasPrefix(part, "go-build") {
			return true
		}
	}
	return false
}

// noEnv hides the process environment from the demo: every venue is
// configured against the simulator, never with real keys.
func noEnv(string) string { return "" }

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
