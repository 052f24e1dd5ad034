package xgram_test

import (
	"context"
	"errors"
	"net/url"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/venuetest"
	"github.com/swapscout/swapscout/venue/xgram"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth = swapscout.Asset{Ticker: "eth", Network: "eth"}
)

// btcETH is the request of Xgram's documented example: 1 BTC to ETH.
var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("1")}

func rate(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: "/retrieve-rate-value", Fixture: fixture, Status: status}}
}

// noCalls checks that the adapter refused without asking Xgram.
func noCalls(t *testing.T, reqs []venuetest.Recorded) {
	if len(reqs) != 0 {
		t.Errorf("made %d calls, want 0", len(reqs))
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcETH, Routes: rate("rate_ok.json", 200),
	Check: func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1 (the rate only; never an order)", len(reqs))
		}
		r := reqs[0]
		if r.Method != "GET" || r.Path != "/retrieve-rate-value" {
			t.Errorf("called %s %s, want GET /retrieve-rate-value", r.Method, r.Path)
		}
		if got := r.Header.Get("x-api-key"); got != "test-key" {
			t.Errorf("x-api-key = %q, want the key", got)
		}
		q, _ := url.ParseQuery(r.RawQuery)
		for k, v := range map[string]string{"fromCcy": "BTC", "toCcy": "ETH", "ccyAmount": "1"} {
			if got := q.Get(k); got != v {
				t.Errorf("query %q: %s = %q, want %q", r.RawQuery, k, got, v)
			}
		}
	}}

func TestQuote(t *testing.T) {
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	receive := btcETH
	receive.Direction = swapscout.Receive
	small, large := btcETH, btcETH
	small.Amount, large.Amount = swapscout.MustAmount("0.001"), swapscout.MustAmount("200")
	venuetest.RunCases(t, &xgram.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_numbers", Req: btcETH, Routes: rate("rate_numbers.json", 200)},
		{Name: "fixed_unsupported", Req: fixed, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "receive_unsupported", Req: receive, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "below_limit", Req: small, Routes: rate("below_limit.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_limit", Req: large, Routes: rate("above_limit.json", 400), Want: swapscout.CodeAmountTooLarge},
		{Name: "below_min_from", Req: small, Routes: rate("rate_ok.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max_from", Req: large, Routes: rate("rate_ok.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "ccy_amount_min", Req: small, Routes: rate("ccyamount_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "currency_unsupported", Req: btcETH, Routes: rate("currency_unsupported.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "region_unsupported", Req: btcETH, Routes: rate("region_unsupported.json", 403), Want: swapscout.CodeUnavailable},
		{Name: "result_false", Req: btcETH, Routes: rate("result_false.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "unauthorized", Req: btcETH, Routes: rate("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "fee_in_other_coin", Req: btcETH, Routes: rate("rate_fee_other_coin.json", 200), Want: swapscout.CodeBadResponse},
	})
}

// TestLimitBounds checks that limit refusals carry the limit Xgram names.
func TestLimitBounds(t *testing.T) {
	for _, c := range []struct {
		fixture, amount string
		status          int
		min, max        string
	}{
		{"below_limit.json", "0.001", 400, "0.0081", "0"},
		{"above_limit.json", "200", 400, "0", "138"},
		{"ccyamount_min.json", "0.0001", 400, "0.001", "0"},
		{"rate_ok.json", "0.001", 200, "0.0081", "138"},
	} {
		rp := venuetest.NewReplay(t, "testdata", rate(c.fixture, c.status))
		q := venuetest.New(t, &xgram.Descriptor, rp.URL)
		req := btcETH
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
	venuetest.Run(t, &xgram.Descriptor, venuetest.Options{OK: okCase})
}
