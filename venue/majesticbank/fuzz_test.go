package majesticbank

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzParse feeds arbitrary bodies and statuses to the /calculate and /rates
// parsers and the offer check: they must never panic, and must return either a
// value or a typed error.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(400, b)
	}
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, To: swapscout.Asset{Ticker: "btc", Network: "btc"},
		Amount: swapscout.AmountFromInt(1)}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		calc, err := parseCalculate(status, body)
		if err != nil {
			if _, ok := err.(*swapscout.VenueError); !ok {
				t.Fatalf("parseCalculate error %T %v is not a *VenueError", err, err)
			}
		} else {
			_, _ = offer(req, "XMR", "BTC", &calc, nil)
		}
		rates, err := parseRates(status, body)
		if err == nil {
			if l, ok := rates.Limits["XMR"]; ok {
				_, _ = offer(req, "XMR", "BTC", &calc, &l)
			}
		}
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
