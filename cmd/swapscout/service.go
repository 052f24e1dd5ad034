package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"strings"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/upstream"
)

// serviceFlags are serve's operational flags: logging, limits, shutdown,
// metrics and pprof. README's "Flags" section lists them.
type serviceFlags struct {
	logFormat, logLevel string
	accessLog           bool
	grace               time.Duration
	pprof               string
	metrics             bool

	fanOutRate     float64
	fanOutBurst    int
	trustedProxies string
	maxStreams     int
	clientStreams  int
	maxConns       int
	headerTimeout  time.Duration
	storeBytes     int64
	onionURL       string
	venueProxy     string
}

// check refuses flag values that cannot work, before anything starts:
// an --onion-url that is not an http URL of a v3 onion service.
func (f *serviceFlags) check() error {
	if f.onionURL == "" {
		return nil
	}
	u, err := httpapi.ParseOnionURL(f.onionURL)
	if err != nil {
		return fmt.Errorf("--onion-url: %w", err)
	}
	f.onionURL = u
	return nil
}

func (f *serviceFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	registerLogFlags(fs, getenv, &f.logFormat, &f.logLevel)
	fs.BoolVar(&f.accessLog, "access-log", false, "log one line per request (method, path, status, time, request id)")
	fs.DurationVar(&f.grace, "shutdown-grace", 5*time.Second, "on SIGTERM/SIGINT, time allowed for in-flight requests before connections are closed")
	fs.StringVar(&f.pprof, "pprof", "", "serve net/http/pprof on this address, e.g. 127.0.0.1:6060 (off when empty)")
	fs.BoolVar(&f.metrics, "metrics", true, "serve Prometheus metrics at /metrics")
	fs.Float64Var(&f.fanOutRate, "fanout-rate", httpapi.DefaultFanOutRate, "uncached fan-outs per second one client may start (each asks every venue); negative: no limit")
	fs.IntVar(&f.fanOutBurst, "fanout-burst", httpapi.DefaultFanOutBurst, "burst of uncached fan-outs one client may start at once")
	fs.StringVar(&f.trustedProxies, "trusted-proxy", "", "comma-separated addresses or CIDRs of reverse proxies whose X-Forwarded-For names the client")
	fs.IntVar(&f.maxStreams, "max-streams", httpapi.DefaultMaxStreams, "open SSE streams at most; more get 503")
	fs.IntVar(&f.clientStreams, "max-client-streams", httpapi.DefaultMaxClientStreams, "open SSE streams one client may hold (the client as --trusted-proxy tells); more get 429; 0: no cap")
	fs.IntVar(&f.maxConns, "max-conns", httpserver.DefaultMaxConns, "open client connections at most; more get 503")
	fs.DurationVar(&f.headerTimeout, "header-timeout", httpserver.DefaultHeaderTimeout, "a new connection must send its request headers within this (slow clients are cut)")
	fs.StringVar(&f.venueProxy, "venue-proxy", "", "send the venues' calls through this SOCKS5 proxy, e.g. socks5://127.0.0.1:9050 for Tor; venues that refuse Tor go direct; SWAPSCOUT_<VENUE>_PROXY sets one venue's (\"direct\": none)")
	fs.StringVar(&f.onionURL, "onion-url", "", "this service's onion address (http://….onion): every page answers with an Onion-Location header naming the same page there (docs/tor.md)")
	fs.Int64Var(&f.storeBytes, "store-bytes", inmem.DefaultMaxBytes, "memory budget of the in-memory quote store, in bytes; the oldest quotes are evicted past it")
}

// memoryLimit is serve's soft memory limit (unless GOMEMLIMIT sets one):
// what its budgets let it hold, the quote store (storeBytes), the
// identical-request cache (a quarter of it) and the response bodies in
// flight (upstream.DefaultBodyBudget), half again for the collector's
// headroom, and 32 MiB for the rest (venue lists, connections, the runtime):
// 116 MiB with the defaults, so RSS stays under 150 MB whatever the venues
// answer.
func memoryLimit(storeBytes int64) int64 {
	return (storeBytes+storeBytes/4+upstream.DefaultBodyBudget)*3/2 + 32<<20
}

func registerLogFlags(fs *flag.FlagSet, getenv func(string) string, format, level *string) {
	fs.StringVar(format, "log-format", envOr(getenv, "SWAPSCOUT_LOG_FORMAT", "text"), "log format: text or json (env SWAPSCOUT_LOG_FORMAT)")
	fs.StringVar(level, "log-level", envOr(getenv, "SWAPSCOUT_LOG_LEVEL", "info"), "log level: debug, info, warn or error (env SWAPSCOUT_LOG_LEVEL)")
}

// makeLogger returns the process's logger: one slog handler, text or JSON,
// at the given level, adding the request id to lines logged with a
// request's context. An unknown format or level is an error.
func makeLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("log level %q: want debug, info, warn or error", level)
	}
	o := &slog.HandlerOptions{Level: lv}
	var h slog.Handler
	switch strings.ToLower(format) {
	case "text", "":
		h = slog.NewTextHandler(w, o)
	case "json":
		h = slog.NewJSONHandler(w, o)
	default:
		return nil, fmt.Errorf("log format %q: want text or json", format)
	}
	return slog.New(httpapi.LogHandler(h)), nil
}

// envLogger is the logger of commands without log flags: the level from
// SWAPSCOUT_LOG_LEVEL, the format from SWAPSCOUT_LOG_FORMAT.
func envLogger(e env) (*slog.Logger, error) {
	return makeLogger(e.stderr, envOr(e.getenv, "SWAPSCOUT_LOG_FORMAT", "text"), envOr(e.getenv, "SWAPSCOUT_LOG_LEVEL", "info"))
}

// newLogger is envLogger for callers that discard the output anyway.
func newLogger(e env) *slog.Logger {
	if l, err := envLogger(e); err == nil {
		return l
	}
	return slog.New(httpapi.LogHandler(slog.NewTextHandler(e.stderr, nil)))
}

func parseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if pf, err := netip.ParsePrefix(p); err == nil {
			out = append(out, pf.Masked())
			continue
		}
		a, err := netip.ParseAddr(p)
		if err != nil {
			return nil, errors.New("--trusted-proxy: " + p + " is not an address or CIDR")
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
