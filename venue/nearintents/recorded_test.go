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
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// Cake's recordings swap 10 USDC on Arbitrum to wNEAR for a NEAR account.
// swapscout's catalogue has no NEAR, so the public Quote and CreateSwap
// refuse that pair before any call; these tests replay the recordings
// through the same HTTP path with the recording's own pair, its decimals
// as the recorded tokens list gives them (6 and 24).
var (
	recordedPair = pair{from: symbols[swapscout.Asset{Ticker: "usdc", Network: "arbitrum"}],
		to: asset{ID: "nep141:wrap.near", Decimals: 24, Blockchain: "near"}, fromDec: 6, toDec: 24}
	recordedReq = swapscout.CreateSwapRequest{
		Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdc", Network: "arbitrum"},
			To: swapscout.Asset{Ticker: "near", Network: "near"}, Amount: swapscout.MustAmount("10")},
		Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("10"), AmountOut: swapscout.MustAmount("6.160820348891358620689654")},
		PayoutAddress: "cakewallet.near", RefundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
	}
)

func recordedClient(t *testing.T, routes []venuetest.Route) (*Client, *venuetest.Replay) {
	rp := venuetest.NewReplay(t, "testdata", routes)
	return New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "test-key",
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 4, 0, 0, time.UTC) }}), rp
}

// TestRecordedQuotes: the recorded dry and live quotes read as offers: 10
// USDC (10000000 at 6 decimals) for 6.160820348891358620689654 NEAR
// (6160820348891358620689654 at 24), exactly, expiring at the deadline each
// was asked with, 25 s after the deposit.
func TestRecordedQuotes(t *testing.T) {
	for name, want := range map[string]time.Time{
		"quote_dry.json":  time.Date(2026, 7, 29, 15, 4, 55, 229e6, time.UTC),
		"quote_live.json": time.Date(2026, 7, 29, 15, 4, 56, 287e6, time.UTC),
	} {
		c, _ := recordedClient(t, []venuetest.Route{{Method: "POST", Path: quotePath, Fixture: name, Status: 201}})
		o, err := c.quote(context.Background(), recordedReq.Request, recordedPair)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.AmountIn.String() != "10" || o.AmountOut.String() != "6.160820348891358620689654" ||
			!o.ExpiresAt.Equal(want) || o.ETAMax != 25*time.Second || o.Custody != swapscout.NonCustodial {
			t.Errorf("%s: offer %+v", name, o)
		}
	}
}

// TestRecordedCreate: the recorded live quote is the order: its deposit
// address, its amounts, and the deadline asked (an hour) rather than the
// address's own (three days later).
func TestRecordedCreate(t *testing.T) {
	c, rp := recordedClient(t, []venuetest.Route{{Method: "POST", Path: quotePath, Fixture: "quote_live.json", Status: 201}})
	o, err := c.create(context.Background(), recordedReq, recordedPair)
	if err != nil {
		t.Fatal(err)
	}
	want := swapscout.SwapOrder{OrderID: "0x6145625D094e8C70bb94784C7d6a4390Ead6947d", DepositAddress: "0x6145625D094e8C70bb94784C7d6a4390Ead6947d",
		AmountIn: swapscout.MustAmount("10"), AmountOut: swapscout.MustAmount("6.160820348891358620689654"),
		ExpiresAt: time.Date(2026, 7, 29, 15, 4, 56, 287e6, time.UTC)}
	if o.OrderID != want.OrderID || o.DepositAddress != want.DepositAddress || !o.AmountIn.Equal(want.AmountIn) ||
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
		rp := venuetest.NewReplay(t, dir, []venuetest.Route{{Method: "POST", Path: quotePath, Fixture: "q.json", Status: 201}})
		c := New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t),
			Now: func() time.Time { return time.Date(2026, 7, 29, 14, 4, 0, 0, time.UTC) }})
		if _, err := c.create(context.Background(), recordedReq, recordedPair); venuetest.Code(err) != swapscout.CodeBadResponse {
			t.Errorf("deposit address %q: %v, want bad_response", odd, err)
		}
	}
}
