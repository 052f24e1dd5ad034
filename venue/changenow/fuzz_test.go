package changenow

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecode feeds arbitrary bodies and statuses to the response parser: it
// must never panic and must return either a value or a typed error.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(400, b)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var e estimateResponse
		_ = decode(status, body, &e)
		var r rangeResponse
		_ = decode(status, body, &r)
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
