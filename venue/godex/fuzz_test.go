package godex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzDecode feeds arbitrary bodies and statuses to the response parser and
// the limit check: they must never panic and must return either a value or a
// typed error.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, st := range []int{200, 400, 422, 500} {
			f.Add(st, b)
		}
	}
	req := swapscout.QuoteRequest{Amount: swapscout.MustAmount("0.01")}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var in info
		if decode(status, body, &in) == nil {
			_ = limitError(req, &in)
			_ = listed(in.NetworksFrom, "BTC")
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
