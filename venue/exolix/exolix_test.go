package exolix_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
)

// btcXMR is the request Cake's recordings were made with.
var btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("1")}

func rate(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: "/api/v2/rate", Fixture: fixture, Status: status}}
}

// query checks the one rate call's parameters: want maps a name to its
// value, "" meaning the parameter must be absent.
func query(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Method != "GET" || r.Path != "/api/v2/rate" {
			t.Errorf("called %s %s, want GET /api/v2/rate", r.Method, r.Path)
		}
		q, err := url.ParseQuery(r.RawQuery)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want {
			if got := q.Get(k); got != v || (v == "" && q.Has(k)) {
				t.Errorf("query %q: %s = %q, want %q", r.RawQuery, k, got, v)
			}
		}
		if q.Has("apiToken") {
			t.Errorf("query %q carries the API key", r.RawQuery)
		}
		if got := r.Header.Get("Authorization"); got != "test-key" {
			t.Errorf("Authorization = %q, want the bare key", got)
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: rate("rate.json", 200),
	Check: query(map[string]string{
		"coinFrom": "BTC", "networkFrom": "BTC", "coinTo": "XMR", "networkTo": "XMR",
		"rateType": "float", "amount": "1", "withdrawalAmount": "",
	})}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	receive := btcXMR
	receive.Direction = swapscout.Receive
	receiveFixed := fixed
	receiveFixed.Direction = swapscout.Receive
	belowMin := btcXMR
	belowMin.Amount = swapscout.MustAmount("0.00000001")
	receiveBelow := receive
	receiveBelow.Amount = swapscout.MustAmount("0.0001")
	aboveMax := btcXMR
	aboveMax.Amount = swapscout.MustAmount("25")
	token := swapscout.QuoteRequest{From: xmr, To: usdtTRX, Amount: swapscout.MustAmount("2")}
	same := btcXMR
	same.To = btc

	venuetest.RunCases(t, &exolix.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: rate("rate_fixed.json", 200),
			Check: query(map[string]string{"rateType": "fixed", "amount": "1", "withdrawalAmount": ""})},
		{Name: "quote_receive_fixed", Req: receiveFixed, Routes: rate("rate_receive_fixed.json", 200),
			Check: query(map[string]string{"rateType": "fixed", "withdrawalAmount": "1", "amount": ""})},
		{Name: "quote_receive_float", Req: receive, Routes: rate("rate_receive_float.json", 200),
			Check: query(map[string]string{"rateType": "float", "withdrawalAmount": "1", "amount": ""})},
		{Name: "quote_token_network", Req: token, Routes: rate("rate_usdt_trx.json", 200),
			Check: query(map[string]string{"coinFrom": "XMR", "networkFrom": "XMR", "coinTo": "USDT", "networkTo": "TRX", "amount": "2"})},

		// Below the minimum: the recorded body, on 200 (Cake) and on 422 (Edge).
		{Name: "below_min_200", Req: belowMin, Routes: rate("rate_below_min.json", 200), Want: swapscout.CodeAmountTooSmall,
			Check: query(map[string]string{"amount": "0.00000001"})},
		{Name: "below_min_422", Req: belowMin, Routes: rate("rate_below_min.json", 422), Want: swapscout.CodeAmountTooSmall},
		// A receive-side quote under withdrawMin answers 200 without a message (Edge).
		{Name: "receive_below_withdraw_min", Req: receiveBelow, Routes: rate("rate_receive_below_min.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max", Req: aboveMax, Routes: rate("rate_above_max.json", 422), Want: swapscout.CodeAmountTooLarge},
		// Any other 422 is a pair Exolix does not serve (Edge); the same body on 200 too.
		{Name: "pair_unavailable_422", Req: btcXMR, Routes: rate("pair_unavailable.json", 422), Want: swapscout.CodeUnsupportedPair},
		{Name: "pair_unavailable_200", Req: btcXMR, Routes: rate("pair_unavailable.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "validation_coin_400", Req: btcXMR, Routes: rate("validation_coin.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "unauthorized", Req: btcXMR, Routes: rate("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "server_error", Req: btcXMR, Routes: rate("internal_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "same_asset_no_call", Req: same, Routes: rate("rate.json", 200), Want: swapscout.CodeUnsupportedPair,
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 0 {
					t.Errorf("made %d calls for btc→btc, want 0", len(reqs))
				}
			}},
	})
}

