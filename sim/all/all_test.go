package all_test

import (
	"testing"

	simall "github.com/swapscout/swapscout/sim/all"
	"github.com/swapscout/swapscout/venue/all"
)

// TestEveryVenueSimulated: every venue of venue/all has a simulated API, so
// the demo and the tests serve all of them.
func TestEveryVenueSimulated(t *testing.T) {
	got := simall.Venues()
	for _, d := range all.Descriptors {
		if _, ok := got[d.ID]; !ok {
			t.Errorf("venue %s has no simulator", d.ID)
		}
	}
	if len(got) != len(all.Descriptors) {
		t.Errorf("%d simulators for %d venues", len(got), len(all.Descriptors))
	}
}
