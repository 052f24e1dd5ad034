package trocador_test

import (
	"context"
	"net/url"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/trocador"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
)

// btcXMR is the request Cake's recording was made with.
var btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01")}

func newRate(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: "/new_rate", Fixture: fixture, Status: status}}
}

// query checks the one new_rate call: want maps a parameter to its value, ""
// meaning absent.
func query(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Method != "GET" || r.Path != "/new_rate" {
			t.Errorf("called %s %s, want GET /new_rate", r.Method, r.Path)
		}
		if got := r.Header.Get("API-Key"); got != "test-key" {
			t.Errorf("API-Key = %q, want the key", got)
		}
		q, err := url.ParseQuery(r.RawQuery)
		if err != nil {
			t.Fatal(err)
		}
		if q.Has("api_key") {
			t.Errorf("query %q carries the API key", r.RawQuery)
		}
		for k, v := range want {
			if got := q.Get(k); got != v || (v == "" && q.Has(k)) {
				t.Errorf("query %q: %s = %q, want %q", r.RawQuery, k, got, v)
			}
		}
	}
}

func noCalls(t *testing.T, reqs []venuetest.Recorded) {
	if len(reqs) != 0 {
		t.Errorf("made %d calls, want 0", len(reqs))
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: newRate("new_rate.json", 200),
	Check: query(map[string]string{
		"ticker_from": "btc", "network_from": "Mainnet", "ticker_to": "xmr", "network_to": "Mainnet",
		"amount_from": "0.01", "amount_to": "", "payment": "False", "min_kycrating": "C", "best_only": "False",
	})}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	payment := fixed
	payment.Direction, payment.Amount = swapscout.Receive, swapscout.MustAmount("1")
	receiveFloat := payment
	receiveFloat.RateType = swapscout.Float
	venuetest.RunCases(t, &trocador.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: newRate("new_rate.json", 200)},
		{Name: "quote_payment", Req: payment, Routes: newRate("new_rate_payment.json", 200),
			Check: query(map[string]string{"amount_to": "1", "amount_from": "", "payment": "True"})},
		{Name: "receive_float_unsupported", Req: receiveFloat, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "no_fixed_quote", Req: fixed, Routes: newRate("new_rate_float_only.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "no_quotes", Req: btcXMR, Routes: newRate("new_rate_empty.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "no_rate_404", Req: btcXMR, Routes: newRate("no_rate.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "below_min_400", Req: btcXMR, Routes: newRate("below_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "unauthorized_401", Req: btcXMR, Routes: newRate("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
	})
}

// TestNoKeyNoCall checks that a client built without a key refuses without a call.
func TestNoKeyNoCall(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", newRate("new_rate.json", 200))
	q := trocador.New(trocadorConfig(t, rp.URL))
	_, err := q.Quote(context.Background(), btcXMR)
	if code := venuetest.Code(err); code != swapscout.CodeNotConfigured {
		t.Errorf("Quote without a key: code %s (%v), want not_configured", code, err)
	}
	if rp.Count() != 0 {
		t.Errorf("made %d calls without a key, want 0", rp.Count())
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &trocador.Descriptor, venuetest.Options{OK: okCase})
}

// trocadorConfig is a configuration without an API key.
func trocadorConfig(t *testing.T, baseURL string) venue.Config {
	return venue.Config{BaseURL: baseURL, HTTP: venuetest.Client(t)}
}

// TestAmountInIsTheEcho: AmountIn is the amount_from Trocador echoes, not the
// request's, so the engine can catch a venue that quotes another amount.
func TestAmountInIsTheEcho(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", newRate("new_rate_echo.json", 200))
	o, err := venuetest.New(t, &trocador.Descriptor, rp.URL).Quote(context.Background(), btcXMR)
	if err != nil {
		t.Fatal(err)
	}
	if o.AmountIn.String() != "0.02" {
		t.Errorf("AmountIn %s, want the echoed 0.02 (request %s)", o.AmountIn, btcXMR.Amount)
	}
}

// TestRefusalBodies: a limit refusal carries the bound its words name.
func TestRefusalBodies(t *testing.T) {
	venuetest.RunRefusals(t, &trocador.Descriptor, []venuetest.Refusal{
		{Name: "below_min_bound", Req: btcXMR, Routes: newRate("below_min_bound.json", 400), Code: swapscout.CodeAmountTooSmall, Words: "below the minimum", Min: "0.0005"},
		{Name: "below_min_no_bound", Req: btcXMR, Routes: newRate("below_min.json", 400), Code: swapscout.CodeAmountTooSmall, Words: "below the minimum"},
	})
}
