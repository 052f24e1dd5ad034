package nearintents

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// fixtures returns every recorded-shape body under testdata, as seeds.
func fixtures(t testing.TB) [][]byte {
	files, _ := filepath.Glob("testdata/*.json")
	var out [][]byte
	for _, p := range files {
		if strings.HasSuffix(p, ".want.json") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzQuote feeds made-up quote answers to the parser: never a panic; a
// typed error, or an offer with positive amounts.
func FuzzQuote(f *testing.F) {
	for _, b := range fixtures(f) {
		f.Add(201, b)
		f.Add(400, b)
	}
	recordedPair, err := New(venue.Config{}).resolve(recordedReq.Request)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		if status < 100 || status > 599 {
			status = 200
		}
		req := recordedReq.Request
		var r quoteResponse
		err := decodeQuote(req, recordedPair, status, body, &r)
		var o swapscout.Offer
		if err == nil {
			o, err = offerOf(req, recordedPair, &r, time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC))
		}
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %T %v is not a *VenueError", err, err)
			}
			if ve.Code == swapscout.CodeAmountTooSmall && ve.Min.Sign() < 0 {
				t.Fatalf("negative minimum %s", ve.Min)
			}
			return
		}
		if o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 || !o.AmountIn.Valid() || !o.AmountOut.Valid() {
			t.Fatalf("offer in %s out %s", o.AmountIn, o.AmountOut)
		}
	})
}

// FuzzTokens: the tokens list check never panics and keeps only sane
// decimals for assets we map.
func FuzzTokens(f *testing.F) {
	for _, b := range fixtures(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var toks []token
		if json.Unmarshal(body, &toks) != nil {
			return
		}
		m, err := checkTokens(toks)
		if err != nil {
			return
		}
		for a, d := range m {
			if _, ok := Symbols[a]; !ok || d < 0 || d > swapscout.MaxScale {
				t.Fatalf("kept %s with %d decimals", a, d)
			}
		}
	})
}

// FuzzBaseUnits: fromBase accepts digits only, and toBase gives back the
// same integer (leading zeros aside).
func FuzzBaseUnits(f *testing.F) {
	for _, s := range []string{"0", "1", "10000000", "6160820348891358620689654", "007", "1e6", "-1", "1.5", "", " 1"} {
		f.Add(s, 6)
		f.Add(s, 24)
	}
	f.Fuzz(func(t *testing.T, s string, dec int) {
		a, err := FromBase(s, dec)
		if err != nil {
			return
		}
		if strings.TrimLeft(s, "0123456789") != "" {
			t.Fatalf("FromBase(%q) accepted a non-digit", s)
		}
		back, ok := ToBase(a, dec)
		if want := strings.TrimLeft(s, "0"); !ok || (back != want && !(back == "0" && want == "")) {
			t.Fatalf("FromBase(%q, %d) = %s, toBase = %q", s, dec, a, back)
		}
	})
}

// FuzzSwap feeds made-up create and status answers to the Swapper.
func FuzzSwap(f *testing.F) {
	venuetest.FuzzSwap(f, &Descriptor, btcETHSwap, fixtures(f)...)
}
