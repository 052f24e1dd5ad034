package metrics_test

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/swapscout/swapscout/metrics"
)

// TestSwapsLate: each swap marked late counts once, by venue, and the
// series passes promlint.
func TestSwapsLate(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := metrics.New()
	if err := m.Register(reg); err != nil {
		t.Fatal(err)
	}
	m.SwapLate("changenow")
	m.SwapLate("changenow")
	m.SwapLate("sideshift")
	want := `
# HELP swapscout_swaps_late_total Swaps this instance marked late: past their venue's usual time from deposit to payout, by venue.
# TYPE swapscout_swaps_late_total counter
swapscout_swaps_late_total{venue="changenow"} 2
swapscout_swaps_late_total{venue="sideshift"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "swapscout_swaps_late_total"); err != nil {
		t.Error(err)
	}
	if problems, err := testutil.GatherAndLint(reg, "swapscout_swaps_late_total"); err != nil || len(problems) > 0 {
		t.Errorf("promlint: %v %v", problems, err)
	}
}
