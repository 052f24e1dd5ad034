package esplora

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// seeds returns every fixture under testdata, for fuzzing.
func seeds(f *testing.F) [][]byte {
	files, _ := filepath.Glob("testdata/*")
	var out [][]byte
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzParse feeds arbitrary bodies to the parsers of an address history, a
// transaction and the tip: they must never panic, and every transfer they
// accept has a positive amount and a consistent confirmation state.
func FuzzParse(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var txs []txJSON
		if json.Unmarshal(body, &txs) == nil {
			for _, addr := range []string{"", "bc1qjj09853tfpztjgrk4jeyzj4ml59fv9cmslv3c4gxxf57u0k3kxmqllx29y"} {
				out, err := parseTransfers("btc", 8, txs, addr)
				if err != nil {
					continue
				}
				for _, tr := range out {
					if !tr.Amount.Valid() || tr.Amount.Sign() < 0 || (tr.Height == 0) != tr.Time.IsZero() {
						t.Fatalf("accepted %+v", tr)
					}
				}
			}
		}
		var tx txJSON
		if json.Unmarshal(body, &tx) == nil {
			_, _ = parseTransfers("bch", 8, []txJSON{tx}, "bitcoincash:qr3u8szwdl4el5ur428t3qs3cn8kqyhlesjqfjmp7k")
		}
		if h, err := parseTip(body); err == nil && h <= 0 {
			t.Fatalf("tip %d accepted", h)
		}
	})
}

// BenchmarkParseHistory decodes and reads the documented address history.
func BenchmarkParseHistory(b *testing.B) {
	body, err := os.ReadFile("testdata/address_txs.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		var txs []txJSON
		if err := json.Unmarshal(body, &txs); err != nil {
			b.Fatal(err)
		}
		if _, err := parseTransfers("btc", 8, txs, "bc1qjj09853tfpztjgrk4jeyzj4ml59fv9cmslv3c4gxxf57u0k3kxmqllx29y"); err != nil {
			b.Fatal(err)
		}
	}
}
