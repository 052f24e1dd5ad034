package kucoin

import (
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

func FuzzParseMarkets(f *testing.F) { cextest.FuzzMarkets(f, &spec) }

func FuzzParseBook(f *testing.F) { cextest.FuzzBook(f, &spec) }

func FuzzParseNetworks(f *testing.F) { cextest.FuzzNetworks(f, &spec) }

// TestParseNetworks reads the currency list: every chain with its fee and
// open flags (the engine keeps those Symbols maps); currencies without
// chains (null) add none; an error envelope is typed.
func TestParseNetworks(t *testing.T) {
	body, err := os.ReadFile("testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	nets, err := spec.ReadNetworks(200, body)
	if err != nil {
		t.Fatal(err)
	}
	got := cextest.NetworkLines(nets)
	want := []string{
		"BTC BTC fee 0.0005 deposit true withdraw true",
		"BTC KCC fee 0.00002 deposit true withdraw true",
		"DOGE DOGE fee 10 deposit true withdraw false",
		"LTC LTC fee 0.001 deposit true withdraw true",
		"USDT ERC20 fee 4 deposit true withdraw false",
		"USDT TRC20 fee 1.5 deposit true withdraw true",
		"XMR XMR fee 0.001 deposit true withdraw true",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("networks (-want +got):\n%s", diff)
	}
	_, err = spec.ReadNetworks(429, []byte(`{"code":"429000","msg":"Too Many Requests"}`))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeRateLimited {
		t.Errorf("429: %v, want rate_limited", err)
	}
}

// FuzzAPIError: any code and message map to a typed error, never a panic.
func FuzzAPIError(f *testing.F) {
	for _, c := range []int64{400100, 900001, 429000, 400003, 500000, -1} {
		f.Add(c, []byte("Parameter Error: symbol"), 400)
	}
	f.Fuzz(func(t *testing.T, code int64, msg []byte, status int) {
		cextest.Typed(t, apiError(code, msg, status))
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/symbols.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote+" min "+m.MinBase.String()+" "+m.MinQuote.String())
	}
	want := []string{ // ZEC-USDT does not trade
		"XLM-USDT XLM/USDT min 0.1 0.1", "VET-USDT VET/USDT min 10 0.1", "BTC-USDT BTC/USDT min 0.00001 0.1",
		"XMR-USDT XMR/USDT min 0.001 0.1", "XMR-BTC XMR/BTC min 0.001 0.000001", "LTC-USDT LTC/USDT min 0.001 0.1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("markets\n%q\nwant\n%q", got, want)
	}
}

// TestParseBook: the docs' book decodes without allocating, and an error
// code wins over a 200 status.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "level2_btc_usdt.json")
	var s book.Scanner
	if len(b.Bids) != 2 || len(b.Asks) != 2 || b.Bids[0].Price.String() != "6500.12" || b.Asks[0].Price.String() != "6500.16" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	if err := spec.ReadBook(&s, 200, []byte(`{"msg":"symbol not exists","code":900001}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeUnsupportedPair {
		t.Errorf("numeric code: %v, want unsupported_pair", err)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{"code":"200000"}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("no data: %v, want bad_response", err)
	}
}
