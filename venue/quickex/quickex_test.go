package quickex_test

import (
	"context"
	"errors"
	"net/url"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/quickex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
)

// btcUSDT is the research example's request: 0.1 BTC to USDT on Tron.
var btcUSDT = swapscout.QuoteRequest{From: btc, To: usdtTRX, Amount: swapscout.MustAmount("0.1")}

func rate(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: "/v2/rates/public/one", Fixture: fixture, Status: status}}
}

// query checks the one rate call's parameters.
func query(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Method != "GET" || r.Path != "/v2/rates/public/one" {
			t.Errorf("called %s %s, want GET /v2/rates/public/one", r.Method, r.Path)
		}
		q, err := url.ParseQuery(r.RawQuery)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want {
			if got := q.Get(k); got != v {
				t.Errorf("query %q: %s = %q, want %q", r.RawQuery, k, got, v)
			}
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcUSDT, Routes: rate("rate_ok.json", 200),
	Check: query(map[string]string{
		"instrumentFromCurrencyTitle": "BTC", "instrumentFromNetworkTitle": "BTC",
		"instrumentToCurrencyTitle": "USDT", "instrumentToNetworkTitle": "TRC20",
		"claimedDepositAmount": "0.1", "claimedDepositAmountCurrency": "BTC",
		"rateMode": "FLOATING", "exchangeType": "crypto",
	})}

func TestQuote(t *testing.T) {
	fixed := btcUSDT
	fixed.RateType = swapscout.Fixed
	receive := btcUSDT
	receive.Direction = swapscout.Receive
	tiny, huge := btcUSDT, btcUSDT
	tiny.Amount, huge.Amount = swapscout.MustAmount("0.0001"), swapscout.MustAmount("9")
	venuetest.RunCases(t, &quickex.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: rate("rate_fixed.json", 200), Check: query(map[string]string{"rateMode": "FIXED"})},
		{Name: "fixed_not_offered", Req: fixed, Routes: rate("rate_mode_floating.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "below_min", Req: tiny, Routes: rate("rate_below_min.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max", Req: huge, Routes: rate("rate_above_max.json", 422), Want: swapscout.CodeAmountTooLarge},
		{Name: "limit_without_message", Req: tiny, Routes: rate("rate_limit_bare.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "pair_unsupported", Req: btcUSDT, Routes: rate("pair_unsupported.json", 422), Want: swapscout.CodeUnsupportedPair},
		{Name: "too_low_406", Req: tiny, Routes: rate("pair_unsupported.json", 406), Want: swapscout.CodeAmountTooSmall},
		{Name: "firewall_403", Req: btcUSDT, Routes: rate("forbidden.json", 403), Want: swapscout.CodeUnavailable},
		{Name: "receive_unsupported", Req: receive, Want: swapscout.CodeUnsupportedPair,
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 0 {
					t.Errorf("made %d calls for an unsupported direction, want 0", len(reqs))
				}
			}},
	})
}

// TestLimitBounds checks that a limit refusal carries the bound it names.
func TestLimitBounds(t *testing.T) {
	for _, c := range []struct {
		fixture, amount string
		min, max        string
	}{
		{"rate_below_min.json", "0.0001", "0.0002", "0"},
		{"rate_above_max.json", "9", "0", "5"},
		{"rate_limit_bare.json", "0.0001", "0.0002", "0"},
	} {
		rp := venuetest.NewReplay(t, "testdata", rate(c.fixture, 422))
		q := venuetest.New(t, &quickex.Descriptor, rp.URL)
		req := btcUSDT
		req.Amount = swapscout.MustAmount(c.amount)
		_, err := q.Quote(context.Background(), req)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: error %v is not a *VenueError", c.fixture, err)
		}
		if !ve.Min.Equal(swapscout.MustAmount(c.min)) || !ve.Max.Equal(swapscout.MustAmount(c.max)) {
			t.Errorf("%s: min %s max %s, want %s and %s", c.fixture, ve.Min, ve.Max, c.min, c.max)
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &quickex.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: a refusal sent with HTTP 200 is read as one (its
// statusCode standing for the status), with the bound it names.
func TestRefusalBodies(t *testing.T) {
	big := btcUSDT
	big.Amount = swapscout.MustAmount("10")
	small := btcUSDT
	small.Amount = swapscout.MustAmount("0.0001")
	venuetest.RunRefusals(t, &quickex.Descriptor, []venuetest.Refusal{
		{Name: "max_200", Req: big, Routes: rate("refusal_200_max.json", 200), Code: swapscout.CodeAmountTooLarge, Words: "Amount Too Big", Max: "5"},
		{Name: "min_200", Req: small, Routes: rate("rate_below_min.json", 200), Code: swapscout.CodeAmountTooSmall, Words: "Amount Too Small", Min: "0.0002"},
		{Name: "pair_200", Req: btcUSDT, Routes: rate("refusal_200_pair.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Currency pair is not supported"},
		{Name: "maintenance_200", Req: btcUSDT, Routes: rate("refusal_200_maintenance.json", 200), Code: swapscout.CodeUnavailable, Words: "maintenance"},
	})
}
