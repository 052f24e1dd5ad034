package main

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/swapscout/swapscout/httpserver"
)

// runDemo starts the simulator and the server in one process on loopback.
func runDemo(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("demo", "demo [flags]", e.stderr)
	addr := fs.String("addr", envOr(e.getenv, "SWAPSCOUT_ADDR", "127.0.0.1:8080"), "listen address of the API (env SWAPSCOUT_ADDR)")
	transport := fs.String("transport", envOr(e.getenv, "SWAPSCOUT_TRANSPORT", "fasthttp"), "HTTP stack: fasthttp or nethttp (env SWAPSCOUT_TRANSPORT)")
	ttl := fs.Duration("ttl", 2*time.Minute, "how long a quote stays readable by id")
	window := fs.Duration("cache-window", 3*time.Second, "identical requests within this window are answered from the cache (0: off)")
	var db dbFlags
	db.register(fs, e.getenv)
	tf := trackFlags{webhookPrivate: true} // the demo is on loopback, and so is a receiver tried with it
	tf.register(fs, e.getenv)
	var k simKnobs
	k.autoPay = 20 * time.Second // a newcomer's swap pays itself and runs to its end
	k.register(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	if host, _, err := net.SplitHostPort(*addr); err != nil || !isLoopback(host) {
		return fmt.Errorf("--addr %q: the demo serves on loopback only", *addr)
	}
	// Bind first, as serve does: a busy port fails before anything starts.
	ln, err := bind(*addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	simsrv, err := k.newSim()
	if err != nil {
		return err
	}
	if err := simsrv.Start("127.0.0.1:0"); err != nil {
		return err
	}
	defer simsrv.Close()
	log, err := envLogger(e)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stderr, "loading the venues' market lists from the simulator…")
	st, err := newStack(ctx, stackOptions{simURL: simsrv.URL(), secret: k.secret, getenv: noEnv, ttl: *ttl, window: *window, log: log, db: &db, track: &tf})
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := httpserver.Serve(ln.take(), st.handler, httpserver.Options{Transport: *transport, Logger: log})
	if err != nil {
		return err
	}
	// The page's address comes first: it is what a newcomer opens.
	fmt.Fprintf(e.stdout, "web page: %s/   (compare offers and swap, with or without JavaScript)\n", srv.URL())
	fmt.Fprintf(e.stdout, "swapscout demo: %d simulated venues at %s; API: %s   (Ctrl-C to stop)\n\n", len(st.registry.Venues()), simsrv.URL(), srv.URL())
	fmt.Fprintf(e.stdout, "  curl '%s/v1/quotes?from=btc&to=eth&amount=0.1'\n", srv.URL())
	fmt.Fprintf(e.stdout, "  curl '%s/v1/quotes?from=btc&to=xmr&amount=0.5&deadline=1s'\n", srv.URL())
	fmt.Fprintf(e.stdout, "  curl '%s/v1/venues'\n", srv.URL())
	fmt.Fprintf(e.stdout, "  swapscout swap btc eth 0.1 --to-address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed --refund-address bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 --server %s\n", srv.URL())
	<-ctx.Done()
	return shutdown(srv)
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
