package fixedfloat_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	simfixedfloat "github.com/swapscout/swapscout/sim/fixedfloat"
	"github.com/swapscout/swapscout/sim/simtest"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/fixedfloat"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestCurrenciesFeedTheCatalogue: the adapter's reader asks the
// simulator's signed `ccies`, and the catalogue maps every entry and lists
// at FixedFloat exactly the assets the simulator quotes, each under the
// coin and network the adapter looks up ("COIN/NETWORK"). A wrong secret
// is refused, and the error names neither the key nor the secret.
func TestCurrenciesFeedTheCatalogue(t *testing.T) {
	t.Parallel()
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond, Secrets: map[string]string{"fixedfloat": "test-secret"}},
		"fixedfloat", simfixedfloat.Sim())
	cfg := venue.Config{BaseURL: s.VenueURL("fixedfloat"), HTTP: venuetest.Client(t), APIKey: "test-key", APISecret: "wrong-secret", Now: time.Now}
	if _, err := fixedfloat.FetchCurrencies(context.Background(), &cfg); err == nil ||
		strings.Contains(err.Error(), "test-key") || strings.Contains(err.Error(), "wrong-secret") {
		t.Errorf("wrong secret: err %v, want a refusal naming neither key nor secret", err)
	}
	cfg.APISecret = "test-secret"
	body, err := fixedfloat.FetchCurrencies(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	simtest.ListsExactly(t, simtest.RefreshBody(t, "fixedfloat", body), fixedfloat.Symbols, func(c fixedfloat.Ccy) string { return c.Coin + "/" + c.Network })
}
