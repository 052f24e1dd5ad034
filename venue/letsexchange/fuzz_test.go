package letsexchange

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// FuzzDecodeInfo feeds arbitrary statuses and bodies to the info parser, in
// both directions: it must never panic, and must return either a positive
// offer (only on HTTP 200) or a typed *VenueError.
func FuzzDecodeInfo(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, st := range []int{200, 400, 422} {
			f.Add(st, false, "1", b)
		}
		f.Add(200, true, "1", b)
	}
	f.Fuzz(func(t *testing.T, status int, receive bool, amount string, body []byte) {
		amt, err := swapscout.ParseAmount(amount)
		if err != nil || amt.Sign() <= 0 {
			amt = swapscout.MustAmount("1")
		}
		req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, Amount: amt}
		if receive {
			req.Direction, req.RateType = swapscout.Receive, swapscout.Fixed
		}
		o, err := decodeInfo(req, status, body)
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
			return
		}
		if status != 200 || !o.AmountIn.Valid() || !o.AmountOut.Valid() || o.AmountOut.Sign() <= 0 || o.AmountIn.Sign() <= 0 {
			t.Fatalf("HTTP %d gave offer in %s out %s", status, o.AmountIn, o.AmountOut)
		}
	})
}

// FuzzMsTime: the timestamp reader never panics and reads back what a
// millisecond count writes.
func FuzzMsTime(f *testing.F) {
	for _, s := range []string{`0`, `"1785333936912"`, `1785335671`, `""`, `null`, `"abc"`, `1.785333936912e12`, `-1`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var m msTime
		_ = json.Unmarshal([]byte(s), &m)
	})
}

func TestMsTime(t *testing.T) {
	ms := time.UnixMilli(1785333936912).UTC()
	for in, want := range map[string]time.Time{
		`0`: {}, `""`: {}, `null`: {}, `"0"`: {},
		`"1785333936912"`: ms, `1785333936912`: ms, `1.785333936912e12`: ms,
		`1785335671`: time.Unix(1785335671, 0).UTC(),
	} {
		var m msTime
		if err := json.Unmarshal([]byte(in), &m); err != nil || !m.Equal(want) {
			t.Errorf("%s read as %s (%v), want %s", in, m.Time, err, want)
		}
	}
	for _, in := range []string{`"abc"`, `true`, `-5`, `1e30`, `{}`} {
		var m msTime
		if err := json.Unmarshal([]byte(in), &m); err == nil {
			t.Errorf("%s read as %s, want an error", in, m.Time)
		}
	}
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
