package fixedfloat_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/fixedfloat"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr    = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01")}
)

var meta = []venuetest.Route{{Method: "POST", Path: "/api/v2/ccies", Fixture: "ccies.json"}}

func routes(price string, status int) []venuetest.Route {
	return append(meta[:1:1], venuetest.Route{Method: "POST", Path: "/api/v2/price", Fixture: price, Status: status})
}

// signedBody checks every request is signed over its exact bytes with the
// test secret, and that the price body is exactly want.
func signedBody(want string) func(t *testing.T, reqs []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		prices := 0
		for _, r := range reqs {
			m := hmac.New(sha256.New, []byte("test-secret"))
			m.Write(r.Body)
			if got, sig := r.Header.Get("X-API-SIGN"), hex.EncodeToString(m.Sum(nil)); got != sig {
				t.Errorf("%s X-API-SIGN = %q, want %q", r.Path, got, sig)
			}
			if got := r.Header.Get("X-API-KEY"); got != "test-key" {
				t.Errorf("%s X-API-KEY = %q", r.Path, got)
			}
			if got := r.Header.Get("Content-Type"); got != "application/json; charset=UTF-8" {
				t.Errorf("%s Content-Type = %q", r.Path, got)
			}
			if r.Method != "POST" {
				t.Errorf("%s method %s, want POST", r.Path, r.Method)
			}
			switch r.Path {
			case "/api/v2/ccies":
				if string(r.Body) != "{}" {
					t.Errorf("ccies body %q, want {}", r.Body)
				}
			case "/api/v2/price":
				prices++
				if want != "" && string(r.Body) != want {
					t.Errorf("price body\n got %s\nwant %s", r.Body, want)
				}
			}
		}
		if want != "" && prices != 1 {
			t.Errorf("%d price calls, want 1", prices)
		}
	}
}