// TestLimits checks the limits a refusal carries: Min and Max on the amount
// sent, and MinOut (withdrawMin) on the amount received when Exolix gives it.
func TestLimits(t *testing.T) {
	below := btcXMR
	below.Amount = swapscout.MustAmount("0.00000001")
	receiveBelow := btcXMR
	receiveBelow.Direction, receiveBelow.Amount = swapscout.Receive, swapscout.MustAmount("0.0001")
	above := btcXMR
	above.Amount = swapscout.MustAmount("25")
	for _, c := range []struct {
		name    string
		req     swapscout.QuoteRequest
		fixture string
		status  int
		want    string // min max min_out max_out
	}{
		{"below_200", below, "rate_below_min.json", 200, "0.00007747 10 0 0"},
		{"below_422", below, "rate_below_min.json", 422, "0.00007747 10 0 0"},
		{"receive_below", receiveBelow, "rate_receive_below_min.json", 200, "0.00007747 10 0.0007088 0"},
		{"above", above, "rate_above_max.json", 422, "0.00007747 10 0 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", rate(c.fixture, c.status))
			_, err := venuetest.New(t, &exolix.Descriptor, rp.URL).Quote(context.Background(), c.req)
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v is not a *VenueError", err)
			}
			if got := fmt.Sprint(ve.Min, ve.Max, ve.MinOut, ve.MaxOut); got != c.want {
				t.Errorf("limits %s, want %s (%v)", got, c.want, err)
			}
		})
	}
}

// TestNoKey: the rate endpoint needs no key, and none is sent when none is set.
func TestNoKey(t *testing.T) {
	if exolix.Descriptor.NeedsKey {
		t.Error("Exolix quotes without a key")
	}
	rp := venuetest.NewReplay(t, "testdata", rate("rate.json", 200))
	c := exolix.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), Now: time.Now})
	if _, err := c.Quote(context.Background(), btcXMR); err != nil {
		t.Fatal(err)
	}
	for _, r := range rp.Requests() {
		if _, ok := r.Header["Authorization"]; ok {
			t.Errorf("sent Authorization %q without a key", r.Header.Get("Authorization"))
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &exolix.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: a {"message"} or {"error"} body is read by its words
// whatever the status; limit refusals carry the limits they name.
func TestRefusalBodies(t *testing.T) {
	aboveMax := btcXMR
	aboveMax.Amount = swapscout.MustAmount("25")
	venuetest.RunRefusals(t, &exolix.Descriptor, []venuetest.Refusal{
		{Name: "key_401", Req: btcXMR, Routes: rate("unauthorized.json", 401), Code: swapscout.CodeNotConfigured, Words: "(HTTP 401): Unauthorized"},
		{Name: "key_message_200", Req: btcXMR, Routes: rate("unauthorized.json", 200), Code: swapscout.CodeNotConfigured, Words: "Unauthorized"},
		{Name: "key_message_400", Req: btcXMR, Routes: rate("unauthorized.json", 400), Code: swapscout.CodeNotConfigured, Words: "Unauthorized"},
		{Name: "rate_limited_400", Req: btcXMR, Routes: rate("message_rate_limited.json", 400), Code: swapscout.CodeRateLimited, Words: "Too many requests"},
		{Name: "pair_200", Req: btcXMR, Routes: rate("pair_unavailable.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Such exchange pair is not available"},
		{Name: "above_max_422", Req: aboveMax, Routes: rate("rate_above_max.json", 422), Code: swapscout.CodeAmountTooLarge,
			Words: "10", Min: "0.00007747", Max: "10"},
	})
}
