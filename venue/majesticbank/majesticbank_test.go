package majesticbank_test

import (
	"context"
	"errors"
	"net/url"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/majesticbank"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
)

// xmrBTC is the research example's calculation: 1 XMR to BTC.
var xmrBTC = swapscout.QuoteRequest{From: xmr, To: btc, Amount: swapscout.MustAmount("1")}

func routes(calc string, status int) []venuetest.Route {
	return []venuetest.Route{
		{Path: "/calculate", Fixture: calc, Status: status},
		{Path: "/rates", Fixture: "rates.json"},
	}
}

// calculate checks the /calculate query and that /rates was asked too.
func calculate(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		var sawRates bool
		for _, r := range reqs {
			if r.Method != "GET" {
				t.Errorf("%s %s, want GET", r.Method, r.Path)
			}
			if r.Path == "/rates" {
				sawRates = true
				continue
			}
			q, err := url.ParseQuery(r.RawQuery)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range want {
				if got := q.Get(k); got != v || (v == "" && q.Has(k)) {
					t.Errorf("calculate query %q: %s = %q, want %q", r.RawQuery, k, got, v)
				}
			}
		}
		if !sawRates {
			t.Error("the limits (/rates) were not asked for")
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: xmrBTC, Routes: routes("calculate_ok.json", 200),
	Check: calculate(map[string]string{"from_currency": "XMR", "receive_currency": "BTC", "from_amount": "1", "receive_amount": ""})}

func TestQuote(t *testing.T) {
	fixed := xmrBTC
	fixed.RateType = swapscout.Fixed
	reverse := fixed
	reverse.Direction, reverse.Amount = swapscout.Receive, swapscout.MustAmount("0.001")
	receiveFloat := reverse
	receiveFloat.RateType = swapscout.Float
	small, large := xmrBTC, xmrBTC
	small.Amount, large.Amount = swapscout.MustAmount("0.01"), swapscout.MustAmount("2000")
	venuetest.RunCases(t, &majesticbank.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: routes("calculate_ok.json", 200)},
		{Name: "quote_reverse", Req: reverse, Routes: routes("calculate_reverse.json", 200),
			Check: calculate(map[string]string{"receive_amount": "0.001", "from_amount": ""})},
		{Name: "quote_no_limits", Req: xmrBTC, Routes: []venuetest.Route{{Path: "/calculate", Fixture: "calculate_ok.json"}}},
		{Name: "receive_float_unsupported", Req: receiveFloat, Want: swapscout.CodeUnsupportedPair,
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 0 {
					t.Errorf("made %d calls for an unsupported direction, want 0", len(reqs))
				}
			}},
		{Name: "bad_symbol_400", Req: xmrBTC, Routes: routes("calculate_bad_symbol.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "bad_symbol_200", Req: xmrBTC, Routes: routes("calculate_bad_symbol.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "refused_below_min", Req: small, Routes: routes("calculate_below_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "below_limits", Req: small, Routes: routes("calculate_small.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_limits", Req: large, Routes: routes("calculate_large.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "maintenance", Req: xmrBTC, Routes: routes("calculate_maintenance.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "unknown_refusal", Req: xmrBTC, Routes: routes("calculate_unknown_error.json", 400), Want: swapscout.CodeBadResponse},
	})
}

// TestLimitBounds checks that limit failures carry /rates' limits for XMR.
func TestLimitBounds(t *testing.T) {
	for _, c := range []struct {
		fixture, amount string
		status          int
	}{
		{"calculate_small.json", "0.01", 200},
		{"calculate_large.json", "2000", 200},
		{"calculate_below_min.json", "0.01", 400},
	} {
		rp := venuetest.NewReplay(t, "testdata", routes(c.fixture, c.status))
		q := venuetest.New(t, &majesticbank.Descriptor, rp.URL)
		req := xmrBTC
		req.Amount = swapscout.MustAmount(c.amount)
		_, err := q.Quote(context.Background(), req)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: error %v is not a *VenueError", c.fixture, err)
		}
		if !ve.Min.Equal(swapscout.MustAmount("0.07500703")) || !ve.Max.Equal(swapscout.MustAmount("1562.64649811")) {
			t.Errorf("%s: min %s max %s, want XMR's 0.07500703 and 1562.64649811", c.fixture, ve.Min, ve.Max)
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &majesticbank.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: a refusal's words name its bound; /rates fills the
// limit the words leave out.
func TestRefusalBodies(t *testing.T) {
	noRates := []venuetest.Route{{Path: "/calculate", Fixture: "calculate_below_min_bound.json"}, {Path: "/rates", Fixture: "rates.json", Status: 500}}
	venuetest.RunRefusals(t, &majesticbank.Descriptor, []venuetest.Refusal{
		{Name: "min_bound_no_rates", Req: xmrBTC, Routes: noRates, Code: swapscout.CodeAmountTooSmall, Words: "Amount below minimum 0.075", Min: "0.075"},
	})
}
