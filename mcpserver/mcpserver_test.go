package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/mcpserver"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
)

// engine answers every venue it is asked with a fixed offer: 1 btc = 20 eth.
type engine struct{}

var venues = []swapscout.VenueInfo{
	{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C', Custody: swapscout.Custodial, CanSwap: true, Configured: true},
	{ID: "exolix", Name: "Exolix", Kind: swapscout.InstantSwap, KYC: 'A', Custody: swapscout.Custodial, CanSwap: true, Configured: true},
	{ID: "thorchain", Name: "THORChain", Kind: swapscout.InstantSwap, KYC: 'A', Custody: swapscout.NonCustodial, CanSwap: false, Configured: true},
}

func (engine) Quote(_ context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
	q := &swapscout.Quote{Request: req}
	for _, v := range venues {
		if !sel.Selects(v.ID, v.KYC, v.Ratings.Log, v.Custody, v.CanSwap, v.Ratings.PreCheck) {
			continue
		}
		o := swapscout.Offer{Venue: v.ID, AmountIn: req.Amount, AmountOut: req.Amount.Mul(swapscout.MustAmount("20")), Rate: swapscout.MustAmount("20"),
			KYC: v.KYC, Custody: v.Custody, CanSwap: v.CanSwap}
		if v.ID == "thorchain" {
			o.Deposit, o.NoSwap = swapscout.DepositMemo, "not configured"
		}
		q.Offers = append(q.Offers, o)
	}
	q.Failures = append(q.Failures, swapscout.Failure{Venue: "fixedfloat", Code: swapscout.CodeUnsupportedPair, Message: "pair not listed"})
	return q, nil
}

// swapService records the creates asked of it.
type swapService struct {
	mu      sync.Mutex
	created []swaps.CreateRequest
}

func (s *swapService) Create(_ context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.created = append(s.created, r)
	return &swapscout.Swap{ID: "sw" + r.IdempotencyKey[len(r.IdempotencyKey)-6:], IdempotencyKey: r.IdempotencyKey, QuoteID: r.QuoteID, Venue: r.Venue,
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		PromisedIn: swapscout.MustAmount("0.1"), DepositAddress: "bc1qdeposit", PayoutAddress: r.PayoutAddress, Status: swapscout.StatusWaiting}, true, nil
}

func (s *swapService) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	return &swapscout.Swap{ID: id, Status: swapscout.StatusWaiting}, nil, nil
}

func (s *swapService) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.created)
}

const payout = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"

// grants: "capped" may sell up to 0.1 btc a swap and 0.15 a day to one
// address; "confirm" needs a confirmation code for any address.
func grants(t *testing.T) *mcpserver.Grants {
	t.Helper()
	g, err := mcpserver.ParseGrants([]byte(`[
	 {"name":"capped","token_sha256":"` + mcpserver.HashToken("tok-capped") + `","caps":[{"asset":"btc","per_swap":"0.1","per_day":"0.15"}],
	  "payout_addresses":["` + payout + `"],"max_slippage":"0.01"},
	 {"name":"confirm","token_sha256":"` + mcpserver.HashToken("tok-confirm") + `","caps":[{"asset":"btc","per_swap":"1","per_day":"1"}]},
	 {"name":"dollars","token_sha256":"` + mcpserver.HashToken("tok-dollars") + `","caps":[{"asset":"usd","per_swap":"3","per_day":"5"}],
	  "payout_addresses":["` + payout + `"]}]`))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newService(t *testing.T, sw *swapService) *mcpserver.Service {
	t.Helper()
	qs := quotes.New(quotes.Config{Engine: engine{}, Store: inmem.New(inmem.Options{}), Venues: func() []swapscout.VenueInfo { return venues }})
	return mcpserver.New(mcpserver.Config{Quotes: qs, Swaps: sw, Venues: func() []swapscout.VenueInfo { return venues },
		OpenAPI: []byte(`{"openapi":"3.1.0"}`), Grants: grants(t), Now: func() time.Time { return time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC) }})
}

