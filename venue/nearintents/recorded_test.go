package nearintents

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// Cake's recordings swap 10 USDC on Arbitrum to NEAR (wrap.near, 24
// decimals) for a NEAR account; they are replayed through the public Quote
// and CreateSwap, as any request for that pair would reach them.
var (
	usdcArb, near = swapscout.Asset{Ticker: "usdc", Network: "arbitrum"}, swapscout.Asset{Ticker: "near", Network: "near"}
	recordedReq   = swapscout.CreateSwapRequest{
		Request:       swapscout.QuoteRequest{From: usdcArb, To: near, Amount: swapscout.MustAmount("10")},
		Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("10"), AmountOut: swapscout.MustAmount("6.160820348891358620689654")},
		PayoutAddress: "cakewallet.near", RefundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
	}
)

// TestRecordedPair: the recording's pair is the symbol table's, with the
// recorded tokens list's decimals (6 and 24).
func TestRecordedPair(t *testing.T) {
	p, err := New(venue.Config{}).resolve(recordedReq.Request)
	if err != nil {
		t.Fatal(err)
	}
	if p.from.ID != "nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near" || p.to.ID != "nep141:wrap.near" ||
		p.fromDec != 6 || p.toDec != 24 || p.to.Blockchain != "near" {
		t.Errorf("pair %+v", p)
	}
}

func recordedClient(t *testing.T, routes []venuetest.Route) (*Client, *venuetest.Replay) {
	rp := venuetest.NewReplay(t, "testdata", routes)
	return New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "test-key",
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 4, 0, 0, time.UTC) }}), rp
}

// TestRecordedQuotes: the public Quote for 10 USDC on Arbitrum to NEAR
// reads the recorded dry and live quotes as offers: 10 USDC (10000000 at 6
// decimals) for 6.160820348891358620689654 NEAR (6160820348891358620689654
// at 24), exactly, expiring at the deadline each was asked with, 25 s after
// the deposit. The request asks what Cake asked, but for the addresses: a
// dry quote names the placeholders (an implicit NEAR account, 0x…dEaD).
func TestRecordedQuotes(t *testing.T) {
	for name, want := range map[string]time.Time{
		"quote_dry.json":  time.Date(2026, 7, 29, 15, 4, 55, 229e6, time.UTC),
		"quote_live.json": time.Date(2026, 7, 29, 15, 4, 56, 287e6, time.UTC),
	} {
		c, rp := recordedClient(t, []venuetest.Route{{Method: "POST", Path: QuotePath, Fixture: name, Status: 201}})
		o, err := c.Quote(context.Background(), recordedReq.Request)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.AmountIn.String() != "10" || o.AmountOut.String() != "6.160820348891358620689654" ||
			!o.ExpiresAt.Equal(want) || o.ETAMax != 25*time.Second || o.Custody != swapscout.NonCustodial ||
			o.Deposit != swapscout.DepositTransfer {
			t.Errorf("%s: offer %+v", name, o)
		}
		var sent, rec map[string]any
		reqs := rp.Requests()
		if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &sent) != nil {
			t.Fatalf("%s: requests %v", name, reqs)
		}
		var recorded struct {
			QuoteRequest map[string]any `json:"quoteRequest"`
		}
		if err := json.Unmarshal(mustRead(t, "testdata/"+name), &recorded); err != nil {
			t.Fatal(err)
		}
		rec = recorded.QuoteRequest
		for _, k := range []string{"swapType", "slippageTolerance", "originAsset", "depositType", "destinationAsset",
			"amount", "refundType", "recipientType"} {
			if sent[k] != rec[k] {
				t.Errorf("%s: %s: sent %v, recorded %v", name, k, sent[k], rec[k])
			}
		}
		if sent["dry"] != true || sent["recipient"] != placeholder["near"] || sent["refundTo"] != evmPlaceholder {
			t.Errorf("%s: dry %v, recipient %v, refundTo %v", name, sent["dry"], sent["recipient"], sent["refundTo"])
		}
	}
}

