package bybit

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

// FuzzAPIError: any retCode and message map to a typed error, never a panic.
func FuzzAPIError(f *testing.F) {
	for _, c := range []int64{10001, 10006, 10016, 10018, 170121, 0, -1} {
		f.Add(c, []byte("params error: Not supported symbols"), 200)
	}
	f.Fuzz(func(t *testing.T, code int64, msg []byte, status int) {
		cextest.Typed(t, apiError(code, msg, status))
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
	if _, ok := symbols[swapscout.Asset{Ticker: "xmr", Network: "xmr"}]; ok {
		t.Error("Bybit has no XMR market")
	}
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/instruments_spot.json")
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
	want := []string{ // DOTUSDT is Closed
		"BTCUSDT BTC/USDT min 0.000048 1", "ETHUSDT ETH/USDT min 0.00062 1", "SOLUSDT SOL/USDT min 0.054 1",
		"DOGEUSDT DOGE/USDT min 6.5 1", "USDCUSDT USDC/USDT min 1 1", "MNTUSDT MNT/USDT min 1 1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("markets\n%q\nwant\n%q", got, want)
	}
}

// TestParseBook: the docs' book decodes without allocating, sides by the
// keys b and a, and a retCode error wins over its empty result.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "orderbook_solusdt.json")
	var s book.Scanner
	if len(b.Bids) != 3 || len(b.Asks) != 4 || b.Bids[0].Price.String() != "165.11" || b.Asks[3].Qty.String() != "900" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	err := spec.ReadBook(&s, 200, []byte(`{"result":{},"retCode":10016,"retMsg":"Internal server error."}`), &b)
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable {
		t.Errorf("retCode after the result: %v, want unavailable", err)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{"retCode":0,"retMsg":"OK","retExtInfo":{}}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("no result: %v, want bad_response", err)
	}
}