// connect runs the SDK's own client against s's server for token, in process.
func connect(t *testing.T, s *mcpserver.Service, token string) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.Server(mcpserverGrant(t, token)).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func mcpserverGrant(t *testing.T, token string) *mcpserver.Grant {
	if token == "" {
		return nil
	}
	g := grants(t).Lookup(token)
	if g == nil {
		t.Fatalf("no grant for %q", token)
	}
	return g
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (text string, isErr bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n"), res.IsError
}

func createArgs(amount, addr string) map[string]any {
	return map[string]any{"from": "btc", "to": "eth", "amount": amount, "venue": "changenow", "payout_address": addr,
		"refund_address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}
}

func TestToolsAndQuote(t *testing.T) {
	cs := connect(t, newService(t, &swapService{}), "")
	tl, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tl.Tools {
		names = append(names, tool.Name)
		if len(tool.Description) < 60 {
			t.Errorf("tool %s: description %q says too little", tool.Name, tool.Description)
		}
	}
	want := "quote venues assets swap_status validate_address create_swap my_swaps"
	for _, n := range strings.Fields(want) {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+n+" ") {
			t.Errorf("tools = %v, want %s among them", names, n)
		}
	}
	text, isErr := call(t, cs, "quote", map[string]any{"from": "btc", "to": "eth", "amount": "0.1"})
	if isErr {
		t.Fatalf("quote failed: %s", text)
	}
	for _, want := range []string{`"amount_out":"2"`, `"can_swap":true`, `"custody":"non_custodial"`, `"deposit":"memo"`, `"failures"`, "pair not listed", "need a memo"} {
		if !strings.Contains(text, want) {
			t.Errorf("quote answer lacks %s:\n%s", want, text)
		}
	}
	text, isErr = call(t, cs, "quote", map[string]any{"from": "btc", "to": "btc", "amount": "0.1"})
	if !isErr || !strings.Contains(text, "invalid_request") {
		t.Errorf("quote btc→btc = %s (error %t), want invalid_request", text, isErr)
	}
	text, _ = call(t, cs, "validate_address", map[string]any{"asset": "eth", "address": payout})
	if !strings.Contains(text, `"valid":true`) {
		t.Errorf("validate_address(good) = %s", text)
	}
	text, _ = call(t, cs, "validate_address", map[string]any{"asset": "eth", "address": strings.ToLower(payout[:10]) + payout[10:]})
	if !strings.Contains(text, `"valid":false`) {
		t.Errorf("validate_address(bad checksum) = %s", text)
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "swapscout://openapi.json"})
	if err != nil || len(rr.Contents) != 1 || !strings.Contains(rr.Contents[0].Text, "openapi") {
		t.Errorf("openapi resource = %+v, %v", rr, err)
	}
	rr, err = cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "swapscout://venues"})
	if err != nil || !strings.Contains(rr.Contents[0].Text, "changenow") {
		t.Errorf("venues resource = %+v, %v", rr, err)
	}
}

func TestCreateRefusedWithoutGrant(t *testing.T) {
	sw := &swapService{}
	cs := connect(t, newService(t, sw), "")
	text, isErr := call(t, cs, "create_swap", createArgs("0.1", payout))
	if !isErr || !strings.Contains(text, "forbidden") {
		t.Errorf("create_swap without a grant = %s (error %t), want forbidden", text, isErr)
	}
	if sw.count() != 0 {
		t.Errorf("%d swaps created without a grant", sw.count())
	}
}

func TestCreateWithinGrant(t *testing.T) {
	sw := &swapService{}
	s := newService(t, sw)
	cs := connect(t, s, "tok-capped")
	text, isErr := call(t, cs, "create_swap", createArgs("0.1", payout))
	if isErr {
		t.Fatalf("create within the grant failed: %s", text)
	}
	if sw.count() != 1 || !strings.HasPrefix(sw.created[0].IdempotencyKey, "mcp:capped:") || sw.created[0].Venue != "changenow" {
		t.Fatalf("creates = %+v, want one at changenow marked mcp:capped:", sw.created)
	}
	if !strings.Contains(text, "bc1qdeposit") || !strings.Contains(text, "by an agent") {
		t.Errorf("answer = %s", text)
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"beyond the per-swap cap", createArgs("0.2", payout), "per swap"},
		{"beyond the daily cap", createArgs("0.06", payout), "per day"},
		{"outside the allow-list", createArgs("0.01", "0x0000000000000000000000000000000000000001"), "list of payout addresses"},
		{"another asset", map[string]any{"from": "eth", "to": "btc", "amount": "1", "venue": "changenow", "payout_address": payout}, "may not sell"},
		{"slippage above the ceiling", func() map[string]any { a := createArgs("0.01", payout); a["max_slippage"] = "0.05"; return a }(), "ceiling"},
		{"a venue that cannot swap", func() map[string]any { a := createArgs("0.01", payout); a["venue"] = "thorchain"; return a }(), "cannot create"},
	} {
		text, isErr := call(t, cs, "create_swap", tc.args)
		if !isErr || !strings.Contains(text, tc.want) {
			t.Errorf("%s: create_swap = %s (error %t), want a refusal saying %q", tc.name, text, isErr, tc.want)
		}
	}
	if sw.count() != 1 {
		t.Errorf("%d swaps created, want only the first", sw.count())
	}
	text, _ = call(t, cs, "my_swaps", nil)
	var mine struct {
		Grant string `json:"grant"`
		Swaps []struct {
			SwapID string `json:"swap_id"`
			Status string `json:"status"`
		} `json:"swaps"`
	}
	if err := json.Unmarshal([]byte(text), &mine); err != nil || mine.Grant != "capped" || len(mine.Swaps) != 1 || mine.Swaps[0].Status != "waiting" {
		t.Errorf("my_swaps = %s (%v)", text, err)
	}
}

