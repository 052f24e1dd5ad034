package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/mcpserver"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/trocador"
)

// headerTransport adds headers to every request: the client's address as a
// trusted proxy names it, and an API key.
type headerTransport struct {
	hdr  map[string]string
	next http.RoundTripper
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.hdr {
		r.Header.Set(k, v)
	}
	return h.next.RoundTrip(r)
}

// TestLogsHoldNoPersonalData runs a whole flow on the simulator with every
// log line on (debug level, access log): a quote, a swap created with an API
// key and a webhook and tracked to finished, an agent's swap over MCP with
// its token, and a wallet's trade through the Trocador-compatible API with
// its key; then it scans everything the server logged for anything that
// leads to a person or a secret: an address (payout, refund, deposit), the
// client's IP, the API keys, the agent's token, the venue orders' secrets.
func TestLogsHoldNoPersonalData(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	const (
		clientIP = "203.0.113.77" // what the trusted proxy says the client is
		apiKey   = "ak-live-Q7wq2zN4"
		trocKey  = "tk-live-P9xv3mR8"
		agentTok = "sst-agent-K5ty8uJ2"
		hookSec  = "whsec-logscan"
	)
	simURL, simSecret := startPayingSim(t)
	dir := t.TempDir()
	grants := filepath.Join(dir, "grants.json")
	if err := os.WriteFile(grants, []byte(`[{"name":"logscan-agent","token_sha256":"`+mcpserver.HashToken(agentTok)+
		`","caps":[{"asset":"btc","per_swap":"0.2","per_day":"0.2"}],"payout_addresses":["`+e2ePayoutETH+`"]}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	hooks := &hookReceiver{t: t, secret: []byte(hookSec), got: map[string][]pushed{}}
	recvSrv := httptest.NewServer(hooks)
	t.Cleanup(recvSrv.Close)
	recv := recvSrv.URL
	env := func(k string) string {
		return map[string]string{envWebhookSecret: hookSec, "SWAPSCOUT_API_KEYS": apiKey, "SWAPSCOUT_TROCADOR_KEYS": trocKey}[k]
	}
	data := filepath.Join(dir, "data")
	s := startServeOn(t, simURL, simSecret, env, "--data-dir", data, "--access-log", "--log-level", "debug", "--track-interval", "100ms",
		"--webhook-allow-private", "--trusted-proxy", "127.0.0.1", "--mcp-grants", grants)
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	c := &http.Client{Timeout: 30 * time.Second, Transport: headerTransport{map[string]string{"X-Forwarded-For": clientIP, "API-Key": apiKey}, tr}}

	// A person: quote, create with a webhook, follow to finished.
	quoteID, venues := swapOffers(t, c, s.url, "from=btc&to=eth&amount=0.1", false)
	// FixedFloat's orders carry a secret (its order token); Quickex runs
	// the AML pre-check of the refund address when asked.
	first := venues[0]
	if slices.Contains(venues, "fixedfloat") {
		first = "fixedfloat"
	}
	b, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": first, "payout_address": e2ePayoutETH,
		"refund_address": e2eRefundBTC, "callback_url": recv + "/hook"})
	st, created := postJSON(t, c, s.url+"/v1/swaps", "logscan-1", "application/json", b)
	if st != 201 {
		t.Fatalf("create: %d %s", st, created)
	}
	ids := []string{swapOf(created).ID}
	// A user who wants the pre-check asks only the venues that offer one.
	_, body := get(t, c, s.url+"/v1/quotes?from=btc&to=eth&amount=0.1&precheck=true")
	pq, err := api.DecodeQuote([]byte(body))
	if err != nil || len(pq.Offers) == 0 {
		t.Fatalf("precheck=true: %v %s", err, body)
	}
	for _, o := range pq.Offers {
		if o.Venue != "quickex" || !o.CanSwap {
			t.Errorf("precheck=true gave an offer from %s (can_swap %v), want quickex's alone", o.Venue, o.CanSwap)
		}
	}
	if slices.Contains(venues, "quickex") {
		b, _ := json.Marshal(map[string]any{"quote_id": quoteID, "venue": "quickex", "payout_address": e2ePayoutETH,
			"refund_address": e2eRefundBTC, "precheck": true})
		if st, created := postJSON(t, c, s.url+"/v1/swaps", "logscan-pre", "application/json", b); st == 201 {
			ids = append(ids, swapOf(created).ID)
		} else {
			t.Errorf("create at quickex with the pre-check: %d %s", st, created)
		}
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		_, body := get(t, c, s.url+"/v1/swaps/"+ids[0])
		if sw := swapOf(body); sw.Status == swapscout.StatusFinished {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("swap %s is %s after 60 s", ids[0], sw.Status)
		}
		time.Sleep(200 * time.Millisecond)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		hooks.mu.Lock()
		n := len(hooks.got[ids[0]])
		hooks.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no webhook delivered")
		}
	}

	// An agent, over MCP with its token.
	agent := mcpSession(t, s.url+"/mcp", agentTok)
	text, isErr := mcpCall(t, agent, "quote", map[string]any{"from": "btc", "to": "eth", "amount": "0.1", "swappable": true})
	if isErr {
		t.Fatalf("mcp quote: %s", text)
	}
	venue0 := regexp.MustCompile(`"venue":"([a-z0-9]+)"`).FindStringSubmatch(text)
	if venue0 == nil {
		t.Fatalf("mcp quote has no offer: %s", text)
	}
	text, isErr = mcpCall(t, agent, "create_swap", map[string]any{"from": "btc", "to": "eth", "amount": "0.1", "venue": venue0[1],
		"payout_address": e2ePayoutETH, "refund_address": e2eRefundBTC})
	if isErr {
		t.Fatalf("mcp create_swap: %s", text)
	}
	if m := regexp.MustCompile(`Swap ([a-z0-9]+) created`).FindStringSubmatch(text); m != nil {
		ids = append(ids, m[1])
	} else {
		t.Fatalf("mcp create_swap answered no swap id: %s", text)
	}

	// A wallet, through the Trocador-compatible API with its key.
	hc := upstream.New(upstream.Options{})
	t.Cleanup(func() { hc.Close() })
	tc := trocador.New(venue.Config{BaseURL: s.url + "/trocador", APIKey: trocKey, HTTP: hc})
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")}
	o, err := tc.Quote(context.Background(), req)
	if err != nil {
		t.Fatalf("trocador quote: %v", err)
	}
	order, err := tc.CreateSwap(context.Background(), swapscout.CreateSwapRequest{Request: req, Offer: o, PayoutAddress: e2ePayoutETH, RefundAddress: e2eRefundBTC})
	if err != nil {
		t.Fatalf("trocador trade: %v", err)
	}
	ids = append(ids, order.Ref.ID)

	// What must never be logged: every swap's addresses, and the secrets.
	never := map[string]string{"client IP": clientIP, "API key": apiKey, "Trocador key": trocKey, "agent token": agentTok,
		"webhook secret": hookSec, "payout address": e2ePayoutETH, "refund address": e2eRefundBTC}
	for _, id := range ids {
		_, body := get(t, c, s.url+"/v1/swaps/"+id)
		sw, err := api.DecodeSwap([]byte(body))
		if err != nil || sw.DepositAddress == "" {
			t.Fatalf("swap %s: %v %s", id, err, body)
		}
		never["deposit address of "+id] = sw.DepositAddress
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	db, _, err := openSwapDB(context.Background(), dbFlags{dataDir: data})
	if err != nil {
		t.Fatal(err)
	}
	secrets := 0
	for _, id := range ids {
		sw, err := db.Swap(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if sw.VenueOrder.Secret != "" {
			never["order secret of "+id] = sw.VenueOrder.Secret
			secrets++
		}
	}
	db.Close()
	logs := s.stderr.String()
	lower := strings.ToLower(logs)
	for what, v := range never {
		if i := strings.Index(lower, strings.ToLower(v)); i >= 0 {
			t.Errorf("the %s is in the logs: …%s…", what, logs[max(0, i-120):min(len(logs), i+len(v)+40)])
		}
	}
	lines := strings.Count(logs, "\n")
	if !strings.Contains(logs, "/v1/swaps") || !strings.Contains(logs, "/trocador/") || !strings.Contains(logs, "/mcp") || lines < 20 {
		t.Errorf("the logs (%d lines) miss the flow's requests, so the scan proves little:\n%s", lines, logs)
	}
	t.Logf("%d log lines scanned for %d values (%d order secrets), %d swaps", lines, len(never), secrets, len(ids))
}
