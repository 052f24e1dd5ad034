package chainflip_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/chainflip"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth = swapscout.Asset{Ticker: "eth", Network: "eth"}
)

// btcETH is the request Cake's quote was recorded with: 0.1 BTC, 10000000 satoshis.
var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}

// assets is the recorded asset list, loaded before any quote.
var assets = venuetest.Route{Path: "/assets", Fixture: "assets.json"}

func quotes(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{assets, {Path: "/quotes-native", Fixture: fixture, Status: status}}
}

// calls are the requests made besides the asset list's.
func calls(reqs []venuetest.Recorded) []venuetest.Recorded {
	var out []venuetest.Recorded
	for _, r := range reqs {
		if r.Path != "/assets" {
			out = append(out, r)
		}
	}
	return out
}

// query checks the one quote call's parameters.
func query(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		reqs = calls(reqs)
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		q, _ := url.ParseQuery(reqs[0].RawQuery)
		for k, v := range want {
			if q.Get(k) != v {
				t.Errorf("%s = %q, want %q", k, q.Get(k), v)
			}
		}
	}
}

var okCase = venuetest.Case{Name: "quote_native", Req: btcETH, Routes: quotes("quotes_native.json", 200),
	Check: query(map[string]string{"apiKey": "test-key", "sourceAsset": "btc.btc", "destinationAsset": "eth.eth", "amount": "10000000"})}

func TestQuote(t *testing.T) {
	below := btcETH
	below.Amount = swapscout.MustAmount("0.00000001")
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	receive := btcETH
	receive.Direction = swapscout.Receive
	none := func(t *testing.T, reqs []venuetest.Recorded) {
		if reqs = calls(reqs); len(reqs) != 0 {
			t.Errorf("made %d calls, want 0", len(reqs))
		}
	}
	venuetest.RunCases(t, &chainflip.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fractional_eta", Req: btcETH, Routes: quotes("quotes_native_fractional_eta.json", 200)},
		{Name: "below_min", Req: below, Routes: quotes("quotes_native_bad_amount.json", 400), Want: swapscout.CodeAmountTooSmall,
			Check: query(map[string]string{"amount": "1"})},
		{Name: "below_min_200", Req: below, Routes: quotes("quotes_native_bad_amount.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "no_quote", Req: btcETH, Routes: quotes("quotes_empty.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "unknown_asset", Req: btcETH, Routes: quotes("unknown_asset.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "unauthorized", Req: btcETH, Routes: quotes("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "server_error", Req: btcETH, Routes: quotes("internal_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "server_error_200", Req: btcETH, Routes: quotes("internal_error.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "fixed_no_call", Req: fixed, Routes: quotes("quotes_native.json", 200), Want: swapscout.CodeUnsupportedPair, Check: none},
		{Name: "receive_no_call", Req: receive, Routes: quotes("quotes_native.json", 200), Want: swapscout.CodeUnsupportedPair, Check: none},
	})
}

// TestMinimum: the recorded refusal's minimum, 0.0004 BTC, reaches the failure.
func TestMinimum(t *testing.T) {
	below := btcETH
	below.Amount = swapscout.MustAmount("0.00000001")
	venuetest.RunRefusals(t, &chainflip.Descriptor, []venuetest.Refusal{
		{Name: "below_400", Req: below, Routes: quotes("quotes_native_bad_amount.json", 400), Code: swapscout.CodeAmountTooSmall,
			Words: "Amount below minimum. Min: 40000", Min: "0.0004"},
		{Name: "unknown_asset", Req: btcETH, Routes: quotes("unknown_asset.json", 400), Code: swapscout.CodeUnsupportedPair, Words: "not supported"},
		{Name: "key", Req: btcETH, Routes: quotes("unauthorized.json", 401), Code: swapscout.CodeNotConfigured, Words: "Invalid apiKey"},
	})
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &chainflip.Descriptor, venuetest.Options{OK: okCase, Meta: []venuetest.Route{assets}})
}

// TestDuplicateKeys: a repeated JSON key takes its last value (venue/text.go).
func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &chainflip.Descriptor, okCase)
}

