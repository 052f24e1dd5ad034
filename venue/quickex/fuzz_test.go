package quickex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzParseRate feeds arbitrary bodies and statuses to the rate parser and
// the offer check: they must never panic, and must return either a value or a
// typed error.
func FuzzParseRate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b, "0.1")
		f.Add(422, b, "0.0001")
		f.Add(406, b, "9")
	}
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "usdt", Network: "trx"}}
	f.Fuzz(func(t *testing.T, status int, body []byte, amount string) {
		a, err := swapscout.ParseAmount(amount)
		if err != nil {
			a = swapscout.AmountFromInt(1)
		}
		r, err := parseRate(status, body, a)
		if err != nil {
			if _, ok := err.(*swapscout.VenueError); !ok {
				t.Fatalf("parseRate error %T %v is not a *VenueError", err, err)
			}
			return
		}
		req.Amount = a
		_, _ = offer(req, Symbols[req.From], Symbols[req.To], &r)
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