func TestCreateTwoStep(t *testing.T) {
	sw := &swapService{}
	cs := connect(t, newService(t, sw), "tok-confirm")
	args := createArgs("0.5", payout)
	text, isErr := call(t, cs, "create_swap", args)
	if isErr || sw.count() != 0 {
		t.Fatalf("first call = %s (error %t), %d created; want a summary and nothing created", text, isErr, sw.count())
	}
	for _, want := range []string{"send 0.5 btc", payout, "custodial", "KYC rating C", "Nothing is created yet"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	i := strings.Index(text, "confirmation_code \"")
	if i < 0 {
		t.Fatalf("no code in %s", text)
	}
	code := text[i+len("confirmation_code \""):]
	code = code[:strings.IndexByte(code, '"')]

	other := createArgs("0.5", "0x0000000000000000000000000000000000000001")
	other["confirmation_code"] = code
	if text, isErr := call(t, cs, "create_swap", other); !isErr || !strings.Contains(text, "differ") {
		t.Errorf("code with another address = %s (error %t), want refused", text, isErr)
	}
	args["confirmation_code"] = code
	if text, isErr := call(t, cs, "create_swap", args); isErr || sw.count() != 1 {
		t.Fatalf("confirmed call = %s (error %t), %d created", text, isErr, sw.count())
	}
	if text, isErr := call(t, cs, "create_swap", args); !isErr || !strings.Contains(text, "unknown or expired") {
		t.Errorf("code used twice = %s (error %t), want refused", text, isErr)
	}
}

func TestParseGrantsRefuses(t *testing.T) {
	h := mcpserver.HashToken("x")
	for _, bad := range []string{
		`[{"name":"a","token_sha256":"x","caps":[{"asset":"btc","per_swap":"1","per_day":"1"}]}]`,
		`[{"name":"a","token_sha256":"` + h + `","caps":[]}]`,
		`[{"name":"a","token_sha256":"` + h + `","caps":[{"asset":"nope","per_swap":"1","per_day":"1"}]}]`,
		`[{"name":"a","token_sha256":"` + h + `","caps":[{"asset":"btc","per_swap":"2","per_day":"1"}]}]`,
		`[{"name":"a","token_sha256":"` + h + `","caps":[{"asset":"btc","per_swap":"1","per_day":"1"}],"max_slippage":"0.5"}]`,
	} {
		if _, err := mcpserver.ParseGrants([]byte(bad)); err == nil {
			t.Errorf("ParseGrants(%s) accepted it", bad)
		}
	}
}

// TestCreateUSDCaps: a cap in US dollars counts other assets at what they
// fetch in USDT now (the fake engine: 20 per unit) and stablecoins at par.
func TestCreateUSDCaps(t *testing.T) {
	sw := &swapService{}
	cs := connect(t, newService(t, sw), "tok-dollars")
	for _, tc := range []struct {
		args map[string]any
		want string // "" for created
	}{
		{createArgs("0.1", payout), ""},         // 2 USD
		{createArgs("0.2", payout), "per swap"}, // 4 USD > 3
		{createArgs("0.1", payout), ""},         // 4 USD today
		{createArgs("0.06", payout), "per day"}, // 5.2 USD > 5
		{map[string]any{"from": "usdt", "from_network": "trx", "to": "eth", "amount": "2", "venue": "changenow", "payout_address": payout}, "per day"}, // 6 > 5 at par
		{map[string]any{"from": "usdt", "from_network": "trx", "to": "eth", "amount": "1", "venue": "changenow", "payout_address": payout}, ""},        // 5 USD
	} {
		text, isErr := call(t, cs, "create_swap", tc.args)
		switch {
		case tc.want == "" && isErr:
			t.Errorf("create_swap %v = %s, want created", tc.args["amount"], text)
		case tc.want != "" && (!isErr || !strings.Contains(text, tc.want) || !strings.Contains(text, "USD")):
			t.Errorf("create_swap %v = %s, want refused in USD (%s)", tc.args["amount"], text, tc.want)
		}
	}
	if sw.count() != 3 {
		t.Errorf("%d swaps created, want 3", sw.count())
	}
}
