package cex

import (
	"testing"

	"github.com/swapscout/swapscout"
)

// TestCoded: a code the venue's table names takes its failure code; one it
// does not name is the venue's trouble at a 5xx status and a parameter of
// ours otherwise.
func TestCoded(t *testing.T) {
	codes := map[string]swapscout.FailureCode{"51001": swapscout.CodeUnsupportedPair}
	for _, c := range []struct {
		code   string
		status int
		want   swapscout.FailureCode
	}{
		{"51001", 200, swapscout.CodeUnsupportedPair},
		{"51001", 503, swapscout.CodeUnsupportedPair},
		{"99999", 503, swapscout.CodeUnavailable},
		{"99999", 400, swapscout.CodeBadResponse},
		{"99999", 200, swapscout.CodeBadResponse},
	} {
		got := Coded(codes, "OKX", c.code, "words", c.status)
		if got.Code != c.want {
			t.Errorf("Coded(%s, HTTP %d) = %s, want %s", c.code, c.status, got.Code, c.want)
		}
		if want := "OKX " + c.code + ": words"; got.Msg[:len(want)] != want {
			t.Errorf("Coded(%s).Msg = %q, want it to start %q", c.code, got.Msg, want)
		}
	}
}
