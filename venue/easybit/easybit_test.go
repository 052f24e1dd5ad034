package easybit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/easybit"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcUSDT = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "usdt", Network: "trx"},
	Amount: swapscout.MustAmount("0.01"),
}

func routes(rate string, rateStatus int, info string, infoStatus int) []venuetest.Route {
	return []venuetest.Route{
		{Path: "/rate", Fixture: rate, Status: rateStatus},
		{Path: "/pairInfo", Fixture: info, Status: infoStatus},
	}
}

// wantQuery checks the calls' key header and query parameters.
func wantQuery(rate, info []string) func(t *testing.T, reqs []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 2 {
			t.Errorf("made %d calls, want 2", len(reqs))
		}
		for _, r := range reqs {
			if r.Header.Get("API-KEY") != "test-key" {
				t.Errorf("%s sent no API-KEY header", r.Path)
			}
			want := info
			if r.Path == "/rate" {
				want = rate
			}
			for _, p := range want {
				if !strings.Contains("&"+r.RawQuery+"&", "&"+p+"&") {
					t.Errorf("%s query %q lacks %s", r.Path, r.RawQuery, p)
				}
			}
			if r.Path == "/pairInfo" && strings.Contains(r.RawQuery, "amountType") {
				t.Errorf("pairInfo query %q asks for receive-side limits", r.RawQuery)
			}
		}
	}
}

var pairParams = []string{"send=BTC", "receive=USDT", "sendNetwork=BTC", "receiveNetwork=TRX"}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcUSDT, Routes: routes("rate_ok.json", 200, "pairinfo_ok.json", 200),
	Check: wantQuery(append([]string{"amount=0.01"}, pairParams...), pairParams)}

func TestQuote(t *testing.T) {
	reverse := btcUSDT
	reverse.Direction, reverse.Amount = swapscout.Receive, swapscout.MustAmount("1000")
	small := btcUSDT
	small.Amount = swapscout.MustAmount("0.0001")
	large := btcUSDT
	large.Amount = swapscout.MustAmount("10")
	fixed := btcUSDT
	fixed.RateType = swapscout.Fixed
	firo := btcUSDT
	firo.To = swapscout.Asset{Ticker: "firo", Network: "firo"}
	venuetest.RunCases(t, &easybit.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_reverse", Req: reverse, Routes: routes("rate_reverse.json", 200, "pairinfo_ok.json", 200),
			Check: wantQuery(append([]string{"amount=1000", "amountType=receive"}, pairParams...), pairParams)},
		// A refused rate with the pair's limits in hand: the limits say why.
		{Name: "below_min_by_limits", Req: small, Routes: routes("pair_unavailable.json", 200, "pairinfo_ok.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "above_max_by_limits", Req: large, Routes: routes("pair_unavailable.json", 200, "pairinfo_ok.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "below_min_by_message", Req: btcUSDT, Routes: routes("rate_below_min.json", 200, "pair_unavailable.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "pair_unavailable", Req: btcUSDT, Routes: routes("pair_unavailable.json", 200, "pair_unavailable.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "unauthorized", Req: btcUSDT, Routes: routes("unauthorized.json", 401, "unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "unauthorized_http200", Req: btcUSDT, Routes: routes("unauthorized.json", 200, "unauthorized.json", 200), Want: swapscout.CodeNotConfigured},
		{Name: "rate_limited_http200", Req: btcUSDT, Routes: routes("rate_limited.json", 200, "rate_limited.json", 200), Want: swapscout.CodeRateLimited},
		{Name: "success_without_data", Req: btcUSDT, Routes: routes("no_data.json", 200, "pairinfo_ok.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "limits_unavailable", Req: btcUSDT, Routes: routes("rate_ok.json", 200, "pair_unavailable.json", 200)},
		{Name: "fixed_unsupported", Req: fixed, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "firo_unmapped", Req: firo, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
	})
}

func noCalls(t *testing.T, reqs []venuetest.Recorded) {
	if len(reqs) != 0 {
		t.Errorf("made %d calls, want none", len(reqs))
	}
}

// TestLimitErrorCarriesMin checks that a refusal explained by the limits
// names them, so the user sees the minimum.
func TestLimitErrorCarriesMin(t *testing.T) {
	small := btcUSDT
	small.Amount = swapscout.MustAmount("0.0001")
	for _, rate := range []string{"pair_unavailable.json", "rate_below_min.json"} {
		rp := venuetest.NewReplay(t, "testdata", routes(rate, 200, "pairinfo_ok.json", 200))
		q := venuetest.New(t, &easybit.Descriptor, rp.URL)
		_, err := q.Quote(context.Background(), small)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall {
			t.Fatalf("%s: Quote = %v, want amount_too_small", rate, err)
		}
		if !ve.Min.Equal(swapscout.MustAmount("0.0002")) || !ve.Max.Equal(swapscout.MustAmount("5")) {
			t.Errorf("%s: limits %s..%s, want 0.0002..5", rate, ve.Min, ve.Max)
		}
		if strings.Contains(err.Error(), "test-key") {
			t.Errorf("error %q shows the API key", err)
		}
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &easybit.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: success:0 is read by its words; a limit carries the
// bound they name when pairInfo cannot give the limits, and pairInfo's
// limits when it can.
func TestRefusalBodies(t *testing.T) {
	venuetest.RunRefusals(t, &easybit.Descriptor, []venuetest.Refusal{
		{Name: "min_bound_no_pairinfo", Req: btcUSDT, Routes: routes("rate_below_min_bound.json", 200, "unauthorized.json", 500),
			Code: swapscout.CodeAmountTooSmall, Words: "below the minimum amount 0.001", Min: "0.001"},
	})
}