// TestNEARPlaceholder: the dry-quote placeholder on NEAR is an account id
// address.Check accepts (an implicit account: 64 hex digits of a key).
func TestNEARPlaceholder(t *testing.T) {
	if err := address.Check("near", placeholder["near"], ""); err != nil || len(placeholder["near"]) != 64 {
		t.Errorf("placeholder %q: %v", placeholder["near"], err)
	}
}

// TestPlaceholders: every network's dry-quote placeholder passes that
// network's address rules, so a dry quote never names an address 1-Click
// would refuse (the ones for chains only the catalogue brings included).
func TestPlaceholders(t *testing.T) {
	for net, addr := range placeholder {
		if err := address.Check(net, addr, ""); err != nil {
			t.Errorf("placeholder on %s %q: %v", net, addr, err)
		}
	}
}

// TestRecordedCreate: the recorded live quote is the order: its deposit
// address, its amounts, and the deadline asked (an hour) rather than the
// address's own (three days later).
func TestRecordedCreate(t *testing.T) {
	c, rp := recordedClient(t, []venuetest.Route{{Method: "POST", Path: QuotePath, Fixture: "quote_live.json", Status: 201}})
	o, err := c.CreateSwap(context.Background(), recordedReq)
	if err != nil {
		t.Fatal(err)
	}
	want := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "0x6145625D094e8C70bb94784C7d6a4390Ead6947d"}, DepositAddress: "0x6145625D094e8C70bb94784C7d6a4390Ead6947d",
		AmountIn: swapscout.MustAmount("10"), AmountOut: swapscout.MustAmount("6.160820348891358620689654"),
		ExpiresAt: time.Date(2026, 7, 29, 15, 4, 56, 287e6, time.UTC)}
	if o.Ref != want.Ref || o.DepositAddress != want.DepositAddress || !o.AmountIn.Equal(want.AmountIn) ||
		!o.AmountOut.Equal(want.AmountOut) || !o.ExpiresAt.Equal(want.ExpiresAt) || o.DepositMemo != "" {
		t.Errorf("order %+v, want %+v", o, want)
	}
	// The request is the recorded one, field for field, but for the
	// deadline (ours) and the app fees (Cake's).
	var sent, rec map[string]any
	reqs := rp.Requests()
	if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &sent) != nil {
		t.Fatalf("requests %v", reqs)
	}
	var live struct {
		QuoteRequest map[string]any `json:"quoteRequest"`
	}
	b := mustRead(t, "testdata/quote_live.json")
	if err := json.Unmarshal(b, &live); err != nil {
		t.Fatal(err)
	}
	rec = live.QuoteRequest
	for _, k := range []string{"dry", "swapType", "slippageTolerance", "originAsset", "depositType", "destinationAsset",
		"amount", "refundTo", "refundType", "recipient", "recipientType"} {
		if sent[k] != rec[k] {
			t.Errorf("%s: sent %v, recorded %v", k, sent[k], rec[k])
		}
	}
}

// TestCreateOddDepositAddress: a live quote whose deposit address is not
// plain text (spaces, control characters, a memo separator) makes no order.
func TestCreateOddDepositAddress(t *testing.T) {
	b := mustRead(t, "testdata/quote_live.json")
	for _, odd := range []string{"0x6145 625D", "0x6145\n625D", "0x6145#625D", ""} {
		dir := t.TempDir()
		enc, _ := json.Marshal(odd)
		body := strings.Replace(string(b), `"0x6145625D094e8C70bb94784C7d6a4390Ead6947d"`, string(enc), 1)
		if err := os.WriteFile(filepath.Join(dir, "q.json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		rp := venuetest.NewReplay(t, dir, []venuetest.Route{{Method: "POST", Path: QuotePath, Fixture: "q.json", Status: 201}})
		c := New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t),
			Now: func() time.Time { return time.Date(2026, 7, 29, 14, 4, 0, 0, time.UTC) }})
		if _, err := c.CreateSwap(context.Background(), recordedReq); venuetest.Code(err) != swapscout.CodeBadResponse {
			t.Errorf("deposit address %q: %v, want bad_response", odd, err)
		}
	}
}
