package main

import (
	"strings"
	"testing"
)

// TestServeQuietAtInfo: a serve with swaps and tracking, started and
// stopped at the default level, logs our own lines only; the job engine's
// start, election and stop lines go out at debug.
func TestServeQuietAtInfo(t *testing.T) {
	s := startServe(t, noEnv, "--data-dir", t.TempDir())
	fetchBody(t, s.url+"/healthz")
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	logs := s.stderr.String()
	if !strings.Contains(logs, `msg="swap database"`) {
		t.Fatalf("no swap database, so no job engine, in:\n%s", logs)
	}
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, "component=river") {
			t.Errorf("the job engine's line at info: %s", line)
		}
	}
}
