package sim_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/sim"
)

// TestAddressPassesChecks: the simulator's deposit addresses pass the checks
// the swap service applies to every deposit address, on every network of the
// catalogue, and differ from one order to the next.
func TestAddressPassesChecks(t *testing.T) {
	for net := range swapscout.Networks {
		a, b := sim.Address(net, "venue", "order-1"), sim.Address(net, "venue", "order-2")
		if err := address.Check(net, a, ""); err != nil {
			t.Errorf("%s: %s: %v", net, a, err)
		}
		if a == b || a != sim.Address(net, "venue", "order-1") {
			t.Errorf("%s: %s and %s: want one address per order, the same each time", net, a, b)
		}
	}
}
