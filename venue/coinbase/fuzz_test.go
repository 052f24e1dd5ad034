package coinbase

import (
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
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/products.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote+" min "+m.MinQuote.String())
	}
	// DASH-USD is limit_only, BCH-BTC trading_disabled, XRP-BTC delisted, ZEC-USD cancel_only.
	want := "BTC-USD BTC/USD min 10, ETH-USD ETH/USD min 1, ETH-BTC ETH/BTC min 0.0001, LTC-USD LTC/USD min 1, " +
		"USDT-USD USDT/USD min 1, USDT-USDC USDT/USDC min 1, DOGE-USD DOGE/USD min 1, SOL-USD SOL/USD min 1, DAI-USD DAI/USD min 1"
	if g := strings.Join(got, ", "); g != want {
		t.Errorf("markets\n%s\nwant\n%s", g, want)
	}
	// A message where the list should be is the venue's error, not a parse failure.
	if _, err := spec.ReadMarkets(200, []byte(`{"message":"Public rate limit exceeded"}`)); cextest.Code(err) != swapscout.CodeRateLimited {
		t.Errorf("message instead of a list: %v", err)
	}
}

// TestParseBook: the docs' example decodes without allocating, and the
// simulator's book fits the documented wire type.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "book_eth-btc.json")
	var s book.Scanner
	if len(b.Bids) != 4 || len(b.Asks) != 4 || b.Bids[0].Price.String() != "0.03112" || b.Asks[3].Qty.String() != "120.55" {
		t.Errorf("book %+v", b)
	}
	for in, want := range map[string]swapscout.FailureCode{
		`{"message":"NotFound"}`:                    swapscout.CodeUnsupportedPair,
		`{"bids":[["1","1",1]]}`:                    swapscout.CodeBadResponse,
		`{"bids":[],"asks":[],"auction_mode":true}`: swapscout.CodeUnavailable,
		`[]`: swapscout.CodeBadResponse,
	} {
		if err := spec.ReadBook(&s, 200, []byte(in), &b); cextest.Code(err) != want {
			t.Errorf("parseBook(%s) = %v, want %s", in, err, want)
		}
	}
}
