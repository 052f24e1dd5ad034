package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/mcpserver"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/trocador"
)

const (
	e2eTrocKey = "round-trip-key"
	e2eToken   = "agent-token-e2e"
	e2ePayout  = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	e2eRefund  = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
)

// clientsServer runs the server on the simulator with a swap database,
// Trocador keys and an MCP grant for e2eToken (btc: 0.2 a swap, 0.2 a day,
// to e2ePayout only), as serve wires them.
func clientsServer(t *testing.T) string {
	t.Helper()
	s, secret := startSimServerWith(t)
	dir := t.TempDir()
	grants := filepath.Join(dir, "grants.json")
	if err := os.WriteFile(grants, []byte(`[{"name":"e2e-agent","token_sha256":"`+mcpserver.HashToken(e2eToken)+
		`","caps":[{"asset":"btc","per_swap":"0.2","per_day":"0.2"}],"payout_addresses":["`+e2ePayout+`"]}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	db := dbFlags{dataDir: filepath.Join(dir, "data")}
	st, err := newStack(ctx, stackOptions{simURL: s.URL(), secret: secret, getenv: noEnv, ttl: time.Minute, window: time.Second,
		db: &db, track: &trackFlags{}, keys: &keyFlags{trocador: e2eTrocKey}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	mf := mcpFlags{grants: grants, path: "/mcp"}
	svc, err := mf.service(st, nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := httpserver.Serve(ln, st.handler, httpserver.Options{Mounts: mf.mounts(svc, ln.Addr(), "", nil)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = shutdown(srv) })
	return srv.URL()
}

// TestTrocadorRoundTrip: our own Trocador adapter, pointed at our
// /trocador/ on the simulator, quotes and creates through both layers.
func TestTrocadorRoundTrip(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	base := clientsServer(t)
	hc := upstream.New(upstream.Options{})
	t.Cleanup(func() { hc.Close() })
	c := trocador.New(venue.Config{BaseURL: base + "/trocador", APIKey: e2eTrocKey, HTTP: hc})
	ctx := context.Background()
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")}
	o, err := c.Quote(ctx, req)
	if err != nil {
		t.Fatalf("Quote through /trocador/: %v", err)
	}
	if o.Provider == "" || o.RateID == "" || o.AmountOut.Sign() <= 0 || o.KYC == 0 {
		t.Fatalf("offer = %+v: want a provider (our venue), the quote id as rate id, an amount and a KYC letter", o)
	}
	order, err := c.CreateSwap(ctx, swapscout.CreateSwapRequest{Request: req, Offer: o, PayoutAddress: e2ePayout, RefundAddress: e2eRefund})
	if err != nil {
		t.Fatalf("CreateSwap through /trocador/ at %s: %v", o.Provider, err)
	}
	if order.Ref.ID == "" || order.DepositAddress == "" {
		t.Fatalf("order = %+v", order)
	}
	u, err := c.SwapStatus(ctx, order.Ref)
	if err != nil || u.Status != swapscout.StatusWaiting {
		t.Fatalf("SwapStatus = %+v, %v; want waiting", u, err)
	}
	// The trade is our swap, at the venue the offer named.
	resp, err := (&http.Client{Transport: testTransport(t)}).Get(base + "/v1/swaps/" + order.Ref.ID)
	if err != nil {
		t.Fatal(err)
	}
	var sw struct {
		Venue          string `json:"venue"`
		DepositAddress string `json:"deposit_address"`
	}
	err = json.NewDecoder(resp.Body).Decode(&sw)
	resp.Body.Close()
	if err != nil || sw.Venue != o.Provider || sw.DepositAddress != order.DepositAddress {
		t.Errorf("GET /v1/swaps/%s = %+v (%v), want venue %s and the same deposit address", order.Ref.ID, sw, err, o.Provider)
	}
	// A wrong key is Trocador's 401, which the adapter reads as not configured.
	bad := trocador.New(venue.Config{BaseURL: base + "/trocador", APIKey: "not-our-key", HTTP: hc})
	var ve *swapscout.VenueError
	if _, err := bad.Quote(ctx, req); !errors.As(err, &ve) || ve.Code != swapscout.CodeNotConfigured {
		t.Errorf("Quote with a wrong key: %v, want not_configured", err)
	}
}

type bearerTransport struct {
	token string
	next  http.RoundTripper
}

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	return b.next.RoundTrip(r)
}

// testTransport is a transport of the test's own, whose idle connections
// are closed when it ends (the leak check counts them).
func testTransport(t *testing.T) *http.Transport {
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return tr
}

func mcpSession(t *testing.T, endpoint, token string) *mcp.ClientSession {
	t.Helper()
	tr := &mcp.StreamableClientTransport{Endpoint: endpoint, DisableStandaloneSSE: true, MaxRetries: -1,
		HTTPClient: &http.Client{Transport: bearerTransport{token, testTransport(t)}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e-agent", Version: "0"}, nil).Connect(context.Background(), tr, nil)
	if err != nil {
		t.Fatalf("connect %s: %v", endpoint, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func mcpCall(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text + "\n")
		}
	}
	return b.String(), res.IsError
}

// TestMCPAgentFlow: an agent on the server's /mcp quotes on the simulator,
// is refused create_swap without a grant, then creates within its caps and
// is refused beyond them and outside its address list.
func TestMCPAgentFlow(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	base := clientsServer(t)
	anon := mcpSession(t, base+"/mcp", "")
	text, isErr := mcpCall(t, anon, "quote", map[string]any{"from": "btc", "to": "eth", "amount": "0.1", "swappable": true})
	if isErr {
		t.Fatalf("quote: %s", text)
	}
	_, body, _ := strings.Cut(text, "\n")
	var q struct {
		Offers []struct {
			Venue   string `json:"venue"`
			CanSwap bool   `json:"can_swap"`
		} `json:"offers"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(body)), &q); err != nil || len(q.Offers) == 0 || !q.Offers[0].CanSwap {
		t.Fatalf("quote answer %s (%v): want swappable offers", text, err)
	}
	v := q.Offers[0].Venue
	args := func(amount, addr string) map[string]any {
		return map[string]any{"from": "btc", "to": "eth", "amount": amount, "venue": v, "payout_address": addr, "refund_address": e2eRefund}
	}
	if text, isErr := mcpCall(t, anon, "create_swap", args("0.1", e2ePayout)); !isErr || !strings.Contains(text, "forbidden") {
		t.Fatalf("create_swap without a grant = %s", text)
	}
	agent := mcpSession(t, base+"/mcp", e2eToken)
	text, isErr = mcpCall(t, agent, "create_swap", args("0.1", e2ePayout))
	if isErr || !strings.Contains(text, "created at "+v) {
		t.Fatalf("create_swap within the grant = %s", text)
	}
	for _, tc := range []struct{ amount, addr, want string }{
		{"0.25", e2ePayout, "per swap"},
		{"0.15", e2ePayout, "per day"},
		{"0.01", "0x0000000000000000000000000000000000000001", "list of payout addresses"},
	} {
		if text, isErr := mcpCall(t, agent, "create_swap", args(tc.amount, tc.addr)); !isErr || !strings.Contains(text, tc.want) {
			t.Errorf("create_swap %s to %s = %s, want refused (%s)", tc.amount, tc.addr, text, tc.want)
		}
	}
	if text, _ := mcpCall(t, agent, "my_swaps", nil); !strings.Contains(text, `"grant":"e2e-agent"`) || strings.Count(text, `"swap_id"`) != 1 {
		t.Errorf("my_swaps = %s", text)
	}
	// A token that matches no grant is refused, not served read-only.
	req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer wrong-token")
	resp, err := (&http.Client{Transport: testTransport(t)}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("a wrong token: %d, want 401", resp.StatusCode)
	}
}

