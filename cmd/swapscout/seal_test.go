package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/seal"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// TestSealedOrderSecrets: a FixedFloat swap made through the simulator
// keeps its order token only sealed in the data directory's database; the
// key is made once (0600) and reused after a restart; a start with another
// key says so and still serves GET /v1/swaps/{id}; the token is in no log
// line or response.
func TestSealedOrderSecrets(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server three times")
	}
	simURL, secret := startSim(t)
	dir := t.TempDir()
	debug := func(k string) string {
		if k == "SWAPSCOUT_LOG_LEVEL" {
			return "debug"
		}
		return ""
	}
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	var logs, responses strings.Builder

	s := startServeOn(t, simURL, secret, debug, "--data-dir", dir)
	keyPath := filepath.Join(dir, keyFileName)
	fi, err := os.Stat(keyPath)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v; want 0600", fi.Mode().Perm())
	}
	keyText, _ := os.ReadFile(keyPath)
	_, qbody := get(t, c, s.url+"/v1/quotes?from=btc&to=eth&amount=0.1")
	q, err := api.DecodeQuote([]byte(qbody))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(qbody, `"venue":"fixedfloat"`) {
		t.Fatalf("no FixedFloat offer: %s", qbody)
	}
	body, _ := json.Marshal(map[string]string{"quote_id": q.ID, "venue": "fixedfloat", "payout_address": e2ePayoutETH, "refund_address": e2eRefundBTC})
	st, created := postJSON(t, c, s.url+"/v1/swaps", "seal-1", "application/json", body)
	responses.WriteString(created)
	if st != 201 {
		t.Fatalf("create: %d %s", st, created)
	}
	sw, err := api.DecodeSwap([]byte(created))
	if err != nil || sw.VenueOrder.ID == "" || strings.Contains(sw.VenueOrder.ID, ":") {
		t.Fatalf("created %s (%v)", created, err)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	logs.WriteString(s.stderr.String())

	// The key in the file opens the record: the real order id, with its token.
	k, err := seal.ReadKeyFile(keyPath)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, swapDBFile), sqlstore.Options{Seal: seal.New(k)})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := db.Swap(context.Background(), sw.ID)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	token := rec.VenueOrder.Secret
	if rec.VenueOrder.ID != sw.VenueOrder.ID || len(token) < 8 {
		t.Fatalf("order read back %q with a secret of %d bytes; want %s with its token", rec.VenueOrder, len(rec.VenueOrder.Secret), sw.VenueOrder.ID)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	var all []byte
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all = append(all, b...)
	}
	if bytes.Contains(all, []byte(token)) {
		t.Error("the order token is in the data directory")
	}
	if !bytes.Contains(all, []byte(rec.VenueOrder.ID+":sealed1.")) {
		t.Error("no sealed order id in the database: the check above proves little")
	}

	// A restart reuses the key: the swap reads back, no key is made again.
	s2 := startServeOn(t, simURL, secret, debug, "--data-dir", dir)
	if resp, again := get(t, c, s2.url+"/v1/swaps/"+sw.ID); resp.StatusCode != 200 {
		t.Errorf("after restart: %d %s", resp.StatusCode, again)
	}
	_ = s2.stop()
	logs.WriteString(s2.stderr.String())
	if now, _ := os.ReadFile(keyPath); !bytes.Equal(now, keyText) {
		t.Error("the key file changed at restart")
	}
	if strings.Count(logs.String(), "made a new secret key") != 1 {
		t.Errorf("want one line saying the key was made; logs:\n%s", logs.String())
	}

	// Another key: the start says which swaps cannot be followed, and the
	// swap is still shown.
	other := func(k string) string {
		if k == envSecretKey {
			return hex.EncodeToString(bytes.Repeat([]byte{7}, 32))
		}
		return debug(k)
	}
	s3 := startServeOn(t, simURL, secret, other, "--data-dir", dir)
	resp, shown := get(t, c, s3.url+"/v1/swaps/"+sw.ID)
	responses.WriteString(shown)
	if resp.StatusCode != 200 || !strings.Contains(shown, `"venue_order_id":"`+sw.VenueOrder.ID+`"`) {
		t.Errorf("with another key: %d %s", resp.StatusCode, shown)
	}
	_ = s3.stop()
	if !strings.Contains(s3.stderr.String(), "does not open with this secret key") || !strings.Contains(s3.stderr.String(), sw.ID) {
		t.Errorf("a start with another key does not say so:\n%s", s3.stderr.String())
	}
	logs.WriteString(s3.stderr.String())

	for what, s := range map[string]string{"logs": logs.String(), "responses": responses.String()} {
		if strings.Contains(s, token) {
			t.Errorf("the order token is in the %s", what)
		}
		if strings.Contains(s, strings.TrimSpace(string(keyText))) {
			t.Errorf("the secret key is in the %s", what)
		}
	}
}

