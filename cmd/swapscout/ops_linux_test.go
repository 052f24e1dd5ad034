//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout/internal/diskfull"
)

// TestHealthzDegradedOnFullDisk: a server whose SQLite database cannot
// write (a full disk) says so in /healthz, "degraded" with the reason, and
// logs it once, though the database still answers reads.
func TestHealthzDegradedOnFullDisk(t *testing.T) {
	s := startServe(t, noEnv, "--data-dir", t.TempDir())
	var st int
	var health string
	diskfull.Run(t, func() { st, health = fetchBody(t, s.url+"/healthz") })
	if st != 200 || !strings.Contains(health, `"status":"degraded"`) || !strings.Contains(health, `"database":"sqlite (cannot write: `) {
		t.Errorf("/healthz on a full disk = %d %s; want status degraded and the database's reason", st, health)
	}
	if logs := s.stderr.String(); strings.Count(logs, "swap database cannot write") != 1 {
		t.Errorf("want one log line that the database cannot write:\n%s", logs)
	}
}
