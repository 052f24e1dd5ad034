package xgram

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzParseRate feeds arbitrary bodies and statuses to the rate parser and
// the offer arithmetic: they must never panic, and must return either a value
// or a typed error.
func FuzzParseRate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b, "1")
		f.Add(400, b, "0.001")
	}
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"}}
	f.Fuzz(func(t *testing.T, status int, body []byte, amount string) {
		r, err := parseRate(status, body)
		if err != nil {
			if _, ok := err.(*swapscout.VenueError); !ok {
				t.Fatalf("parseRate error %T %v is not a *VenueError", err, err)
			}
			return
		}
		a, err := swapscout.ParseAmount(amount)
		if err != nil {
			a = swapscout.AmountFromInt(1)
		}
		req.Amount = a
		o, err := offer(req, "ETH", &r)
		if err == nil && (!o.AmountOut.Valid() || o.AmountOut.Sign() <= 0) {
			t.Fatalf("offer out %s, want a positive amount", o.AmountOut)
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
