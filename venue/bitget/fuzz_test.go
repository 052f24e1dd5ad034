package bitget

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

func FuzzParseMarkets(f *testing.F) { cextest.FuzzMarkets(f, &spec) }

func FuzzParseBook(f *testing.F) { cextest.FuzzBook(f, &spec) }

func FuzzParseNetworks(f *testing.F) { cextest.FuzzNetworks(f, &spec) }

// TestParseNetworks reads the coin list: every chain with its fee, open
// flags (strings) and minimum deposit ( the engine keeps those Symbols maps); coins without
// chains add none; an error envelope is typed.
func TestParseNetworks(t *testing.T) {
	body, err := os.ReadFile("testdata/coins.json")
	if err != nil {
		t.Fatal(err)
	}
	nets, err := spec.ReadNetworks(200, body)
	if err != nil {
		t.Fatal(err)
	}
	got := cextest.NetworkLines(nets)
	want := []string{
		"BTC BEP20 fee 0.000005 deposit true withdraw true min 0.000001",
		"BTC BTC fee 0.0001 deposit true withdraw true min 0.00001",
		"ETH ERC20 fee 0.0012 deposit true withdraw true min 0.0001",
		"LTC LTC fee 0.001 deposit true withdraw true min 0.001",
		"SOL SOL fee 0.002 deposit true withdraw true min 0.01",
		"USDT BEP20 fee 0.1 deposit true withdraw true min 1",
		"USDT ERC20 fee 2 deposit true withdraw false min 1",
		"USDT TRC20 fee 1.5 deposit true withdraw true min 1",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("networks (-want +got):\n%s", diff)
	}
	_, err = spec.ReadNetworks(429, []byte(`{"code":"429","msg":"Too Many Requests","requestTime":1,"data":null}`))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeRateLimited {
		t.Errorf("429: %v, want rate_limited", err)
	}
}

func FuzzErrorBody(f *testing.F) { cextest.FuzzErrorBody(f, errorBody) }

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete (a withdrawal fee missing…).
func TestSymbols(t *testing.T) {
	cextest.CheckSpec(t, &spec)
}

// TestParseMarkets: online symbols only, every value read from a string,
// empty strings read as absent.
func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/symbols.json")
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
	want := []string{ // DOGEUSDT is gray, TRXUSDT halted, ADAUSDT offline; minTradeUSDT counts on USDT markets only
		"BTCUSDT BTC/USDT fee 0.001 min 0.0001 5",
		"SOLUSDT SOL/USDT fee 0.001 min 0.01 5",
		"ETHBTC ETH/BTC fee 0.002 min 0.001 0",
		"LTCUSDT LTC/USDT fee default min 0 0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("markets\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParseBook: the DOC book decodes into a reused book without
// allocating; an error envelope is an error even with HTTP 200.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "orderbook_btcusdt.json")
	var s book.Scanner
	if len(b.Bids) != 2 || len(b.Asks) != 2 || b.Bids[0].Price.String() != "34567" || b.Asks[1].Qty.String() != "0.0144" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	for body, want := range map[string]swapscout.FailureCode{
		`{"code":"40034","msg":"Parameter X does not exist","requestTime":1,"data":null}`: swapscout.CodeUnsupportedPair,
		`{"data":{"asks":[],"bids":[]},"code":"429","msg":"Too Many Requests"}`:           swapscout.CodeRateLimited,
		`{"code":0,"msg":"success","data":{"asks":[],"bids":[]}}`:                         swapscout.CodeBadResponse,
	} {
		if err := spec.ReadBook(&s, 200, []byte(body), &b); !errors.As(err, &ve) || ve.Code != want {
			t.Errorf("%s: %v, want %s", body, err, want)
		}
	}
}
