package coinbase

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/coinbase"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "coinbase", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, larger amounts at worse rates, and more than the whole
// book is too large.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &coinbase.Descriptor, s.VenueURL("coinbase")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("usdc@sol"), Amounts: [3]string{"0.01", "20", "200"},
		Offers:   []swapscout.QuoteRequest{send("eth", "btc", "3"), receive("dash", "eth", "2"), send("usdt@eth", "sol", "5000")},
		TooLarge: send("btc", "usdt@eth", "100000"),
	})
}

// TestSimulatorQuirks: levels carry an order count, level 1 is the best of
// each side, and errors are {"message":…}.
func TestSimulatorQuirks(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("coinbase"), []cextest.Answer{
		{Path: "/products/NOPE-USD/book?level=2", Status: 404, Prefix: `{"message":"NotFound"}`},
		{Path: "/products/BTC-USD/book?level=3", Status: 400, Prefix: `{"message":"Invalid level"}`},
		{Path: "/products/BTC-USD/book?level=2", Header: map[string]string{"User-Agent": ""}, Status: 400,
			Prefix: `{"message":"User-Agent header is required."}`},
		{Path: "/products/BTC-USD/book?level=1", Prefix: `{"bids":[["`},
		{Path: "/products", Prefix: `[{"id":"BTC-USD","base_currency":"BTC","quote_currency":"USD"`},
	})
	if b := bodies["/products/BTC-USD/book?level=1"]; strings.Count(b, `"],[`) != 0 || !strings.Contains(b, `"auction_mode":false`) {
		t.Errorf("level 1 book %s", b)
	}
}
