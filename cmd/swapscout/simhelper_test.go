package main

import (
	"io"
	"testing"

	"github.com/swapscout/swapscout/sim"
)

// startSimServerWith runs the simulator in this process with the given
// simulator flags.
func startSimServerWith(t testing.TB, args ...string) (*sim.Server, string) {
	t.Helper()
	k := simKnobs{}
	fs := newFlagSet("test", "", io.Discard)
	k.register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	s, err := k.newSim()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, k.secret
}
