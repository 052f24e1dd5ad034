package exolix

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzDecodeRate feeds arbitrary statuses and bodies to the rate parser, for
// both directions: it must never panic, and must return either a valid
// positive offer or a typed *VenueError.
func FuzzDecodeRate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, st := range []int{200, 400, 422} {
			f.Add(st, false, "1", b)
		}
		f.Add(200, true, "0.0001", b)
	}
	f.Fuzz(func(t *testing.T, status int, receive bool, amount string, body []byte) {
		amt, err := swapscout.ParseAmount(amount)
		if err != nil || amt.Sign() <= 0 {
			amt = swapscout.MustAmount("1")
		}
		req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, Amount: amt}
		if receive {
			req.Direction = swapscout.Receive
		}
		o, err := decodeRate(req, status, body)
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
			return
		}
		if !o.AmountIn.Valid() || !o.AmountOut.Valid() || o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 {
			t.Fatalf("offer in %s out %s, want positive", o.AmountIn, o.AmountOut)
		}
		if status != 200 {
			t.Fatalf("offer from HTTP %d", status)
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
