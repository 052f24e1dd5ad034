package letsexchange_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/letsexchange"
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

func route(path, fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Method: "POST", Path: path, Fixture: fixture, Status: status}}
}

func info(fixture string, status int) []venuetest.Route {
	return route("/api/v1/info", fixture, status)
}

func revert(fixture string, status int) []venuetest.Route {
	return route("/api/v1/info-revert", fixture, status)
}

// body checks the one call: its path, headers and JSON body, whose members
// must equal want exactly (strings stay strings, booleans booleans).
func body(path string, want map[string]any) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Method != "POST" || r.Path != path {
			t.Errorf("called %s %s, want POST %s", r.Method, r.Path, path)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer test-key" {
			t.Errorf("Authorization = %q, want Bearer test-key", got)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type = %q", ct)
		}
		var got map[string]any
		if err := json.Unmarshal(r.Body, &got); err != nil {
			t.Fatalf("body %s: %v", r.Body, err)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("body %s: %s = %#v, want %#v", r.Body, k, got[k], v)
			}
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: info("info.json", 200),
	Check: body("/api/v1/info", map[string]any{
		"from": "BTC", "network_from": "BTC", "to": "XMR", "network_to": "XMR", "amount": "1", "float": true,
	})}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	receive := fixed
	receive.Direction = swapscout.Receive
	receiveFloat := btcXMR
	receiveFloat.Direction = swapscout.Receive
	token := swapscout.QuoteRequest{From: btc, To: usdtTRX, Amount: swapscout.MustAmount("0.1")}
	below := btcXMR
	below.Amount = swapscout.MustAmount("0.0005")
	above := btcXMR
	above.Amount = swapscout.MustAmount("50")
	receiveBelow := receive
	receiveBelow.Amount = swapscout.MustAmount("0.1")
	same := btcXMR
	same.To = btc
	noCall := func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 0 {
			t.Errorf("made %d calls, want 0", len(reqs))
		}
	}

	venuetest.RunCases(t, &letsexchange.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: info("info_fixed.json", 200),
			Check: body("/api/v1/info", map[string]any{"amount": "1", "float": false})},
		{Name: "quote_receive_fixed", Req: receive, Routes: revert("info_revert.json", 200),
			Check: body("/api/v1/info-revert", map[string]any{"from": "BTC", "to": "XMR", "amount": "1", "float": false})},
		{Name: "quote_token_network", Req: token, Routes: info("info_doc_usdt_trc20.json", 200),
			Check: body("/api/v1/info", map[string]any{"from": "BTC", "network_from": "BTC", "to": "USDT", "network_to": "TRC20", "amount": "0.1"})},
		{Name: "receive_float_unsupported", Req: receiveFloat, Routes: revert("info_revert.json", 200), Want: swapscout.CodeUnsupportedPair, Check: noCall},

		// Out of the limits the venue answers 200 with them (Edge checks them after the call).
		{Name: "below_min", Req: below, Routes: info("info_below_min.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max", Req: above, Routes: info("info_above_max.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "receive_below_min", Req: receiveBelow, Routes: revert("info_revert_below_min.json", 200), Want: swapscout.CodeAmountTooSmall},

		// The recorded validation envelope, and any other 422, is a pair not served (Edge).
		{Name: "validation_422", Req: btcXMR, Routes: info("info_bad_request.json", 422), Want: swapscout.CodeUnsupportedPair},
		{Name: "pair_invalid_422", Req: btcXMR, Routes: info("pair_invalid.json", 422), Want: swapscout.CodeUnsupportedPair},
		{Name: "amount_invalid_422", Req: below, Routes: info("amount_invalid.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "envelope_on_200", Req: btcXMR, Routes: info("pair_invalid.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "unauthenticated", Req: btcXMR, Routes: info("unauthenticated.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "server_error", Req: btcXMR, Routes: info("server_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "same_asset_no_call", Req: same, Routes: info("info.json", 200), Want: swapscout.CodeUnsupportedPair, Check: noCall},
	})
}

// TestLimits checks the limits a refusal carries: Min and Max on the amount
// sent (for info-revert, the deposit limits), and for info-revert MinOut and
// MaxOut from min/max_amount, which are on the amount received.
func TestLimits(t *testing.T) {
	below := btcXMR
	below.Amount = swapscout.MustAmount("0.0005")
	above := btcXMR
	above.Amount = swapscout.MustAmount("50")
	receiveBelow := btcXMR
	receiveBelow.RateType, receiveBelow.Direction, receiveBelow.Amount = swapscout.Fixed, swapscout.Receive, swapscout.MustAmount("0.1")
	for _, c := range []struct {
		name   string
		req    swapscout.QuoteRequest
		routes []venuetest.Route
		want   string // min max min_out max_out
	}{
		{"below", below, info("info_below_min.json", 200), "0.001 37.4 0 0"},
		{"above", above, info("info_above_max.json", 200), "0.001 37.4 0 0"},
		{"receive_below", receiveBelow, revert("info_revert_below_min.json", 200), "0.002 37.4 0.3 6900"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", c.routes)
			_, err := venuetest.New(t, &letsexchange.Descriptor, rp.URL).Quote(context.Background(), c.req)
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

// TestAffiliateID: a configured affiliate id goes in the body, as in the
// recorded requests; without one the member is left out, not sent empty.
func TestAffiliateID(t *testing.T) {
	for _, aff := range []string{"swapscout-partner", ""} {
		rp := venuetest.NewReplay(t, "testdata", info("info.json", 200))
		c := letsexchange.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "k", Affiliate: aff, Now: time.Now})
		if _, err := c.Quote(context.Background(), btcXMR); err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := json.Unmarshal(rp.Requests()[0].Body, &got); err != nil {
			t.Fatal(err)
		}
		v, present := got["affiliate_id"]
		switch {
		case aff != "" && v != aff:
			t.Errorf("affiliate_id = %#v, want %q", v, aff)
		case aff == "" && present:
			t.Errorf("affiliate_id sent as %#v with none configured", v)
		}
	}
}

// TestBearerPrefix: a key that already carries "Bearer " is not prefixed twice.
func TestBearerPrefix(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", info("info.json", 200))
	c := letsexchange.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "Bearer abc", Now: time.Now})
	if _, err := c.Quote(context.Background(), btcXMR); err != nil {
		t.Fatal(err)
	}
	if got := rp.Requests()[0].Header.Get("Authorization"); got != "Bearer abc" {
		t.Errorf("Authorization = %q, want Bearer abc", got)
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &letsexchange.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: Laravel's {"message"} and the {"success":false} envelope
// are read by their words whatever the status, and a limit message's bound
// is reported as the limit.
func TestRefusalBodies(t *testing.T) {
	above := btcXMR
	above.Amount = swapscout.MustAmount("50")
	below := btcXMR
	below.Amount = swapscout.MustAmount("0.0005")
	venuetest.RunRefusals(t, &letsexchange.Descriptor, []venuetest.Refusal{
		{Name: "unauthenticated_401", Req: btcXMR, Routes: info("unauthenticated.json", 401), Code: swapscout.CodeNotConfigured, Words: "(HTTP 401): Unauthenticated."},
		{Name: "unauthenticated_200", Req: btcXMR, Routes: info("unauthenticated.json", 200), Code: swapscout.CodeNotConfigured, Words: "Unauthenticated."},
		{Name: "unauthenticated_400", Req: btcXMR, Routes: info("unauthenticated.json", 400), Code: swapscout.CodeNotConfigured, Words: "Unauthenticated."},
		{Name: "error_string_key_200", Req: btcXMR, Routes: info("error_string_key.json", 200), Code: swapscout.CodeNotConfigured, Words: "Invalid API key"},
		{Name: "pair_invalid_200", Req: btcXMR, Routes: info("pair_invalid.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "The selected to is invalid."},
		{Name: "amount_min_422", Req: below, Routes: info("amount_invalid.json", 422), Code: swapscout.CodeAmountTooSmall, Words: "at least 0.001", Min: "0.001"},
		{Name: "amount_max_200", Req: above, Routes: info("amount_too_large.json", 200), Code: swapscout.CodeAmountTooLarge, Words: "greater than 37.4", Max: "37.4"},
	})
}
