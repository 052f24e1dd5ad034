package fixedfloat

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecode feeds arbitrary bodies and statuses to the envelope parser and
// the errors[] mapping: they must never panic and must return either a value
// or a typed error.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(401, b)
		f.Add(500, b)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var p priceData
		if decode(status, body, &p) == nil {
			_ = quoteErrors(&p)
		}
		var items []Currency
		_ = decode(status, body, &items)
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
