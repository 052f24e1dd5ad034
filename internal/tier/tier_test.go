package tier_test

import (
	"testing"

	"github.com/swapscout/swapscout/internal/tier"
)

func TestEnabled(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "false": false, "1": true, "yes": true} {
		t.Setenv(tier.Env, v)
		if got := tier.Enabled(); got != want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", tier.Env, v, got, want)
		}
	}
}
