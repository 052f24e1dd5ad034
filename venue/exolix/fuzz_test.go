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

// FuzzJSExponent checks the simulator's number writer: whatever the amount,
// the JSON it writes reads back as the same number.
func FuzzJSExponent(f *testing.F) {
	for _, s := range []string{"0.00000001", "0.00000056", "0.000001", "0.0000009999", "1", "179.3809942", "-0.0000001", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := swapscout.ParseAmount(s)
		if err != nil {
			return
		}
		b, err := jsNum(a).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back swapscout.Amount
		if err := back.UnmarshalJSON(b); err != nil || !back.Equal(a) {
			t.Fatalf("%s written as %s reads back as %s (%v)", a, b, back, err)
		}
	})
}

func TestJSExponent(t *testing.T) {
	for in, want := range map[string]string{
		"0.00000001": "1e-8", "0.00000056": "5.6e-7", "0.0000001234": "1.234e-7", "-0.0000002": "-2e-7",
		"0.000001": "0.000001", "0.00007747": "0.00007747", "179.3809942": "179.3809942", "0": "0", "10": "10",
	} {
		b, err := jsNum(swapscout.MustAmount(in)).MarshalJSON()
		if err != nil || string(b) != want {
			t.Errorf("%s is written %s (%v), want %s", in, b, err, want)
		}
	}
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
