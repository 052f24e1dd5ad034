package gate

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

// FuzzLabelError: any label and message map to a typed error, never a panic.
func FuzzLabelError(f *testing.F) {
	for _, l := range []string{"INVALID_CURRENCY_PAIR", "TOO_MANY_REQUESTS", "SERVER_ERROR", "INVALID_PARAM_VALUE", ""} {
		f.Add(l, []byte("Invalid currency pair"), 400)
	}
	f.Fuzz(func(t *testing.T, label string, msg []byte, status int) {
		cextest.Typed(t, labelError(label, msg, status))
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/currency_pairs.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote+" fee "+m.TakerFee.String()+" min "+m.MinBase.String()+" "+m.MinQuote.String())
	}
	want := []string{ // ZEC_USDT is untradable
		"ALEPH_USDT ALEPH/USDT fee 0.002 min 0.01 3", "BTC_USDT BTC/USDT fee 0.002 min 0.000001 3",
		"ETH_USDT ETH/USDT fee 0.002 min 0.0001 3", "XMR_USDT XMR/USDT fee 0.002 min 0.001 3",
		"XMR_BTC XMR/BTC fee 0.002 min 0.001 0.00001", "FIRO_USDT FIRO/USDT fee 0.002 min 0.1 3",
		"USDC_USDT USDC/USDT fee 0.001 min 1 1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("markets\n%q\nwant\n%q", got, want)
	}
}

// TestParseBook: the recorded book decodes without allocating, and a
// labelled error wins.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "order_book_btc_usdt.json")
	var s book.Scanner
	if len(b.Bids) != 5 || len(b.Asks) != 5 || b.Bids[0].Price.String() != "112095.8" || b.Asks[1].Price.String() != "112096" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	if err := spec.ReadBook(&s, 400, []byte(`{"message":"Invalid currency pair","label":"INVALID_CURRENCY_PAIR"}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeUnsupportedPair {
		t.Errorf("label: %v, want unsupported_pair", err)
	}
	if err := spec.ReadBook(&s, 200, []byte(`{"current":1,"update":1}`), &b); !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("no sides: %v, want bad_response", err)
	}
}
