package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/internal/tier"
)

const (
	e2ePayoutETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" // EIP-55 vector
	e2eRefundBTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" // BIP173 vector
)

func postJSON(t testing.TB, c *http.Client, url, key, ctype string, body []byte) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(b)
}

// postDeclared sends only the head of a POST whose body would be body:
// its Content-Length, no bytes after. A server refuses a body over its cap
// from the declared length; a client that went on writing the body would
// race the server closing the connection (a broken pipe on the client, not
// a behaviour of the server).
func postDeclared(t testing.TB, _ *http.Client, rawURL, key, ctype string, body []byte) (int, string) {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nIdempotency-Key: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n",
		u.RequestURI(), u.Host, ctype, key, len(body))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer to a declared %d-byte body: %v", len(body), err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(b)
}

// swapVenues reads /v1/venues and checks can_swap: true for exactly the
// venues that are not order books (swap services and protocols all create
// swaps), false for order books.
func swapVenues(t testing.TB, c *http.Client, base string) map[string]bool {
	t.Helper()
	_, body := get(t, c, base+"/v1/venues")
	vs, err := api.DecodeVenues([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	can := map[string]bool{}
	for _, v := range vs {
		if v.CanSwap != (v.Kind != "order_book") || v.Custody == "" {
			t.Errorf("venue %+v", v)
		}
		can[v.ID] = v.CanSwap
	}
	return can
}

// swapOf reads a swap answer; a body that is not one reads as an empty
// swap, whose checks then say what is missing.
func swapOf(body string) *api.Swap {
	sw, err := api.DecodeSwap([]byte(body))
	if err != nil {
		return &api.Swap{}
	}
	return sw
}

// swapOffers quotes query on base and returns the quote's id and the venues
// of its offers that can be swapped (can_swap in /v1/venues), best first.
// Memo-deposit venues (THORChain, Maya) are left out unless memo: they find
// a deposit by the payout address, and equal swaps to one address there are
// ambiguous, never guessed between (TestMemoSwapFindsItsDeposit follows one).
func swapOffers(t testing.TB, c *http.Client, base, query string, memo bool) (quoteID string, venues []string) {
	t.Helper()
	can := swapVenues(t, c, base)
	_, qbody := get(t, c, base+"/v1/quotes?"+query)
	q, err := api.DecodeQuote([]byte(qbody))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range q.Offers {
		if can[o.Venue] && (memo || o.Deposit != swapscout.DepositMemo) {
			venues = append(venues, o.Venue)
		}
	}
	if len(venues) == 0 {
		t.Fatalf("no swap-capable offer in %s", qbody)
	}
	return q.ID, venues
}

// TestSwapE2E: serve with a data directory; a swap made through the API is
// found again after a restart; bad input over a real transport is a clear
// 4xx; the venues' API keys and the orders' secrets are in no log line,
// response or database file.
func TestSwapE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server twice")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, secret := startSim(t)
	dir := t.TempDir()
	env := func(k string) string {
		switch {
		case k == "SWAPSCOUT_LOG_LEVEL":
			return "debug"
		case strings.HasSuffix(k, "_API_KEY"):
			return "S3CR3T" + strings.ToLower(strings.ReplaceAll(k, "_", ""))
		}
		return ""
	}
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	var logs, responses strings.Builder
	s := startServeOn(t, simURL, secret, env, "--data-dir", dir, "--access-log")
	_, health := get(t, c, s.url+"/healthz")
	if !strings.Contains(health, `"database":"sqlite"`) {
		t.Errorf("/healthz = %s", health)
	}
	quoteID, venues := swapOffers(t, c, s.url, "from=btc&to=eth&amount=0.1", true)
	good, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": venues[0], "payout_address": e2ePayoutETH, "refund_address": e2eRefundBTC})
	for _, c2 := range []struct {
		name, key, ctype string
		body             []byte
		status           int
		code             string
	}{
		{"malformed JSON", "b1", "application/json", []byte(`{"quote_id":`), 400, "invalid_request"},
		{"unknown field", "b1", "application/json", []byte(`{"quote_id":"x","to":"eth"}`), 400, "invalid_request"},
		{"oversized body", "b1", "application/json", bytes.Repeat([]byte(" "), 100<<10), 400, "request_too_large"},
		{"wrong content type", "b1", "application/x-www-form-urlencoded", good, 400, "invalid_request"},
		{"missing Idempotency-Key", "", "application/json", good, 400, "invalid_request"},
		{"unknown quote", "b1", "application/json", bytes.Replace(good, []byte(quoteID), []byte("qaaaaaaaaaaaaaaaaaaaaaaaaaa"), 1), 404, "not_found"},
		{"venue not in the quote", "b1", "application/json", bytes.Replace(good, []byte(`"`+venues[0]+`"`), []byte(`"nosuchvenue"`), 1), 400, "invalid_request"},
	} {
		post := postJSON
		if c2.name == "oversized body" {
			post = postDeclared
		}
		st, body := post(t, c, s.url+"/v1/swaps", c2.key, c2.ctype, c2.body)
		responses.WriteString(body)
		if st != c2.status || !strings.Contains(body, `"code":"`+c2.code+`"`) {
			t.Errorf("%s: %d %s, want %d %s", c2.name, st, body, c2.status, c2.code)
		}
	}
	st, created := postJSON(t, c, s.url+"/v1/swaps", "e2e-1", "application/json", good)
	responses.WriteString(created)
	if st != 201 {
		t.Fatalf("create: %d %s", st, created)
	}
	sw, err := api.DecodeSwap([]byte(created))
	if err != nil || sw.DepositAddress == "" || sw.Status != swapscout.StatusWaiting {
		t.Fatalf("created %s (%v)", created, err)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	logs.WriteString(s.stderr.String())

	s2 := startServeOn(t, simURL, secret, env, "--data-dir", dir, "--access-log")
	gresp, again := get(t, c, s2.url+"/v1/swaps/"+sw.ID)
	responses.WriteString(again)
	if gresp.StatusCode != 200 || !strings.Contains(again, `"deposit_address":"`+sw.DepositAddress+`"`) {
		t.Errorf("after restart: %d %s", gresp.StatusCode, again)
	}
	// A retry after the restart answers the same swap.
	code, retry := postJSON(t, c, s2.url+"/v1/swaps", "e2e-1", "application/json", good)
	if code != 200 || !strings.Contains(retry, sw.ID) {
		t.Errorf("retry after restart: %d %s", code, retry)
	}
	_ = s2.stop()
	logs.WriteString(s2.stderr.String())

	var files []byte
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		files = append(files, b...)
	}
	if len(files) == 0 {
		t.Fatal("no database file in the data directory")
	}
	for what, s := range map[string]string{"logs": logs.String(), "responses": responses.String(), "database": string(files)} {
		if i := strings.Index(s, "S3CR3T"); i >= 0 {
			t.Errorf("an API key is in the %s: …%s…", what, s[max(0, i-100):min(len(s), i+40)])
		}
	}
	if !strings.Contains(logs.String(), "/v1/swaps") {
		t.Error("the access log shows no swap request, so the log check proves little")
	}
}

// TestSwapAcrossInstances: two instances sharing PostgreSQL and Redis; a
// quote shown by one is swapped through the other (the structured quote is
// rebuilt from Redis), and either reads the swap.
func TestSwapAcrossInstances(t *testing.T) {
	tier.E2E(t) // before pgtest, which would start a PostgreSQL cluster only to skip
	redisURL := os.Getenv("SWAPSCOUT_REDIS_URL")
	if redisURL == "" {
		t.Skip("set SWAPSCOUT_REDIS_URL=redis://127.0.0.1:6379/0 (a throwaway Redis) to run it")
	}
	if testing.Short() {
		t.Skip("starts two servers")
	}
	dbURL := pgtest.URL(t)
	t.Cleanup(pgtest.Stop)
	simURL, secret := startSim(t)
	// Instances sharing the database share the key sealing the orders' secrets.
	key := testKeyFile(t)
	a := startServeOn(t, simURL, secret, noEnv, "--redis-url", redisURL, "--database-url", dbURL, "--secret-key-file", key)
	b := startServeOn(t, simURL, secret, noEnv, "--redis-url", redisURL, "--database-url", dbURL, "--secret-key-file", key)
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	_, health := get(t, c, b.url+"/healthz")
	if !strings.Contains(health, `"database":"postgres"`) {
		t.Errorf("/healthz = %s", health)
	}
	quoteID, venues := swapOffers(t, c, a.url, "from=btc&to=eth&amount=0.1&deadline=2s", true)
	good, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": venues[0], "payout_address": e2ePayoutETH, "refund_address": e2eRefundBTC})
	st, created := postJSON(t, c, b.url+"/v1/swaps", "across-1", "application/json", good)
	if st != 201 {
		t.Fatalf("create through the other instance: %d %s", st, created)
	}
	sw := swapOf(created)
	if resp, body := get(t, c, a.url+"/v1/swaps/"+sw.ID); resp.StatusCode != 200 {
		t.Errorf("read through the first instance: %d %s", resp.StatusCode, body)
	}
	if st, body := postJSON(t, c, a.url+"/v1/swaps", "across-1", "application/json", good); st != 200 || !strings.Contains(body, sw.ID) {
		t.Errorf("retry through the first instance: %d %s", st, body)
	}
}
