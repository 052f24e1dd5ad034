package main

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

func TestDefaultDataDir(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_DATA_HOME": "/x/data", "HOME": "/home/u"}, "/x/data/swapscout"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.local/share/swapscout"},
		{map[string]string{}, ""},
	} {
		if got := defaultDataDir(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("defaultDataDir(%v) = %q, want %q", c.env, got, c.want)
		}
	}
}

// A database that cannot be reached stops the start with an error that
// names the flag and never the password.
func TestSwapDBUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err = openSwapDB(ctx, dbFlags{url: "postgres://swapscout:hunter2pw@" + addr + "/swaps?sslmode=disable"})
	if err == nil || !strings.Contains(err.Error(), "--database-url") || strings.Contains(err.Error(), "hunter2pw") {
		t.Errorf("err = %v", err)
	}
	if got := redactPassword("dial postgres://a:hunter2pw@h/db: refused", "postgres://a:hunter2pw@h/db"); strings.Contains(got, "hunter2pw") {
		t.Errorf("redactPassword left the password: %s", got)
	}
}

// Without a data directory or a database URL, serve runs without swaps and
// says so in /healthz.
func TestServeWithoutSwapDB(t *testing.T) {
	s := startServe(t, noEnv)
	_, health := fetchBody(t, s.url+"/healthz")
	if !strings.Contains(health, `"database":"none (swaps disabled)"`) {
		t.Errorf("/healthz = %s", health)
	}
}

func fetchBody(t *testing.T, url string) (int, string) {
	t.Helper()
	st, _, body := fetch(t, url)
	return st, body
}
