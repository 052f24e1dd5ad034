package trocador

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzParseNewRate feeds arbitrary bodies and statuses to the new_rate parser
// and the quote picker, for every kind of request: they must never panic, and
// must return either an offer naming its provider (its amounts as answered)
// or a typed error.
func FuzzParseNewRate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(404, b)
	}
	base := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
		Amount: swapscout.MustAmount("0.01")}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		r, err := parseNewRate(status, body)
		if err != nil {
			if _, ok := err.(*swapscout.VenueError); !ok {
				t.Fatalf("parseNewRate error %T %v is not a *VenueError", err, err)
			}
			return
		}
		for _, req := range []swapscout.QuoteRequest{base,
			{From: base.From, To: base.To, Amount: base.Amount, RateType: swapscout.Fixed},
			{From: base.From, To: base.To, Amount: base.Amount, RateType: swapscout.Fixed, Direction: swapscout.Receive}} {
			o, err := offer(req, &r)
			// Amounts may be zero or negative, as the venue answered:
			// the engine's check of every offer judges them.
			if err == nil && o.Provider == "" {
				t.Fatalf("offer %+v lacks a provider", o)
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
