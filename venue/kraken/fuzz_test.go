package kraken

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

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/assetpairs.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := parseMarkets(body)
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
	want := []string{ // sorted by key; XZECZUSD is cancel_only, XETHXXBT.d a dark pool
		"SOLUSD SOL/ZUSD fee default min 0.02 0.5",
		"USDTUSD USDT/ZUSD fee 0.002 min 5 0.5",
		"ETHXBT XETH/XXBT fee 0.0026 min 0.002 0.00002",
		"XBTUSD XXBT/ZUSD fee 0.0026 min 0.0001 0.5",
		"XMRXBT XXMR/XXBT fee 0.0026 min 0.03 0.00002",
		"XMRUSD XXMR/ZUSD fee 0.0026 min 0.03 0.5",
	}
	if len(got) != len(want) {
		t.Fatalf("markets\n%q\nwant\n%q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("market %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// TestParseBook: the book is read under whatever key Kraken uses, errors
// win over a result, and the decode does not allocate.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "depth_xxbtzusd.json")
	var s book.Scanner
	if len(b.Bids) != 2 || len(b.Asks) != 2 || b.Bids[0].Price.String() != "30297" || b.Asks[1].Qty.String() != "1.5" {
		t.Errorf("book %+v", b)
	}
	err := spec.ReadBook(&s, 200, []byte(`{"result":{"XXBTZUSD":{"asks":[],"bids":[]}},"error":["EService:Busy"]}`), &b)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable {
		t.Errorf("error after the result: %v, want unavailable", err)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{"error":[],"result":{}}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("empty result: %v, want bad_response", err)
	}
}
