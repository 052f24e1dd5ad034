package wizardswap

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseEstimate feeds arbitrary bodies and statuses to the estimate
// parser: it must never panic, and it returns a valid amount or an error (a
// zero or negative amount goes on as answered: the engine's check of every
// offer makes it a bad_response).
func FuzzParseEstimate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
	}
	f.Add(200, []byte("\t{\"estimated_amount\":1e-7}"))
	f.Add(500, []byte("Internal Server Error"))
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		a, err := parseEstimate(status, body)
		if err == nil && !a.Valid() {
			t.Fatalf("parseEstimate(%d, %q) = %s without error, want a valid amount", status, body, a)
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
