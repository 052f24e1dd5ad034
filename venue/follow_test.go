package venue_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue"
)

// TestSlashCode: a listing's "first/second" code splits at its first
// slash, and only with both halves present.
func TestSlashCode(t *testing.T) {
	for code, want := range map[string][3]string{
		"usdt/bsc":     {"usdt", "bsc", "ok"},
		"USDT/TRC20/x": {"USDT", "TRC20/x", "ok"},
		"usdt":         {"usdt", "", ""},
		"/bsc":         {"", "bsc", ""},
		"usdt/":        {"usdt", "", ""},
	} {
		a, b, ok := venue.SlashCode(code)
		if a != want[0] || b != want[1] || ok != (want[2] == "ok") {
			t.Errorf("SlashCode(%q) = %q, %q, %v, want %q", code, a, b, ok, want)
		}
	}
}
