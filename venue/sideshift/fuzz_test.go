package sideshift

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

func seeds(f *testing.F) [][]byte {
	files, _ := filepath.Glob("testdata/*.json")
	var out [][]byte
	for _, p := range files {
		if filepath.Ext(p) != ".json" || len(p) > 10 && p[len(p)-10:] == ".want.json" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzDecodePair feeds arbitrary statuses and bodies to the pair parser and
// the pricing on it: no panic, and either a typed *VenueError or an offer
// whose amounts are never negative (one that prices to nothing, or beyond
// what an Amount holds, is the engine's to judge).
func FuzzDecodePair(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(200, false, b)
		f.Add(400, true, b)
	}
	f.Fuzz(func(t *testing.T, status int, receive bool, body []byte) {
		var p pairResponse
		err := decodePair(status, body, &p)
		if err == nil {
			req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
				Amount: swapscout.MustAmount("0.1")}
			if receive {
				req.Direction = swapscout.Receive
			}
			var o swapscout.Offer
			o, err = floatOffer(req, &p, 8, 18)
			if err == nil && (o.AmountIn.Valid() && o.AmountIn.Sign() < 0 || o.AmountOut.Valid() && o.AmountOut.Sign() < 0) {
				t.Fatalf("offer in %s out %s", o.AmountIn, o.AmountOut)
			}
		}
		var ve *swapscout.VenueError
		if err != nil && !errors.As(err, &ve) {
			t.Fatalf("error %T %v is not a *VenueError", err, err)
		}
	})
}

// FuzzDecodeQuote does the same for the fixed quote's answer.
func FuzzDecodeQuote(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(201, b)
		f.Add(400, b)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var q quoteResponse
		err := decodeQuote(status, body, &q)
		var ve *swapscout.VenueError
		if err != nil && !errors.As(err, &ve) {
			t.Fatalf("error %T %v is not a *VenueError", err, err)
		}
		if err == nil && q.ID == "" {
			t.Fatal("a quote without an id")
		}
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
