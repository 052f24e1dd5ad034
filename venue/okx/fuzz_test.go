package okx

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
	if _, ok := symbols[swapscout.Asset{Ticker: "xmr", Network: "xmr"}]; ok {
		t.Error("OKX delisted XMR")
	}
}

func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/instruments.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := spec.ReadMarkets(200, body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Symbol+" "+m.Base+"/"+m.Quote+" min "+m.MinBase.String())
	}
	// XMR-USDT is suspended, TON-USDT preopen.
	want := "BTC-USDT BTC/USDT min 0.00001, ETH-BTC ETH/BTC min 0.001, ETH-USDT ETH/USDT min 0.0001, " +
		"LTC-USDT LTC/USDT min 0.001, USDC-USDT USDC/USDT min 1, DOGE-USDT DOGE/USDT min 10, SOL-USDC SOL/USDC min 0.001"
	if g := strings.Join(got, ", "); g != want {
		t.Errorf("markets\n%s\nwant\n%s", g, want)
	}
	for in, code := range map[string]swapscout.FailureCode{
		`{"code":"50011","msg":"Too Many Requests","data":[]}`: swapscout.CodeRateLimited,
		`{"code":"0","msg":"","data":{}}`:                      swapscout.CodeBadResponse,
		`{"msg":"","data":[]}`:                                 swapscout.CodeBadResponse,
	} {
		if _, err := spec.ReadMarkets(200, []byte(in)); cextest.Code(err) != code {
			t.Errorf("spec.ReadMarkets(%s) = %v, want %s", in, err, code)
		}
	}
}

// TestParseBook: the docs' example decodes without allocating; the envelope
// code decides whatever the status, a number code too.
func TestParseBook(t *testing.T) {
	b := cextest.BookAllocs(t, &spec, "books_eth-btc.json")
	var s book.Scanner
	if len(b.Bids) != 4 || len(b.Asks) != 4 || b.Bids[0].Price.String() != "0.0312" || b.Asks[1].Qty.String() != "7.2051" {
		t.Errorf("book %+v", b)
	}
	for in, want := range map[string]swapscout.FailureCode{
		`{"code":51001,"msg":"Instrument ID does not exist","data":[]}`: swapscout.CodeUnsupportedPair,
		`{"code":"50013","msg":"System is busy","data":[]}`:             swapscout.CodeUnavailable,
		`{"code":"0","msg":"","data":[]}`:                               swapscout.CodeBadResponse,
		`{"data":[{"asks":[],"bids":[]}]}`:                              swapscout.CodeBadResponse,
		`{"code":"0","msg":"","data":[{"asks":[["1","-1","0","1"]]}]}`:  swapscout.CodeBadResponse,
	} {
		if err := spec.ReadBook(&s, 200, []byte(in), &b); cextest.Code(err) != want {
			t.Errorf("parseBook(%s) = %v, want %s", in, err, want)
		}
	}
}
