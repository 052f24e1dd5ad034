package godex_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/godex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestDuplicateKeys holds the adapter to the rule for repeated JSON keys
// (venue/text.go): the LAST occurrence wins, as encoding/json does. Each
// testdata/dup_*.json is an OK fixture whose amount and limit keys appear
// twice, first with the decoy 777; the adapter must quote it exactly as it
// quotes the original.
func TestDuplicateKeys(t *testing.T) {
	quote := func(routes []venuetest.Route) swapscout.Offer {
		t.Helper()
		rp := venuetest.NewReplay(t, "testdata", routes)
		o, err := venuetest.New(t, &godex.Descriptor, rp.URL).Quote(context.Background(), okCase.Req)
		if err != nil {
			t.Fatalf("Quote: %v", err)
		}
		return o
	}
	dup := make([]venuetest.Route, len(okCase.Routes))
	swapped := 0
	for i, r := range okCase.Routes {
		if _, err := os.Stat(filepath.Join("testdata", "dup_"+r.Fixture)); r.Fixture != "" && err == nil {
			r.Fixture = "dup_" + r.Fixture
			swapped++
		}
		dup[i] = r
	}
	if swapped == 0 {
		t.Fatal("no dup_ fixture for the OK case")
	}
	want, got := quote(okCase.Routes), quote(dup)
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(swapscout.Amount{})); diff != "" {
		t.Errorf("a repeated key did not take its last value (-original +duplicated):\n%s", diff)
	}
}
