package all_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/all"
)

// TestLimitsStateSources: every venue's limit says where it comes from,
// lets at least one call through, and stays within what the venue states.
func TestLimitsStateSources(t *testing.T) {
	for _, d := range all.Descriptors {
		l := d.OutboundLimit()
		if l.Rate <= 0 || l.Burst < 1 {
			t.Errorf("%s: rate %v burst %d, want both positive", d.ID, l.Rate, l.Burst)
		}
		if l.Source == "" {
			t.Errorf("%s: limit without a source", d.ID)
		}
		if l.Stated > 0 && (l.Rate > l.Stated || l.Burst > max(l.StatedBurst, 1)) {
			t.Errorf("%s: we allow %v/s burst %d, over the venue's stated %v/s burst %d", d.ID, l.Rate, l.Burst, l.Stated, l.StatedBurst)
		}
		if d.Limit.Documented && d.Limit.Stated <= 0 {
			t.Errorf("%s: documented limit without the venue's figure", d.ID)
		}
	}
}