// noPrice checks the adapter answered without asking for a price.
func noPrice(t *testing.T, reqs []venuetest.Recorded) {
	for _, r := range reqs {
		if r.Path == "/api/v2/price" {
			t.Errorf("asked for a price")
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcXMR, Routes: routes("price_ok.json", 200),
	Check: signedBody(`{"type":"float","fromCcy":"BTC","toCcy":"XMR","direction":"from","amount":0.01}`)}

func TestQuote(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	reverse := fixed
	reverse.Direction = swapscout.Receive
	reverse.Amount = swapscout.MustAmount("1")
	reverseFloat := reverse
	reverseFloat.RateType = swapscout.Float
	toUSDT := swapscout.QuoteRequest{From: btc, To: swapscout.Asset{Ticker: "usdt", Network: "trx"}, Amount: swapscout.MustAmount("0.5")}
	small, large := withAmount(btcXMR, "0.0001"), withAmount(btcXMR, "5")
	venuetest.RunCases(t, &fixedfloat.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed", Req: fixed, Routes: routes("price_fixed.json", 200),
			Check: signedBody(`{"type":"fixed","fromCcy":"BTC","toCcy":"XMR","direction":"from","amount":0.01}`)},
		{Name: "quote_reverse", Req: reverse, Routes: routes("price_reverse.json", 200),
			Check: signedBody(`{"type":"fixed","fromCcy":"BTC","toCcy":"XMR","direction":"to","amount":1}`)},
		{Name: "quote_reverse_float", Req: reverseFloat, Routes: routes("price_reverse.json", 200),
			Check: signedBody(`{"type":"float","fromCcy":"BTC","toCcy":"XMR","direction":"to","amount":1}`)},
		{Name: "quote_usdttrc", Req: toUSDT, Routes: routes("price_usdttrc.json", 200),
			Check: signedBody(`{"type":"float","fromCcy":"BTC","toCcy":"USDTTRC","direction":"from","amount":0.5}`)},
		{Name: "quote_numbers", Req: btcXMR, Routes: routes("price_numbers.json", 200)},
		{Name: "quote_limit_min", Req: small, Routes: routes("price_limit_min.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "quote_limit_max", Req: large, Routes: routes("price_limit_max.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "quote_reserve", Req: withAmount(btcXMR, "2"), Routes: routes("price_reserve.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "quote_offline", Req: btcXMR, Routes: routes("price_offline.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "quote_maintenance_first", Req: small, Routes: routes("price_maintenance.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "quote_bad_signature", Req: btcXMR, Routes: routes("error_auth.json", 200), Want: swapscout.CodeNotConfigured},
		{Name: "quote_bad_signature_401", Req: btcXMR, Routes: routes("error_auth.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "quote_unknown_currency", Req: btcXMR, Routes: routes("error_currency.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "quote_invalid_request", Req: btcXMR, Routes: routes("error_invalid.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "quote_rate_limited", Req: btcXMR, Routes: routes("error_rate_limit.json", 200), Want: swapscout.CodeRateLimited},
		{Name: "quote_internal_error", Req: btcXMR, Routes: routes("error_internal.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "not_listed_no_call", Req: swapscout.QuoteRequest{From: btc, To: swapscout.Asset{Ticker: "ada", Network: "ada"}, Amount: btcXMR.Amount},
			Routes: routes("price_ok.json", 200), Want: swapscout.CodeUnsupportedPair, Check: noPrice},
		{Name: "recv_disabled_no_call", Req: swapscout.QuoteRequest{From: btc, To: swapscout.Asset{Ticker: "doge", Network: "doge"}, Amount: btcXMR.Amount},
			Routes: routes("price_ok.json", 200), Want: swapscout.CodeUnsupportedPair, Check: noPrice},
		{Name: "unmapped_no_call", Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "firo", Network: "firo"}, To: xmr, Amount: btcXMR.Amount},
			Routes: routes("price_ok.json", 200), Want: swapscout.CodeUnsupportedPair, Check: noPrice},
	})
}

func withAmount(r swapscout.QuoteRequest, a string) swapscout.QuoteRequest {
	r.Amount = swapscout.MustAmount(a)
	return r
}

// TestLimits checks the limits reported with LIMIT_MIN and LIMIT_MAX:
// from.min and from.max on the amount sent, to.min and to.max on the amount
// received.
func TestLimits(t *testing.T) {
	for _, fixture := range []string{"price_limit_min.json", "price_limit_max.json"} {
		rp := venuetest.NewReplay(t, "testdata", routes(fixture, 200))
		_, err := venuetest.New(t, &fixedfloat.Descriptor, rp.URL).Quote(context.Background(), btcXMR)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: err %v, want a limit", fixture, err)
		}
		if got, want := fmt.Sprint(ve.Min, ve.Max, ve.MinOut, ve.MaxOut), "0.00048 2.9 0.0846 511.3"; got != want {
			t.Errorf("%s: limits %s, want %s", fixture, got, want)
		}
	}
}

// TestNotRefreshed: before the currency list loads, quotes are unavailable
// and no call is made.
func TestNotRefreshed(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", routes("price_ok.json", 200))
	c := fixedfloat.New(venue.Config{BaseURL: rp.URL, HTTP: venuetest.Client(t), APIKey: "k", APISecret: "s"})
	if _, err := c.Quote(context.Background(), btcXMR); venuetest.Code(err) != swapscout.CodeUnavailable {
		t.Errorf("err %v, want unavailable", err)
	}
	if rp.Count() != 0 {
		t.Errorf("made %d calls", rp.Count())
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &fixedfloat.Descriptor, venuetest.Options{OK: okCase, Meta: meta})
}

// TestRefreshKeepsGoodList: after a good `ccies`, an absurd one (empty, none of
// our coins, a junk code, one code for two coins) is rejected with an error
// the registry retries on, and quotes keep using the good list.
func TestRefreshKeepsGoodList(t *testing.T) {
	good, err := os.ReadFile("testdata/ccies.json")
	if err != nil {
		t.Fatal(err)
	}
	price, err := os.ReadFile("testdata/price_ok.json")
	if err != nil {
		t.Fatal(err)
	}
	var list atomic.Value
	list.Store(good)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/v2/ccies" {
			_, _ = w.Write(list.Load().([]byte))
			return
		}
		_, _ = w.Write(price)
	}))
	defer srv.Close()
	c := fixedfloat.New(venue.Config{BaseURL: srv.URL, HTTP: venuetest.Client(t), APIKey: "k", APISecret: "s"})
	ctx := context.Background()
	if err := c.Refresh(ctx); err != nil {
		t.Fatalf("good list: %v", err)
	}
	item := func(code, coin, network string) string {
		return fmt.Sprintf(`{"code":%q,"coin":%q,"network":%q,"recv":true,"send":true}`, code, coin, network)
	}
	for name, body := range map[string]string{
		"empty":         `{"code":0,"msg":"","data":[]}`,
		"none of ours":  `{"code":0,"msg":"","data":[` + item("FOO", "FOO", "FOO") + `]}`,
		"junk code":     `{"code":0,"msg":"","data":[` + item("btc; drop", "BTC", "BTC") + `,` + item("XMR", "XMR", "XMR") + `]}`,
		"shared code":   `{"code":0,"msg":"","data":[` + item("BTC", "BTC", "BTC") + `,` + item("BTC", "XMR", "XMR") + `]}`,
		"codeless only": `{"code":0,"msg":"","data":[` + item("", "BTC", "BTC") + `]}`,
	} {
		list.Store([]byte(body))
		err := c.Refresh(ctx)
		if venuetest.Code(err) != swapscout.CodeBadResponse || !strings.Contains(err.Error(), "last good one is kept") {
			t.Errorf("%s: refresh err %v, want bad_response keeping the last good list", name, err)
		}
		if _, err := c.Quote(ctx, btcXMR); err != nil {
			t.Errorf("%s: quote after a rejected list: %v", name, err)
		}
	}
}

// TestRefusalBodies: an envelope error is read by its words, and a limit
// carries the bound they name.
func TestRefusalBodies(t *testing.T) {
	venuetest.RunRefusals(t, &fixedfloat.Descriptor, []venuetest.Refusal{
		{Name: "max_bound_200", Req: btcXMR, Routes: routes("error_max_bound.json", 200), Code: swapscout.CodeAmountTooLarge, Words: "greater than the maximum 2.9", Max: "2.9"},
		{Name: "currency_200", Req: btcXMR, Routes: routes("error_currency.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Currency not found"},
		{Name: "auth_200", Req: btcXMR, Routes: routes("error_auth.json", 200), Code: swapscout.CodeNotConfigured, Words: "FixedFloat: "},
	})
}
