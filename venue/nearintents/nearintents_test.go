package nearintents_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/nearintents"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth = swapscout.Asset{Ticker: "eth", Network: "eth"}
)

// btcETH is the request of the modelled quote (quote_btc_eth.json); Cake's
// recordings (USDC on Arbitrum to NEAR) are replayed in recorded_test.go.
var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}

var tokens = venuetest.Route{Path: "/v0/tokens", Fixture: "tokens.json"}

func quote(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{tokens, {Method: "POST", Path: "/v0/quote", Fixture: fixture, Status: status}}
}

// body checks the one quote call's JSON body: want maps a field to its
// value.
func body(want map[string]any) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		var quotes []venuetest.Recorded
		for _, r := range reqs {
			if r.Path == "/v0/quote" {
				quotes = append(quotes, r)
			}
		}
		if len(quotes) != 1 {
			t.Fatalf("made %d quote calls, want 1", len(quotes))
		}
		r := quotes[0]
		if r.Method != "POST" {
			t.Errorf("quote with %s, want POST", r.Method)
		}
		var m map[string]any
		if err := json.Unmarshal(r.Body, &m); err != nil {
			t.Fatalf("body %q: %v", r.Body, err)
		}
		for k, v := range want {
			if m[k] != v {
				t.Errorf("%s = %v (%T), want %v", k, m[k], m[k], v)
			}
		}
		if got := r.Header.Get("Authorization"); got != "Bearer test-key" {
			t.Errorf("Authorization = %q, want the key as a Bearer token", got)
		}
		if strings.Contains(r.RawQuery, "test-key") || strings.Contains(string(r.Body), "test-key") {
			t.Error("the key is in the query or body")
		}
		d, err := time.Parse(time.RFC3339, m["deadline"].(string))
		if err != nil || !d.Equal(time.Date(2026, 7, 29, 15, 0, 0, 0, time.UTC)) {
			t.Errorf("deadline %v (%v), want an hour after now", m["deadline"], err)
		}
	}
}

var okCase = venuetest.Case{Name: "quote_dry", Req: btcETH, Routes: quote("quote_btc_eth.json", 201),
	Check: body(map[string]any{
		"dry": true, "swapType": "EXACT_INPUT", "slippageTolerance": 100.0,
		"originAsset": "nep141:btc.omft.near", "destinationAsset": "nep141:eth.omft.near", "amount": "10000000",
		"depositType": "ORIGIN_CHAIN", "refundType": "ORIGIN_CHAIN", "recipientType": "DESTINATION_CHAIN",
		"recipient": "0x000000000000000000000000000000000000dEaD", "refundTo": "1111111111111111111114oLvT2",
	})}

