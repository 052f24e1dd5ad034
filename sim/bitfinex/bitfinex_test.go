package bitfinex

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/bitfinex"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 13, Latency: time.Millisecond}, "bitfinex", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// colon symbols, both directions, larger amounts at worse rates, and more
// than the 100 levels Bitfinex serves is too large.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &bitfinex.Descriptor, s.VenueURL("bitfinex")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("xmr"), Amounts: [3]string{"0.01", "5", "25"},
		Offers:   []swapscout.QuoteRequest{send("doge", "usdt@trx", "50000"), receive("eth", "dash", "20"), send("pol@matic", "dai@eth", "3000")},
		TooLarge: send("btc", "usdt@trx", "1000"),
	})
}

// TestSimulatorQuirks: numbers not strings, asks with negative amounts,
// colon symbols, and errors as arrays with HTTP 500.
func TestSimulatorQuirks(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("bitfinex"), []cextest.Answer{
		{Path: "/v2/book/tNOPE/P0?len=100", Status: 500, Prefix: `["error",10020,"symbol: invalid"]`},
		{Path: "/v2/book/tBTCUSD/P0?len=50", Status: 500, Prefix: `["error",10020,"len: invalid"]`},
		{Path: "/v2/book/tBTCUSD/R0", Status: 500, Prefix: `["error",10020,"prec: invalid"]`},
		{Path: "/v2/book/tDOGE:USD/P0?len=1", Prefix: `[[0.`},
		{Path: "/v2/conf/pub:list:pair:exchange", Prefix: `[["BTCUSD","BTCUST","ETHUSD"`},
		{Path: "/v2/book/tBTCUST/P0?len=1", Prefix: `[[`},
	})
	if b := bodies["/v2/book/tBTCUST/P0?len=1"]; strings.Count(b, "[") != 3 || !strings.Contains(b, ",-") || strings.Contains(b, `"`) {
		t.Errorf("one level a side: %s", b)
	}
}
