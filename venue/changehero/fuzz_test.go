package changehero

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzDecode feeds arbitrary bodies and statuses to the JSON-RPC parser for
// every result type: it must never panic and must return a value or an error.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(401, b)
	}
	f.Add(200, []byte(`{"jsonrpc":"2.0","id":1,"error":{"code":"-32602","message":""}}`))
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var a swapscout.Amount
		_ = decode(status, body, &a)
		var rates []fixRate
		_ = decode(status, body, &rates)
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
