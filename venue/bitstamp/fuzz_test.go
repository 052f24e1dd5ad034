package bitstamp

import (
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
// assets share a code, or the spec is incomplete.
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

// TestParseMarkets reads the recorded pair list: 102 enabled pairs of 103
// (ETH2/ETH is Disabled), minimum_order in the quote currency.
func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/trading_pairs_info.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 102 {
		t.Errorf("%d markets, want 102", len(ms))
	}
	got := map[string]string{}
	for _, m := range ms {
		got[m.Symbol] = m.Base + "/" + m.Quote + " " + m.MinBase.String() + " " + m.MinQuote.String()
	}
	for sym, want := range map[string]string{"btcusd": "BTC/USD 0 20", "ethbtc": "ETH/BTC 0 0.0002",
		"linketh": "LINK/ETH 0 0.005", "usdcusdt": "USDC/USDT 0 20", "eth2eth": ""} {
		if got[sym] != want {
			t.Errorf("%s: %q, want %q", sym, got[sym], want)
		}
	}
	// Newer answers say whether a pair takes market orders [MEM].
	ms, err = spec.ReadMarkets(200, []byte(`[{"name":"BTC/USD","url_symbol":"btcusd","trading":"Enabled","minimum_order":"10.00000000 USD","instant_and_market_orders":"Disabled"},
		{"name":"ETH/USD","url_symbol":"ethusd","trading":"Enabled","minimum_order":"0.001 ETH","instant_and_market_orders":"Enabled"}]`))
	if err != nil || len(ms) != 1 || ms[0].Symbol != "ethusd" || ms[0].MinBase.String() != "0.001" {
		t.Errorf("markets %+v %v", ms, err)
	}
}

// TestParseBook: the recorded whole book (4,961 bids, 4,875 asks) decodes
// into a reused book without allocating; errors in its place are mapped.
func TestParseBook(t *testing.T) {
	body, err := os.ReadFile("testdata/order_book_btcusd.json")
	if err != nil {
		t.Fatal(err)
	}
	var s book.Scanner
	var b book.Book
	if n := testing.AllocsPerRun(20, func() {
		if err := spec.ReadBook(&s, 200, body, &b); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("reading a book allocates %.0f times per call", n)
	}
	if len(b.Bids) != 4961 || len(b.Asks) != 4875 || b.Bids[0].Price.String() != "8200.59" || b.Asks[0].Qty.String() != "1.49199358" {
		t.Errorf("book: %d bids, %d asks, best %v %v", len(b.Bids), len(b.Asks), b.Bids[0], b.Asks[0])
	}
	if err := b.Normalize(); err != nil {
		t.Error(err)
	}
	for in, want := range map[string]swapscout.FailureCode{
		`{"status":"error","reason":"Request rejected due to exceeded rate limit.","response_code":"400.002"}`: swapscout.CodeRateLimited,
		`{"status":"error","reason":{"__all__":["Invalid currency pair."]}}`:                                   swapscout.CodeUnsupportedPair,
		`{"timestamp":"1","bids":[]}`:    swapscout.CodeBadResponse,
		`{"bids":[["1","x"]],"asks":[]}`: swapscout.CodeBadResponse,
	} {
		if err := spec.ReadBook(&s, 200, []byte(in), &b); cextest.Code(err) != want {
			t.Errorf("parseBook(%s) = %v, want %s", in, err, want)
		}
	}
}
