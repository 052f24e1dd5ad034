package main

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestServeBusyPortFailsFirst: a serve whose port is taken fails at once,
// saying so, before it opens the database (nothing is made in the data
// directory) or starts anything.
func TestServeBusyPortFailsFirst(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	simURL, secret := startSim(t)
	dir := filepath.Join(t.TempDir(), "data")
	var stderr syncBuffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = run(ctx, []string{"serve", "--addr", ln.Addr().String(), "--sim-url", simURL, "--sim-secret", secret, "--data-dir", dir},
		noEnv, io.Discard, &stderr)
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the data directory was made (%v): the database was opened before the port was bound", err)
	}
	if err == nil || !strings.Contains(err.Error(), "--addr "+ln.Addr().String()) || !strings.Contains(err.Error(), "in use") {
		t.Errorf("serve on a busy port: %v; want an error naming --addr and the busy address", err)
	}
	if logs := stderr.String(); logs != "" {
		t.Errorf("serve started things before failing:\n%s", logs)
	}
}

// TestOneServerPerDataDir: a second serve, or a demo, on a data directory
// a serve holds fails with a message saying so, and the first keeps
// serving; once it stops, the directory can be served again.
func TestOneServerPerDataDir(t *testing.T) {
	dir := t.TempDir()
	first := startServe(t, noEnv, "--data-dir", dir)
	simURL, secret := startSim(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0", "--sim-url", simURL, "--sim-secret", secret, "--data-dir", dir},
		{"demo", "--addr", "127.0.0.1:0", "--walk", "0", "--data-dir", dir},
	} {
		var out syncBuffer
		err := run(ctx, args, noEnv, &out, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "--data-dir") || !strings.Contains(err.Error(), "in use by another swapscout") ||
			!strings.Contains(err.Error(), "pid ") {
			t.Errorf("%s on a held data directory: %v; want it refused, naming the holder", args[0], err)
		}
		if strings.Contains(out.String(), "serving on") || strings.Contains(out.String(), "API: ") {
			t.Errorf("%s served:\n%s", args[0], out.String())
		}
	}
	if st, health := fetchBody(t, first.url+"/healthz"); st != 200 || !strings.Contains(health, `"database":"sqlite"`) {
		t.Errorf("the first server after the refusals: /healthz %d %s", st, health)
	}
	if err := first.stop(); err != nil {
		t.Fatal(err)
	}
	again := startServeOn(t, simURL, secret, noEnv, "--data-dir", dir)
	if st, _ := fetchBody(t, again.url+"/healthz"); st != 200 {
		t.Errorf("serve after the first stopped: /healthz %d", st)
	}
}