// TestMCPStdio: `swapscout mcp --sim` answers an agent over stdio, and a
// token that matches no grant stops it at start.
func TestMCPStdio(t *testing.T) {
	tier.E2E(t)
	r, w := io.Pipe()
	old := stdin
	stdin = r
	t.Cleanup(func() { stdin = old })
	var out, errOut syncBuffer
	done := make(chan error, 1)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	go func() { done <- run(ctx, []string{"mcp", "--sim"}, noEnv, &out, &errOut) }()
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	} {
		if _, err := io.WriteString(w, m+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	for !strings.Contains(out.String(), `"id":2`) {
		select {
		case err := <-done:
			t.Fatalf("mcp ended: %v\n%s", err, errOut.String())
		case <-ctx.Done():
			t.Fatalf("no tools/list answer: %s\n%s", out.String(), errOut.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	w.Close() // the client goes away: mcp ends cleanly
	if err := <-done; err != nil {
		t.Errorf("mcp after stdin closed: %v", err)
	}
	for _, tool := range []string{`"quote"`, `"create_swap"`, `"validate_address"`} {
		if !strings.Contains(out.String(), tool) {
			t.Errorf("tools/list lacks %s", tool)
		}
	}
	err := run(ctx, []string{"mcp", "--sim"}, func(k string) string {
		if k == envMCPToken {
			return "no-such-token"
		}
		return ""
	}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "matches no grant") {
		t.Errorf("mcp with an unknown token: %v", err)
	}
}
