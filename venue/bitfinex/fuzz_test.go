package bitfinex

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

func FuzzParseMarkets(f *testing.F) { cextest.FuzzMarkets(f, &spec) }

func FuzzParseBook(f *testing.F) { cextest.FuzzBook(f, &spec) }

func FuzzErrorBody(f *testing.F) { cextest.FuzzErrorBody(f, bodyError) }

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

// TestParseMarkets reads the pair names of the docs' pub:info:pair example
// in pub:list:pair:exchange's shape: every name splits into base and quote.
func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/pairs_exchange.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 406 {
		t.Errorf("%d markets, want 406", len(ms))
	}
	got := map[string]string{}
	for _, m := range ms {
		got[m.Symbol] = m.Base + "/" + m.Quote
	}
	for sym, want := range map[string]string{"tBTCUST": "BTC/UST", "tDOGE:USD": "DOGE/USD", "t1INCH:UST": "1INCH/UST",
		"tBTC:CNHT": "BTC/CNHT", "tDSHUSD": "DSH/USD", "tBCHN:USD": "BCHN/USD", "tMATIC:USD": "MATIC/USD"} {
		if got[sym] != want {
			t.Errorf("%s: %q, want %q", sym, got[sym], want)
		}
	}
	if _, err := spec.ReadMarkets(500, []byte(`["error",20060,"maintenance"]`)); cextest.Code(err) != swapscout.CodeUnavailable {
		t.Errorf("maintenance: %v", err)
	}
}

// TestParseBook: the flat signed book splits into sides without allocating;
// errors in its place are mapped whatever the status.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "book_tbtcust.json")
	var s book.Scanner
	if len(b.Bids) != 4 || len(b.Asks) != 4 || b.Bids[0].Qty.String() != "0.45603413" || b.Asks[0].Qty.String() != "0.2" {
		t.Errorf("book %+v", b)
	}
	for in, want := range map[string]swapscout.FailureCode{
		` ["error", 10020, "symbol: invalid"]`: swapscout.CodeUnsupportedPair,
		`["error",10020,"len: invalid"]`:       swapscout.CodeBadResponse,
		`["error",11010,"ratelimit: error"]`:   swapscout.CodeRateLimited,
		`{"error":"ERR_RATE_LIMIT"}`:           swapscout.CodeRateLimited,
		`["error"]`:                            swapscout.CodeUnavailable,
		`["nope",1,2]`:                         swapscout.CodeBadResponse,
		`[[1,1,"x"]]`:                          swapscout.CodeBadResponse,
		`{"unexpected":1}`:                     swapscout.CodeBadResponse,
	} {
		err := spec.ReadBook(&s, 200, []byte(in), &b)
		if cextest.Code(err) != want {
			t.Errorf("parseBook(%s) = %v, want %s", in, err, want)
		}
		var ve *swapscout.VenueError
		if want == swapscout.CodeRateLimited && (!errors.As(err, &ve) || ve.RetryAfter != time.Minute) {
			t.Errorf("parseBook(%s): RetryAfter of %v", in, err)
		}
		if strings.Contains(in, "error") && !strings.Contains(err.Error(), "Bitfinex") && want != swapscout.CodeBadResponse {
			t.Errorf("error %v does not name Bitfinex", err)
		}
	}
}
