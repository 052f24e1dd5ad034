package bitget

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

func seeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		if strings.HasSuffix(p, ".want.json") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(400, b)
	}
}

// typed fails unless err is nil or carries a failure code.
func typed(t *testing.T, err error) {
	var ve *swapscout.VenueError
	if err != nil && !errors.As(err, &ve) {
		t.Fatalf("untyped error %v", err)
	}
}

func FuzzParseMarkets(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		ms, err := parseMarkets(status, body)
		typed(t, err)
		for _, m := range ms {
			if m.Symbol == "" || m.Base == "" || m.Quote == "" || m.MinBase.Sign() < 0 || m.MinQuote.Sign() < 0 {
				t.Fatalf("bad market %+v", m)
			}
			if m.TakerFee != nil && (m.TakerFee.Sign() < 0 || m.TakerFee.Cmp(one) >= 0) {
				t.Fatalf("bad fee %s", m.TakerFee)
			}
		}
	})
}

func FuzzParseBook(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var s book.Scanner
		var b book.Book
		err := parseBook(&s, status, body, &b)
		typed(t, err)
		if err == nil {
			typed(t, b.Normalize())
		}
	})
}

func FuzzParseError(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		err := parseError(status, body)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code == "" {
			t.Fatalf("parseError(%d) = %v, want a typed error", status, err)
		}
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks, two
// assets share a code, or the spec is incomplete (a withdrawal fee missing…).
func TestSymbols(t *testing.T) {
	if err := symbols.Check(); err != nil {
		t.Fatal(err)
	}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestParseMarkets: online symbols only, every value read from a string,
// empty strings read as absent.
func TestParseMarkets(t *testing.T) {
	body, err := os.ReadFile("testdata/symbols.json")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := parseMarkets(200, body)
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
	body, err := os.ReadFile("testdata/orderbook_btcusdt.json")
	if err != nil {
		t.Fatal(err)
	}
	var s book.Scanner
	var b book.Book
	if n := testing.AllocsPerRun(100, func() {
		if err := parseBook(&s, 200, body, &b); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("parseBook allocates %.0f times per call", n)
	}
	if len(b.Bids) != 2 || len(b.Asks) != 2 || b.Bids[0].Price.String() != "34567" || b.Asks[1].Qty.String() != "0.0144" {
		t.Errorf("book %+v", b)
	}
	var ve *swapscout.VenueError
	for body, want := range map[string]swapscout.FailureCode{
		`{"code":"40034","msg":"Parameter X does not exist","requestTime":1,"data":null}`: swapscout.CodeUnsupportedPair,
		`{"data":{"asks":[],"bids":[]},"code":"429","msg":"Too Many Requests"}`:           swapscout.CodeRateLimited,
		`{"code":0,"msg":"success","data":{"asks":[],"bids":[]}}`:                         swapscout.CodeBadResponse,
	} {
		if err := parseBook(&s, 200, []byte(body), &b); !errors.As(err, &ve) || ve.Code != want {
			t.Errorf("%s: %v, want %s", body, err, want)
		}
	}
}
