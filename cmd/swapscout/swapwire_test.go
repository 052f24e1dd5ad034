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
}

// TestRedactPassword: only the password is masked, wherever a message
// shows it as the password; the user's and the database's names stay,
// even when the password is the same word.
func TestRedactPassword(t *testing.T) {
	for _, c := range []struct{ raw, msg, want string }{
		{"postgres://a:hunter2pw@h/db", "dial postgres://a:hunter2pw@h/db: refused", "dial postgres://a:xxxxx@h/db: refused"},
		{"postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable",
			"cannot reach postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable (user postgres, database postgres)",
			"cannot reach postgres://postgres:xxxxx@127.0.0.1:5432/postgres?sslmode=disable (user postgres, database postgres)"},
		{"postgres://postgres:postgres@h/postgres",
			`failed to connect to ` + "`user=postgres database=postgres`" + `: password authentication failed for user "postgres"`,
			`failed to connect to ` + "`user=postgres database=postgres`" + `: password authentication failed for user "postgres"`},
		{"postgres://u:p%40ss%2Fw@h/db", "at postgres://u:p%40ss%2Fw@h/db", "at postgres://u:xxxxx@h/db"},
		{"postgres://u:p%40ss%2Fw@h/db", "as u:p@ss/w@h", "as u:xxxxx@h"},
		{"postgres://h/db?user=u&password=s3cret&sslmode=disable", "bad postgres://h/db?user=u&password=s3cret&sslmode=disable",
			"bad postgres://h/db?user=u&password=xxxxx&sslmode=disable"},
		{"host=h user=u password=s3cret dbname=d", "cannot parse host=h user=u password=s3cret dbname=d", "cannot parse host=h user=u password=xxxxx dbname=d"},
		{"host=h user=u password='s3 cr\\'et' dbname=d", "cannot parse host=h user=u password='s3 cr\\'et' dbname=d", "cannot parse host=h user=u password=xxxxx dbname=d"},
		{"postgres://u@h/db", "dial postgres://u@h/db: refused", "dial postgres://u@h/db: refused"},
		{"postgres://u:@h/db", "dial postgres://u:@h/db: refused", "dial postgres://u:@h/db: refused"},
		{"::not a url", "open ::not a url: bad", "open ::not a url: bad"},
	} {
		if got := redactPassword(c.msg, c.raw); got != c.want {
			t.Errorf("redactPassword(%q, %q)\n got  %q\n want %q", c.msg, c.raw, got, c.want)
		}
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
