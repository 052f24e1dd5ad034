package all_test

import (
	"os/exec"
	"strings"
	"testing"
)

// testKits are the packages under venue/ that exist for tests: they serve
// adapters their simulators, so they may import sim.
var testKits = map[string]bool{"venuetest": true, "cex/cextest": true}

// TestAdaptersLinkNoSimulator: no package under venue/ but the test kits
// depends on a simulator package (sim, sim/...), however far down: a
// venue's simulator imports its adapter, never the reverse, so the product
// links no simulator code through its adapters.
func TestAdaptersLinkNoSimulator(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Deps " "}}`, "../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const venuePkg = "github.com/swapscout/swapscout/venue"
	const simPkg = "github.com/swapscout/swapscout/sim"
	n := 0
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		pkg, deps, _ := strings.Cut(strings.TrimSpace(line), "|")
		if rel, _ := strings.CutPrefix(pkg, venuePkg+"/"); testKits[rel] {
			continue
		}
		n++
		for d := range strings.FieldsSeq(deps) {
			if d == simPkg || strings.HasPrefix(d, simPkg+"/") {
				t.Errorf("%s depends on %s", pkg, d)
			}
		}
	}
	if n < 32 {
		t.Errorf("checked %d packages under venue/, want every adapter", n)
	}
}
