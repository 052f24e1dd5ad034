package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/swapscout/swapscout/httpserver"
)

func runServe(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("serve", "serve [flags]", e.stderr)
	addr := fs.String("addr", envOr(e.getenv, "SWAPSCOUT_ADDR", "127.0.0.1:8080"), "listen address (env SWAPSCOUT_ADDR)")
	simURL := fs.String("sim-url", envOr(e.getenv, "SWAPSCOUT_SIM_URL", ""), "ask a running simulator at this URL instead of the live venues (env SWAPSCOUT_SIM_URL)")
	secret := fs.String("sim-secret", defaultSimSecret, "API secret the simulator checks signatures with")
	transport := fs.String("transport", envOr(e.getenv, "SWAPSCOUT_TRANSPORT", "fasthttp"), "HTTP stack: fasthttp or nethttp (env SWAPSCOUT_TRANSPORT)")
	ttl := fs.Duration("ttl", 2*time.Minute, "how long a quote stays readable by id")
	window := fs.Duration("cache-window", 3*time.Second, "identical requests within this window are answered from the cache, with their age (0: off)")
	redisURL := fs.String("redis-url", envOr(e.getenv, "SWAPSCOUT_REDIS_URL", ""), "share quotes and the cache with other instances through this Redis, e.g. redis://127.0.0.1:6379/0 (env SWAPSCOUT_REDIS_URL)")
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	log := newLogger(e)
	st, err := newStack(ctx, stackOptions{listenAtOnce: true, simURL: strings.TrimSuffix(*simURL, "/"), secret: *secret, getenv: e.getenv, ttl: *ttl, window: *window, redis: *redisURL, log: log})
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := httpserver.Listen(*addr, st.handler, httpserver.Options{Transport: *transport, Logger: log})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "swapscout serving on %s\n", srv.URL())
	<-ctx.Done()
	return shutdown(srv)
}

func shutdown(srv *httpserver.Server) error {
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

func newLogger(e env) *slog.Logger {
	level := slog.LevelInfo
	if v := e.getenv("SWAPSCOUT_LOG_LEVEL"); v != "" {
		_ = level.UnmarshalText([]byte(v))
	}
	return slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
}
