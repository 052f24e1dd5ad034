package all_test

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// TestFixedRateVenuesSayHowLongTheyHold: every venue that makes fixed-rate
// swaps says how long it holds the rate once a swap is made, with the
// source that says so, or that it is undocumented and what was read; a
// stated hold is minutes (not hours: a fixed rate is a short promise), runs
// from a named event, and a range ends after it starts. A venue without
// fixed rates states none.
func TestFixedRateVenuesSayHowLongTheyHold(t *testing.T) {
	for _, d := range all.Descriptors {
		q, err := d.New(venue.Config{BaseURL: "http://127.0.0.1:1"})
		if err != nil {
			t.Fatalf("%s: %v", d.ID, err)
		}
		_, swaps := q.(swapscout.Swapper)
		h := d.Hold
		switch {
		case !d.FixedRate || !swaps:
			if h.Documented() {
				t.Errorf("%s makes no fixed-rate swaps, yet states a hold %+v", d.ID, h)
			}
			continue
		case h.Source == "":
			t.Errorf("%s makes fixed-rate swaps and states no hold nor the sources read", d.ID)
		case !h.Documented() && !strings.Contains(h.Source, "undocumented"):
			t.Errorf("%s: no hold, and its source does not say it is undocumented: %q", d.ID, h.Source)
		case h.Documented() && !strings.HasPrefix(h.Source, "["):
			t.Errorf("%s: a stated hold without its evidence tag ([DOC], [CODE], …): %q", d.ID, h.Source)
		}
		if h.Documented() && (h.For > time.Hour || (h.UpTo != 0 && h.UpTo <= h.For)) {
			t.Errorf("%s: hold %v up to %v", d.ID, h.For, h.UpTo)
		}
		if h.From != "" && h.From != swapscout.HoldFromCreation && h.From != swapscout.HoldFromQuote {
			t.Errorf("%s: hold runs from %q", d.ID, h.From)
		}
		if info := d.Info(true); info.Hold != h {
			t.Errorf("%s: Info carries hold %+v, want %+v", d.ID, info.Hold, h)
		}
	}
}
