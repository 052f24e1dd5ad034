package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/httpserver"
)

// listenFlags are how serve and demo answer: where, on which HTTP stack,
// and how long quotes stay readable and cached.
type listenFlags struct {
	addr, transport string
	ttl, window     time.Duration
	assetsEvery     time.Duration // --assets-refresh
}

func (f *listenFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&f.addr, "addr", envOr(getenv, "SWAPSCOUT_ADDR", "127.0.0.1:8080"), "listen address of the API (env SWAPSCOUT_ADDR)")
	fs.StringVar(&f.transport, "transport", envOr(getenv, "SWAPSCOUT_TRANSPORT", "fasthttp"), "HTTP stack: fasthttp or nethttp (env SWAPSCOUT_TRANSPORT)")
	fs.DurationVar(&f.ttl, "ttl", 2*time.Minute, "how long a quote stays readable by id")
	fs.DurationVar(&f.window, "cache-window", 3*time.Second, "identical requests within this window are answered from the cache, with their age (0: off)")
	fs.DurationVar(&f.assetsEvery, "assets-refresh", catalogue.DefaultEvery, "read the venues' currency lists at start and then this often: new coins are listed and quotable without a restart, dropped ones stop being offered (0: serve the embedded snapshot only)")
}

func runServe(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("serve", "serve [flags]", e.stderr)
	var lf listenFlags
	lf.register(fs, e.getenv)
	simURL := fs.String("sim-url", envOr(e.getenv, "SWAPSCOUT_SIM_URL", ""), "ask a running simulator at this URL instead of the live venues (env SWAPSCOUT_SIM_URL)")
	secret := fs.String("sim-secret", defaultSimSecret, "API secret the simulator checks signatures with")
	redisURL := fs.String("redis-url", envOr(e.getenv, "SWAPSCOUT_REDIS_URL", ""), "share quotes and the cache with other instances through this Redis, e.g. redis://127.0.0.1:6379/0 (env SWAPSCOUT_REDIS_URL)")
	instances := fs.Int("instances", 1, "with --redis-url: how many instances to assume share each venue's rate budget until Redis is first heard from (each keeps to its share while Redis is away)")
	tokenWait := fs.Duration("token-wait", aggregate.DefaultTokenWait, "the longest a quote's call waits for a token of its venue's rate limit; past it the venue is reported held back (or its offer derived) rather than holding the whole answer (negative: until the deadline)")
	maxFanOuts := fs.Int("max-fanouts", 0, "uncached quotes made at once at most; past it a quote waits a tenth of its deadline for one to end, then is answered 503 busy with Retry-After (0: quotes.DefaultMaxFanOuts per core; negative: no bound)")
	deriveAge := fs.Duration("derive-age", aggregate.DefaultDeriveAge, "when our rate limit on a venue has no call to spare in time, serve an offer derived from its answers at most this old for nearby amounts, marked derived (0: never)")
	var sf serviceFlags
	sf.register(fs, e.getenv)
	var db dbFlags
	db.register(fs, e.getenv)
	var tf trackFlags
	tf.register(fs, e.getenv)
	var kf keyFlags
	kf.register(fs, e.getenv)
	var mf mcpFlags
	mf.register(fs, e.getenv, true)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	log, err := makeLogger(e.stderr, sf.logFormat, sf.logLevel)
	if err != nil {
		return err
	}
	proxies, err := parseProxies(sf.trustedProxies)
	if err != nil {
		return err
	}
	// Bind first: a busy port fails the start here, before the database is
	// opened, its lock taken or a job started. Connections that arrive
	// while the rest starts wait in the listen queue.
	ln, err := bind(lf.addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	if sf.pprof != "" {
		paddr, stop, err := servePprof(sf.pprof)
		if err != nil {
			return err
		}
		defer stop()
		log.Info("pprof listening", "addr", paddr)
	}
	obs := newObservability(log, &sf, proxies)
	st, err := obs.openStack(ctx, stackOptions{listenAtOnce: true, simURL: strings.TrimSuffix(*simURL, "/"), secret: *secret, getenv: e.getenv, ttl: lf.ttl, window: lf.window, redis: *redisURL, instances: *instances, deriveAge: *deriveAge, tokenWait: *tokenWait, maxFanOuts: *maxFanOuts, log: log,
		db: &db, track: &tf, keys: &kf, venueProxy: sf.venueProxy, assetsEvery: lf.assetsEvery})
	if err != nil {
		return err
	}
	defer st.Close()
	mcpMounts, err := mf.mountOn(st, log, ln.ln.Addr(), sf.onionURL, log) // before take: the listener names the hosts
	if err != nil {
		return err
	}
	srv, err := httpserver.Serve(ln.take(), st.handler, httpserver.Options{Transport: lf.transport, Logger: log, Mounts: mcpMounts,
		AccessLog: sf.accessLog, HeaderTimeout: sf.headerTimeout, MaxConns: sf.maxConns, MemoryLimit: memoryLimit(sf.storeBytes)})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "swapscout serving on %s\n", srv.URL())
	<-ctx.Done()
	log.Info("shutting down", "grace", sf.grace)
	return shutdownWithin(srv, sf.grace)
}

// bound is the API's listener, bound before anything else starts, until
// a server takes it.
type bound struct{ ln net.Listener }

// bind binds the API's address, with a message that names the flag and,
// for a busy port, says what to do.
func bind(addr string) (*bound, error) {
	ln, err := net.Listen("tcp", addr)
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return nil, fmt.Errorf("--addr %s: the address is in use (another server listens there): stop it or choose another --addr", addr)
	case err != nil:
		return nil, fmt.Errorf("--addr %s: %w", addr, err)
	}
	return &bound{ln: ln}, nil
}

// take hands the listener to the server that will own it.
func (b *bound) take() net.Listener {
	ln := b.ln
	b.ln = nil
	return ln
}

// Close closes the listener unless a server took it: the start failed.
func (b *bound) Close() {
	if b.ln != nil {
		b.ln.Close()
	}
}

func shutdown(srv *httpserver.Server) error { return shutdownWithin(srv, 5*time.Second) }

// shutdownWithin shuts srv down gracefully. Requests still running after
// grace are cut; that is logged by the caller's exit, not an error: the
// process must exit 0 after a SIGTERM.
func shutdownWithin(srv *httpserver.Server, grace time.Duration) error {
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// servePprof serves net/http/pprof on its own listener (never on the API's).
func servePprof(addr string) (bound string, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("--pprof: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return ln.Addr().String(), func() { _ = srv.Close() }, nil
}