func TestQuote(t *testing.T) {
	receive := btcETH
	receive.Direction = swapscout.Receive
	receive.Amount = swapscout.MustAmount("3.37150620483762145")
	fine := btcETH
	fine.Amount = swapscout.MustAmount("0.100000009") // below a satoshi: rounded down
	dust := btcETH
	dust.Amount = swapscout.MustAmount("0.000000009")
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	same := btcETH
	same.To = btc
	other := btcETH
	other.Amount = swapscout.MustAmount("0.2")
	noCall := func(t *testing.T, reqs []venuetest.Recorded) {
		for _, r := range reqs {
			if r.Path == "/v0/quote" {
				t.Errorf("made a quote call, want none")
			}
		}
	}
	venuetest.RunCases(t, &nearintents.Descriptor, []venuetest.Case{
		okCase,
		// A live quote read as a quote: the same amounts; its deposit
		// address is ignored.
		{Name: "quote_live", Req: btcETH, Routes: quote("quote_live_btc_eth.json", 201)},
		{Name: "quote_receive", Req: receive, Routes: quote("quote_btc_eth.json", 201),
			Check: body(map[string]any{"swapType": "EXACT_OUTPUT", "amount": "3371506204837621450", "dry": true})},
		{Name: "quote_fine_amount", Req: fine, Routes: quote("quote_btc_eth.json", 200),
			Check: body(map[string]any{"amount": "10000000"})},
		{Name: "dust", Req: dust, Routes: quote("quote_btc_eth.json", 201), Want: swapscout.CodeAmountTooSmall, Check: noCall},
		{Name: "fixed", Req: fixed, Routes: quote("quote_btc_eth.json", 201), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		{Name: "same_asset", Req: same, Routes: quote("quote_btc_eth.json", 201), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// XRP is listed but not mapped (its deposits need a memo).
		{Name: "memo_chain", Req: swapscout.QuoteRequest{From: btc, To: swapscout.Asset{Ticker: "xrp", Network: "xrp"}, Amount: swapscout.MustAmount("1")},
			Routes: quote("quote_btc_eth.json", 201), Want: swapscout.CodeUnsupportedPair, Check: noCall},
		// An answer for another amount than asked is no answer.
		{Name: "wrong_echo", Req: other, Routes: quote("quote_btc_eth.json", 201), Want: swapscout.CodeBadResponse},
		{Name: "bad_request", Req: btcETH, Routes: quote("quote_bad_request.json", 400), Want: swapscout.CodeBadResponse},
		{Name: "server_error", Req: btcETH, Routes: quote("internal_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "error_body_200", Req: btcETH, Routes: quote("internal_error.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "no_quote_in_answer", Req: btcETH, Routes: quote("tokens.json", 201), Want: swapscout.CodeBadResponse},
	})
}

// TestQuoteGoldenAmounts pins what the quote means: 0.1 BTC (10000000 at 8
// decimals) for 3.37150620483762145 ETH (18 decimals), exactly, expiring
// at the deadline the quote was asked with.
func TestQuoteGoldenAmounts(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", okCase.Routes)
	o, err := venuetest.New(t, &nearintents.Descriptor, rp.URL).Quote(context.Background(), btcETH)
	if err != nil {
		t.Fatal(err)
	}
	if o.AmountIn.String() != "0.1" || o.AmountOut.String() != "3.37150620483762145" {
		t.Errorf("in %s out %s", o.AmountIn, o.AmountOut)
	}
	if want := time.Date(2026, 7, 29, 15, 0, 0, 0, time.UTC); !o.ExpiresAt.Equal(want) {
		t.Errorf("expires %v, want %v", o.ExpiresAt, want)
	}
	if o.Custody != swapscout.NonCustodial || o.Deposit != swapscout.DepositTransfer || o.RateType != swapscout.Float {
		t.Errorf("custody %q deposit %q rate %s", o.Custody, o.Deposit, o.RateType)
	}
	if o.ETAMax != 25*time.Second {
		t.Errorf("ETA %s, want the recorded 25 s", o.ETAMax)
	}
}

func TestRefusals(t *testing.T) {
	receive := btcETH
	receive.Direction = swapscout.Receive
	venuetest.RunRefusals(t, &nearintents.Descriptor, []venuetest.Refusal{
		{Name: "too_low", Req: btcETH, Routes: quote("amount_too_low.json", 400), Code: swapscout.CodeAmountTooSmall,
			Words: "Amount is too low for bridge, try at least 8516130", Min: "0.0851613"},
		// By the amount received the minimum's unit is not known: no Min.
		{Name: "too_low_receive", Req: receive, Routes: quote("amount_too_low.json", 400), Code: swapscout.CodeAmountTooSmall,
			Words: "try at least 8516130"},
		{Name: "no_quote", Req: btcETH, Routes: quote("no_quote.json", 400), Code: swapscout.CodeUnsupportedPair, Words: "Failed to get quote"},
		{Name: "unknown_asset", Req: btcETH, Routes: quote("quote_unknown_asset.json", 400), Code: swapscout.CodeUnsupportedPair,
			Words: "Token not supported: nep141:eth.omft.near"},
		{Name: "unauthorized", Req: btcETH, Routes: quote("unauthorized.json", 401), Code: swapscout.CodeNotConfigured, Words: "Unauthorized"},
		{Name: "bad_request", Req: btcETH, Routes: quote("quote_bad_request.json", 400), Code: swapscout.CodeBadResponse,
			Words: "dry should not be empty"},
		{Name: "error_body_200", Req: btcETH, Routes: quote("internal_error.json", 200), Code: swapscout.CodeUnavailable,
			Words: "Internal server error"},
	})
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &nearintents.Descriptor, venuetest.Options{
		OK: okCase, Meta: []venuetest.Route{tokens},
	})
}

// TestDescriptor: NEAR Intents is listed as non-custodial, needs no key,
// quotes both directions and floats only.
func TestDescriptor(t *testing.T) {
	d := &nearintents.Descriptor
	info := d.Info(true)
	if info.Custody != swapscout.NonCustodial || d.NeedsKey || d.FixedRate || !d.Reverse {
		t.Errorf("descriptor %+v", info)
	}
	if d.EnvPrefix()+"API_KEY" != "SWAPSCOUT_NEARINTENTS_API_KEY" {
		t.Errorf("key variable %sAPI_KEY", d.EnvPrefix())
	}
}

// TestKeyNeverInErrors: whatever 1Click answers, the key is in no error.
func TestKeyNeverInErrors(t *testing.T) {
	for _, f := range []string{"unauthorized.json", "quote_bad_request.json", "amount_too_low.json", "internal_error.json"} {
		for _, st := range []int{200, 400, 401, 500} {
			rp := venuetest.NewReplay(t, "testdata", quote(f, st))
			_, err := venuetest.New(t, &nearintents.Descriptor, rp.URL).Quote(context.Background(), btcETH)
			if err == nil || strings.Contains(err.Error(), "test-key") {
				t.Errorf("%s with %d: %v", f, st, err)
			}
		}
	}
}