// TestSecretKeyRules: PostgreSQL needs a configured key (checked before
// connecting); a malformed key or both sources set are errors that never
// repeat the key.
func TestSecretKeyRules(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--database-url", "postgres://u:hunter2pw@127.0.0.1:1/x"}, noEnv, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "--secret-key-file") || !strings.Contains(err.Error(), envSecretKey) || strings.Contains(err.Error(), "hunter2pw") {
		t.Errorf("postgres without a key: %v", err)
	}
	keyFile := filepath.Join(t.TempDir(), "k")
	os.WriteFile(keyFile, []byte(strings.Repeat("ab", 32)), 0o600)
	for name, c := range map[string]struct {
		f    dbFlags
		want string
	}{
		"malformed env":  {dbFlags{dataDir: t.TempDir(), key: "not-a-key-hunter2"}, envSecretKey},
		"missing file":   {dbFlags{dataDir: t.TempDir(), keyFile: filepath.Join(t.TempDir(), "none")}, "--secret-key-file"},
		"both":           {dbFlags{dataDir: t.TempDir(), keyFile: keyFile, key: strings.Repeat("cd", 32)}, "both"},
		"key file is ok": {dbFlags{dataDir: t.TempDir(), keyFile: keyFile}, ""},
	} {
		db, _, err := openSwapDB(ctx, c.f)
		if db != nil {
			db.Close()
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v; want an error naming %s", name, err, c.want)
		case err != nil && (strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "cdcd")):
			t.Errorf("%s: the error repeats the key: %v", name, err)
		}
	}
	// A configured key is used as given: no key file is made.
	dir := t.TempDir()
	db, _, err := openSwapDB(ctx, dbFlags{dataDir: dir, key: strings.Repeat("ef", 32)})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(filepath.Join(dir, keyFileName)); err == nil {
		t.Error("a key file was made though a key was configured")
	}
}

// testKeyFile writes a new secret key to a file for a test's servers.
func testKeyFile(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "secret.key")
	if _, _, err := seal.KeyFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSealedSwapIsFollowed: the tracker polls a FixedFloat swap whose token
// is sealed in the database with the real order id: it runs to its end on
// the simulator, which answers only the right token.
func TestSealedSwapIsFollowed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a swap to its end")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, simSecret := startPayingSim(t)
	dir := t.TempDir()
	s := startServeOn(t, simURL, simSecret, noEnv, "--data-dir", dir, "--track-interval", "100ms")
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	_, qbody := get(t, c, s.url+"/v1/quotes?from=btc&to=eth&amount=0.1")
	q, err := api.DecodeQuote([]byte(qbody))
	if err != nil || !strings.Contains(qbody, `"venue":"fixedfloat"`) {
		t.Fatalf("no FixedFloat offer: %s", qbody)
	}
	body, _ := json.Marshal(map[string]string{"quote_id": q.ID, "venue": "fixedfloat", "payout_address": e2ePayoutETH, "refund_address": e2eRefundBTC})
	st, created := postJSON(t, c, s.url+"/v1/swaps", "seal-follow", "application/json", body)
	if st != 201 {
		t.Fatalf("create: %d %s", st, created)
	}
	sw := swapOf(created)
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, now := get(t, c, s.url+"/v1/swaps/"+sw.ID)
		if strings.Contains(now, `"status":"finished"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the swap was not followed to its end: %s\n%s", now, s.stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	_ = s.stop()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, swapDBFile), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var stored string
	if err := db.SQL().QueryRow(`SELECT venue_order_id FROM swaps WHERE id = ?`, sw.ID).Scan(&stored); err != nil || !seal.Sealed(stored) {
		t.Errorf("stored %q, %v; want a sealed order id", stored, err)
	}
}
