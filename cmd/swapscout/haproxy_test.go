package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestHAProxyInFront: the compose file's HAProxy configuration, run in
// front of three serve instances (its servers pointed at them on
// loopback): it spreads requests over every instance, keeps /metrics off
// the public port, and names the client itself, so a client that sends its
// own X-Forwarded-For still meets its fan-out limit. Skipped without
// haproxy (Debian's haproxy package).
func TestHAProxyInFront(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("haproxy is not on the PATH (Debian's haproxy package)")
	}
	if testing.Short() {
		t.Skip("starts three instances and HAProxy")
	}
	if raceEnabled {
		// CI runs it once, without -race, beside the hostile matrix.
		t.Skip("the HAProxy test runs without -race: go test -run TestHAProxyInFront ./cmd/swapscout/")
	}
	simURL, secret := startSim(t)
	var instances []*served
	for range 3 {
		instances = append(instances, startServeOn(t, simURL, secret, noEnv, "--access-log",
			"--trusted-proxy", "127.0.0.1/32", "--fanout-rate", "0.01", "--fanout-burst", "2"))
	}
	b, err := os.ReadFile(filepath.Join(repoRoot, "deploy/compose/haproxy.cfg"))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	front := ln.Addr().String()
	ln.Close()
	cfg := strings.Replace(string(b), "bind :8080", "bind "+front, 1)
	// HAProxy raises its file limit to twice maxconn, past what a test
	// machine may allow.
	cfg = regexp.MustCompile(`(?m)^(\s*maxconn) \d+$`).ReplaceAllString(cfg, "$1 1000")
	n := 0
	cfg = regexp.MustCompile(`(?m)^(\s*server \S+) \S+$`).ReplaceAllStringFunc(cfg, func(l string) string {
		f := strings.Fields(l)
		if n >= len(instances) {
			t.Fatalf("haproxy.cfg has more servers than the %d instances", len(instances))
		}
		n++
		return fmt.Sprintf("    server %s %s", f[1], strings.TrimPrefix(instances[n-1].url, "http://"))
	})
	if n != len(instances) {
		t.Fatalf("haproxy.cfg has %d servers; want %d", n, len(instances))
	}
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	var hlog syncBuffer
	cmd := exec.Command(haproxy, "-db", "-f", path)
	cmd.Stdout, cmd.Stderr = &hlog, &hlog
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })

	c := &http.Client{Transport: &http.Transport{}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()
	base := "http://" + front
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := c.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("HAProxy never answered /healthz: %v\n%s", err, hlog.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if resp, _ := get(t, c, base+"/metrics"); resp.StatusCode != 404 {
		t.Errorf("/metrics through HAProxy: %d; want 404", resp.StatusCode)
	}
	for range 9 {
		if resp, body := get(t, c, base+"/v1/venues"); resp.StatusCode != 200 {
			t.Fatalf("/v1/venues through HAProxy: %d %s", resp.StatusCode, body)
		}
	}
	for i, s := range instances {
		if got := strings.Count(s.stderr.String(), "path=/v1/venues"); got == 0 {
			t.Errorf("instance %d served none of the 9 requests", i+1)
		}
	}
	// Three instances allow a client 2 fan-outs each: 12 quotes, each
	// claiming another client, get at most 6 answers.
	counts := map[int]int{}
	for i := range 12 {
		resp, body := get(t, c, fmt.Sprintf("%s/v1/quotes?from=btc&to=eth&amount=0.1%02d", base, i), "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
		if resp.StatusCode != 200 && resp.StatusCode != 429 {
			t.Fatalf("quote: %d %s", resp.StatusCode, body)
		}
		counts[resp.StatusCode]++
	}
	if counts[200] > 6 || counts[429] == 0 {
		t.Errorf("12 quotes from one client claiming others through X-Forwarded-For: %v; want at most 6 answered, the rest 429", counts)
	}
}
