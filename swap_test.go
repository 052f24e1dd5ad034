package swapscout_test

import (
	"testing"

	"github.com/swapscout/swapscout"
)

func TestSwapIDs(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := swapscout.NewSwapID()
		if !swapscout.ValidSwapID(id) {
			t.Fatalf("NewSwapID() = %q is not valid", id)
		}
		if seen[id] {
			t.Fatalf("NewSwapID repeated %q", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "short", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxy1", "abcdefghijklmnopqrstuvwxyz2", "\x00\xff"} {
		if swapscout.ValidSwapID(bad) {
			t.Errorf("ValidSwapID(%q) = true", bad)
		}
	}
}

func TestSwapStatuses(t *testing.T) {
	terminal := 0
	for _, s := range swapscout.SwapStatuses {
		if !s.Valid() {
			t.Errorf("%s not Valid", s)
		}
		if s.Terminal() {
			terminal++
		}
	}
	if terminal != 4 {
		t.Errorf("%d terminal statuses; want finished, failed, refunded, expired", terminal)
	}
	if swapscout.SwapStatus("paid").Valid() {
		t.Error("unknown word is Valid")
	}
}
