package htx

import (
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

func FuzzParseMarkets(f *testing.F) { cextest.FuzzMarkets(f, &spec) }

func FuzzParseBook(f *testing.F) { cextest.FuzzBook(f, &spec) }

// FuzzAPIError: any err-code and message map to a typed error, never a panic.
func FuzzAPIError(f *testing.F) {
	for _, c := range []string{"invalid-parameter", "base-symbol-error", "too-many-requests", "gateway-internal-error", ""} {
		f.Add([]byte(c), []byte("invalid symbol"), 200)
	}
	f.Fuzz(func(t *testing.T, code, msg []byte, status int) {
		cextest.Typed(t, apiError(code, msg, status))
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/symbols_v2.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote)
	}
	want := []string{"ethusdt eth/usdt", "btcusdt btc/usdt", "xmrusdt xmr/usdt", "xmrbtc xmr/btc", "trxusdt trx/usdt"} // dash te false, zec offline
	if !slices.Equal(got, want) {
		t.Errorf("markets %q, want %q", got, want)
	}
}

// TestParseBook: the docs' book, numbers and all, decodes without
// allocating; an HTTP-200 error wins; the wire type reads the same shape.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "depth_btcusdt.json")
	var s book.Scanner
	if len(b.Bids) != 5 || len(b.Asks) != 5 || b.Bids[0].Price.String() != "49790.87" || b.Asks[4].Qty.String() != "0.043103" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	if err := spec.ReadBook(&s, 200, []byte(`{"tick":{"bids":[],"asks":[]},"status":"error","err-code":"base-symbol-error"}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeUnsupportedPair {
		t.Errorf("error after the tick: %v, want unsupported_pair", err)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{"status":"ok","ts":1}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("no tick: %v, want bad_response", err)
	}
}
