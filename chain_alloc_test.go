//go:build !race

package swapscout_test

import (
	"testing"

	"github.com/swapscout/swapscout"
)

// TestAmountFromUnitsAllocs: chain answers are parsed per check; turning
// base units into an Amount allocates nothing.
func TestAmountFromUnitsAllocs(t *testing.T) {
	if a := testing.AllocsPerRun(100, func() { _, _ = swapscout.AmountFromUnits("2546637", 8) }); a != 0 {
		t.Errorf("AmountFromUnits allocates %v times, want 0", a)
	}
}
