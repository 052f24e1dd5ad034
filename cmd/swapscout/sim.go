package main

import (
	"context"
	"fmt"
	"sort"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/hostile"
	"github.com/swapscout/swapscout/venue/all"
)

// runSim serves the simulator alone.
func runSim(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("sim", "sim [flags]", e.stderr)
	addr := fs.String("addr", "127.0.0.1:9090", "listen address")
	fault := fs.String("fault", "", "serve every venue through a hostile upstream: MODE or MODE:all|quotes|lists|create|status (hang, reset, refused, 429, gzip-bomb, amounts-x1000, deposit-html, lists-empty, …; see package sim/hostile)")
	var k simKnobs
	k.register(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	s, err := k.newSim()
	if err != nil {
		return err
	}
	var srv interface {
		URL() string
		VenueURL(string) string
		Close() error
	} = s
	if *fault == "" {
		err = s.Start(*addr)
	} else {
		srv, err = startHostile(s, k, *fault, *addr)
	}
	if err != nil {
		return err
	}
	defer srv.Close()
	fmt.Fprintf(e.stdout, "swapscout sim: serving at %s\n", srv.URL())
	if *fault != "" {
		fmt.Fprintf(e.stdout, "  every venue answers with the fault %q\n", *fault)
	}
	ids := make([]string, 0, len(all.Descriptors))
	for _, d := range all.Descriptors {
		ids = append(ids, d.ID)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(e.stdout, "  %-14s %s\n", id, srv.VenueURL(id))
	}
	fmt.Fprintf(e.stdout, "\nrun the server against it: swapscout serve --sim-url %s\n", srv.URL())
	<-ctx.Done()
	return nil
}

// startHostile serves healthy through a hostile upstream with the fault
// spec ("MODE" or "MODE:SCOPE") on addr.
func startHostile(healthy *sim.Server, k simKnobs, spec, addr string) (*hostile.Server, error) {
	mode, scope, err := hostile.ParseMode(spec)
	if err != nil {
		healthy.Close()
		return nil, fmt.Errorf("--fault: %w", err)
	}
	// The venues' own error answers come from a second simulator that
	// errs on every request.
	k.errorRate, k.rateLimitRate = 1, 0
	k.venueErrorRate, k.venueRateLimitRate = kvRates{}, kvRates{}
	failing, err := k.newSim()
	if err != nil {
		healthy.Close()
		return nil, err
	}
	h, err := hostile.New(hostile.Config{Healthy: healthy, Failing: failing, Mode: mode, Scope: scope})
	if err != nil {
		healthy.Close()
		failing.Close()
		return nil, err
	}
	if err := h.Start(addr); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}
