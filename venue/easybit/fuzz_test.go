package easybit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout/venue"
)

// FuzzDecode feeds arbitrary bodies and statuses to the envelope parser for
// both payloads: it must never panic and must return a value or an error.
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
	f.Add(200, []byte(`{"success":true,"data":{"rate":1,"sendAmount":1,"receiveAmount":"2","processingTime":15}}`))
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var r rateData
		_ = decode(status, body, &r)
		var p pairInfoData
		_ = decode(status, body, &p)
		_, _ = venue.MinuteRange(string(r.ProcessingTime), processingWeek)
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}
