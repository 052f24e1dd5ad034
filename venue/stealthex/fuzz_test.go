package stealthex

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzDecode feeds arbitrary statuses and bodies to the response parser, as
// an estimate and as a range, and the results to offer: nothing may panic,
// errors must be typed, and an offer must be positive.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, st := range []int{200, 400, 404} {
			f.Add(st, b, false, false)
		}
		f.Add(200, b, true, true)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte, fixed, receive bool) {
		req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, Amount: swapscout.MustAmount("0.01")}
		if fixed {
			req.RateType = swapscout.Fixed
		}
		if receive {
			req.RateType, req.Direction = swapscout.Fixed, swapscout.Receive
		}
		var est estimateResponse
		estErr := decode(status, body, &est)
		var rng rangeResponse
		rangeErr := decode(status, body, &rng)
		for _, err := range []error{estErr, rangeErr} {
			var ve *swapscout.VenueError
			if err != nil && !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
		}
		o, err := offer(req, &est, estErr, &rng, rangeErr)
		if err == nil && (o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0) {
			t.Fatalf("offer in %s out %s, want positive", o.AmountIn, o.AmountOut)
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
