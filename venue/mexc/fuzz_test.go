package mexc

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

func FuzzParseMarkets(f *testing.F) { cextest.FuzzMarkets(f, &spec) }

func FuzzParseBook(f *testing.F) { cextest.FuzzBook(f, &spec) }

func FuzzErrorBody(f *testing.F) { cextest.FuzzErrorBody(f, errorBody) }

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete (a withdrawal fee missing…).
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

// TestParseMarkets: enabled symbols that take market orders on both sides,
// with empty and null fields read as absent.
func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/exchangeinfo.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		fee := "default"
		if m.TakerFee != nil {
			fee = m.TakerFee.String()
		}
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote+" fee "+fee+" min "+m.MinBase.String()+" "+m.MinQuote.String())
	}
	want := []string{ // DOGEUSDT is paused, BCHUSDT not spot, TRXUSDT limit only, ADAUSDT closed (tradeSideType 4)
		"BROCKUSDT BROCK/USDT fee 0.0005 min 0 1",
		"BTCUSDT BTC/USDT fee 0.0005 min 0.000001 1",
		"ETHBTC ETH/BTC fee 0.001 min 0.0001 0.0001",
		"XMRUSDT XMR/USDT fee 0.0005 min 0.001 5",
		"LTCUSDT LTC/USDT fee default min 0 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("markets\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParseBookAllocs: a depth answer decodes into a reused book without
// allocating; an error body is an error even with HTTP 200.
func TestParseBookAllocs(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "depth_btcusdt.json")
	var s book.Scanner
	if len(b.Bids) != 3 || len(b.Asks) != 3 || b.Bids[0].Price.String() != "65010.5" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	if err := spec.ReadBook(&s, 200, []byte(`{"bids":null,"asks":null}`), &b); cextest.Code(err) != swapscout.CodeUnavailable || len(b.Bids)+len(b.Asks) != 0 {
		t.Errorf("null sides: %v %+v, want an empty book, unavailable", err, b)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{"code":730001,"msg":"Pair not found"}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeUnsupportedPair {
		t.Errorf("error with HTTP 200: %v, want unsupported_pair", err)
	}
}
