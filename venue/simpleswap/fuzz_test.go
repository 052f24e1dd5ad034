package simpleswap

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
		for _, st := range []int{200, 401, 404, 422, 500} {
			f.Add(st, b)
		}
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var e estimateReply
		_ = decode(status, body, &e)
		var r rangeReply
		_ = decode(status, body, &r)
		_ = errorText(body)
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
