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
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/chainflip"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	usdcETH = swapscout.Asset{Ticker: "usdc", Network: "eth"}
)

// btcETH is the request Cake's quote was recorded with: 0.1 BTC, 10000000 satoshis.
var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}

func quotes(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: "/quotes-native", Fixture: fixture, Status: status}}
}

// query checks the one quote call's parameters.
func query(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
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
		if len(reqs) != 0 {
			t.Errorf("made %d calls, want 0", len(reqs))
		}
	}
	venuetest.RunCases(t, &chainflip.Descriptor, []venuetest.Case{
		okCase,
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

// TestAgainstSim drives the adapter through the simulator: offers for every
// mapped pair from BTC, the minimum below it, and unsupported assets.
func TestAgainstSim(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "chainflip", chainflip.Sim())
	q := venuetest.New(t, &chainflip.Descriptor, s.VenueURL("chainflip"))
	ctx := context.Background()
	o, err := q.Quote(ctx, btcETH)
	if err != nil {
		t.Fatal(err)
	}
	if !o.AmountIn.Equal(btcETH.Amount) || o.AmountOut.Sign() <= 0 || len(o.Fees) == 0 || o.ETAMax <= 0 {
		t.Errorf("offer %+v, want 0.1 in, something out, fees and a duration", o)
	}
	_, err = q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.00001")})
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall || ve.Min.Sign() <= 0 {
		t.Errorf("below the minimum: %v, want amount_too_small with the minimum", err)
	}
	served := map[swapscout.Asset]bool{}
	for _, a := range chainflip.Sim().Profile.Assets {
		served[a] = true
	}
	for _, a := range swapscout.Assets {
		from, to := btc, a.Asset
		if a.Asset == btc {
			from, to = usdcETH, btc
		}
		amount := "0.1"
		if from == usdcETH {
			amount = "1000"
		}
		_, err := q.Quote(ctx, swapscout.QuoteRequest{From: from, To: to, Amount: swapscout.MustAmount(amount)})
		switch code := venuetest.Code(err); {
		case served[to] && err != nil:
			t.Errorf("%s→%s: %v", from, to, err)
		case !served[to] && code != swapscout.CodeUnsupportedPair:
			t.Errorf("%s→%s: code %s (%v), want unsupported_pair", from, to, code, err)
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &chainflip.Descriptor, venuetest.Options{OK: okCase})
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
		_, err2 := c.SwapStatus(context.Background(), "14138313-Ethereum-13128")
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
