package all_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// TestLimitsNameVenues: every row of venue.Limits belongs to a venue (a
// misspelt id would silently leave that venue on the default), and every
// limit lets at least one call through.
func TestLimitsNameVenues(t *testing.T) {
	ids := map[string]bool{}
	for _, d := range all.Descriptors {
		ids[d.ID] = true
	}
	for id, l := range venue.Limits {
		if !ids[id] {
			t.Errorf("venue.Limits has %q, which is no venue", id)
		}
		if l.Rate <= 0 || l.Burst < 1 {
			t.Errorf("%s: rate %v burst %d, want both positive", id, l.Rate, l.Burst)
		}
	}
}
