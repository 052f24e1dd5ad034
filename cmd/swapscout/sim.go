package main

import (
	"context"
	"fmt"
	"sort"

	"github.com/swapscout/swapscout/venue/all"
)

// runSim serves the simulator alone.
func runSim(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("sim", "sim [flags]", e.stderr)
	addr := fs.String("addr", "127.0.0.1:9090", "listen address")
	var k simKnobs
	k.register(fs)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	s, err := k.newSim()
	if err != nil {
		return err
	}
	if err := s.Start(*addr); err != nil {
		return err
	}
	defer s.Close()
	fmt.Fprintf(e.stdout, "swapscout sim: serving at %s\n", s.URL())
	ids := make([]string, 0, len(all.Descriptors))
	for _, d := range all.Descriptors {
		ids = append(ids, d.ID)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(e.stdout, "  %-14s %s\n", id, s.VenueURL(id))
	}
	fmt.Fprintf(e.stdout, "\nrun the server against it: swapscout serve --sim-url %s\n", s.URL())
	<-ctx.Done()
	return nil
}
