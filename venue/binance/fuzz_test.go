package binance

import (
	"os"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

func FuzzParseMarkets(f *testing.F) { cextest.FuzzMarkets(f, &spec) }

func FuzzParseBook(f *testing.F) { cextest.FuzzBook(f, &spec) }

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete (a withdrawal fee missing…).
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
	if _, ok := symbols[swapscout.Asset{Ticker: "xmr", Network: "xmr"}]; ok {
		t.Error("Binance has no XMR market")
	}
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/exchangeinfo.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := parseMarkets(body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote+" min "+m.MinBase.String()+" "+m.MinQuote.String())
	}
	want := []string{ // XMRBTC and XMRUSDT are in BREAK; BCHBTC allows no spot trading
		"ETHBTC ETH/BTC min 0.0001 0.0001", "BTCUSDT BTC/USDT min 0.00001 5", "ETHUSDT ETH/USDT min 0.0001 5",
		"LTCUSDT LTC/USDT min 0.001 5", "DOGEUSDT DOGE/USDT min 1 1",
	}
	if len(got) != len(want) {
		t.Fatalf("markets %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("market %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// TestParseBookAllocs: a depth answer decodes into a reused book without
// allocating.
func TestParseBookAllocs(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "depth_ethbtc.json")
	if len(b.Bids) != 4 || len(b.Asks) != 4 || b.Bids[0].Price.String() != "0.05213" {
		t.Errorf("book %+v", b)
	}
}

func BenchmarkParseBook(b *testing.B) {
	body := simDepth(b, 100)
	var s book.Scanner
	var bk book.Book
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if err := spec.ReadBook(&s, 200, body, &bk); err != nil {
			b.Fatal(err)
		}
	}
}

// simDepth renders a depth answer of n levels a side the way the simulator does.
func simDepth(tb testing.TB, n int) []byte {
	out := []byte(`{"lastUpdateId":1,"bids":[`)
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, `["32085.65000000","0.02256800"]`...)
	}
	out = append(out, `],"asks":[`...)
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, `["32085.66000000","2.04843700"]`...)
	}
	return append(out, "]}"...)
}