// TestNonCustodial: Chainflip is the protocol, not a company holding coins.
func TestNonCustodial(t *testing.T) {
	if got := chainflip.Descriptor.Info(true).Custody; got != swapscout.NonCustodial {
		t.Errorf("custody %q, want non_custodial", got)
	}
}

// TestKeyNeverInErrors: the key travels in the query string, as the service
// takes it; no failure message may repeat it, whatever went wrong.
func TestKeyNeverInErrors(t *testing.T) {
	const key = "k3y-that-must-not-leak"
	for _, h := range []http.HandlerFunc{
		func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(500)
			_, _ = w.Write([]byte(`<html>` + r.URL.String() + `</html>`))
		},
		func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(400)
			_, _ = w.Write([]byte(`{"detail":"bad"`))
		},
		func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(401)
			_, _ = w.Write([]byte(`{"detail":"Invalid apiKey"}`))
		},
		func(w http.ResponseWriter, r *http.Request) { panic(http.ErrAbortHandler) },
	} {
		srv := httptest.NewServer(h)
		c := chainflip.New(venue.Config{BaseURL: srv.URL, HTTP: venuetest.Client(t), APIKey: key, Now: time.Now})
		_, err := c.Quote(context.Background(), btcETH)
		_, err2 := c.SwapStatus(context.Background(), swapscout.OrderRef{ID: "14138313-Ethereum-13128"})
		srv.Close()
		for _, e := range []error{err, err2} {
			if e == nil {
				t.Fatal("no error from a failing service")
			}
			var ve *swapscout.VenueError
			if strings.Contains(e.Error(), key) || errors.As(e, &ve) && strings.Contains(ve.Msg, key) {
				t.Errorf("error %q repeats the key", e)
			}
		}
	}
}

// TestAssetList: the loaded asset list refuses, without a quote call, a
// pair Chainflip has disabled or swaps the other way only, or lists with
// other decimals than ours; an absurd list is refused whole; and before any
// list loads the recorded decimals stand in.
func TestAssetList(t *testing.T) {
	ethBTC := swapscout.QuoteRequest{From: eth, To: btc, Amount: swapscout.MustAmount("1")}
	for _, c := range []struct {
		name, list string
		req        swapscout.QuoteRequest
	}{
		{"disabled", "assets_btc_disabled.json", btcETH},
		{"egress_not_allowed", "assets_eth_ingress_only.json", btcETH},
		{"decimals_differ", "assets_eth_decimals.json", ethBTC},
	} {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: "/assets", Fixture: c.list}, {Path: "/quotes-native", Fixture: "quotes_native.json"}})
			_, err := venuetest.New(t, &chainflip.Descriptor, rp.URL).Quote(context.Background(), c.req)
			if venuetest.Code(err) != swapscout.CodeUnsupportedPair {
				t.Errorf("%v, want unsupported_pair", err)
			}
			if n := len(calls(rp.Requests())); n != 0 {
				t.Errorf("made %d quote calls, want 0", n)
			}
		})
	}
	rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: "/assets", Fixture: "assets_absurd.json"}, {Path: "/quotes-native", Fixture: "quotes_native.json"}})
	c := chainflip.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "k", Now: time.Now})
	if err := c.Refresh(context.Background()); venuetest.Code(err) != swapscout.CodeBadResponse {
		t.Errorf("absurd list: Refresh = %v, want bad_response", err)
	}
	o, err := c.Quote(context.Background(), btcETH)
	if err != nil || !o.Min.IsZero() || o.AmountOut.String() != "3.327151665764943643" {
		t.Errorf("without a good list: offer min %s out %s, %v; want the recorded quote without a minimum", o.Min, o.AmountOut, err)
	}
}
