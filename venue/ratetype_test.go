package venue

import (
	"testing"

	"github.com/swapscout/swapscout"
)

func TestStatedRateType(t *testing.T) {
	for _, c := range []struct {
		stated string
		asked  swapscout.RateType
		want   swapscout.RateType
	}{
		{"fixed-rate", swapscout.Float, swapscout.Fixed},
		{"Standard", swapscout.Fixed, swapscout.Float},
		{"", swapscout.Fixed, swapscout.Fixed},
		{"something-new", swapscout.Float, swapscout.Float},
	} {
		if got := StatedRateType(c.stated, "fixed-rate", "standard", c.asked); got != c.want {
			t.Errorf("StatedRateType(%q, asked %s) = %s, want %s", c.stated, c.asked, got, c.want)
		}
	}
}
