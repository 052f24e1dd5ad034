package bitstamp

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/bitstamp"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 11, Latency: time.Millisecond}, "bitstamp", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, larger amounts at worse rates, and more than the whole
// book is too large.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &bitstamp.Descriptor, s.VenueURL("bitstamp")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("eth"), Amounts: [3]string{"0.01", "20", "200"},
		Offers:   []swapscout.QuoteRequest{send("doge", "btc", "5000"), receive("eth", "dai@eth", "3000"), send("usdc@eth", "sol", "5000")},
		TooLarge: send("btc", "eth", "100000"),
	})
}

// TestSimulatorQuirks: the whole book comes whatever is asked, prices and
// amounts are strings, and an unknown pair is a 404.
func TestSimulatorQuirks(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("bitstamp"), []cextest.Answer{
		{Path: "/api/v2/order_book/btcusd/", Prefix: `{"timestamp":"`},
		{Path: "/api/v2/order_book/nope/", Status: 404, Prefix: `{"status":"error"`},
		{Path: "/api/v2/trading-pairs-info/", Prefix: `[{"base_decimals":8`},
	})
	if b := bodies["/api/v2/order_book/btcusd/"]; strings.Count(b, `"],["`) < 4000 {
		t.Errorf("order_book has %d levels, want the whole book", strings.Count(b, `"],["`))
	}
	if b := bodies["/api/v2/trading-pairs-info/"]; !strings.Contains(b, `"name":"BTC/USD","trading":"Enabled","url_symbol":"btcusd"`) {
		t.Errorf("trading-pairs-info %.300s", b)
	}
}
