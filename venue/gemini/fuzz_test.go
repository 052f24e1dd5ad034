package gemini

import (
	"errors"
	"os"
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

// TestParseMarkets reads the recorded details/all: open spot markets only.
func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/symbols_details_all.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range ms {
		got[m.Symbol] = m.Base + "/" + m.Quote + " min " + m.MinBase.String()
	}
	for sym, want := range map[string]string{
		"btcusd": "BTC/USD min 0.00001", "ethbtc": "ETH/BTC min 0.001", "usdcusd": "USDC/USD min 0.1",
		"btcusdt": "BTC/USDT min 0.00001", "avaxusd": "AVAX/USD min 0.00499999", "ltceth": "LTC/ETH min 0.01",
	} {
		if got[sym] != want {
			t.Errorf("%s: %q, want %q", sym, got[sym], want)
		}
	}
	// limit_only (BTCDAI, ZECBTC), closed (GUSDUSD) and perpetuals are not quotable.
	for _, sym := range []string{"btcdai", "zecbtc", "gusdusd", "btcgusdperp", "efilfil"} {
		if _, ok := got[sym]; ok {
			t.Errorf("%s should be left out", sym)
		}
	}
	if len(ms) != 92 {
		t.Errorf("%d markets, want 92", len(ms))
	}
}

// TestParseBook: the recorded object levels decode without allocating, and
// an error object is an error even with HTTP 200.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "book_btcusd.json")
	var s book.Scanner
	if len(b.Bids) != 50 || len(b.Asks) != 50 || b.Bids[0].Price.String() != "11382.49" || b.Asks[0].Qty.String() != "5.34093158" {
		t.Errorf("book %d bids %d asks, best %+v %+v", len(b.Bids), len(b.Asks), b.Bids[0], b.Asks[0])
	}
	var ve *swapscout.VenueError
	err := spec.ReadBook(&s, 200, []byte(`{"bids":[],"asks":[],"result":"error","reason":"Maintenance","message":"down"}`), &b)
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable {
		t.Errorf("error beside a book: %v, want unavailable", err)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("empty object: %v, want bad_response", err)
	}
	// The recorded shape decodes into the documented wire type.
}
