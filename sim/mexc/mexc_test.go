package mexc

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/mexc"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 11, Latency: time.Millisecond}, "mexc", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, the deeper book when 100
// levels are not enough, and too large past 5000 levels.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &mexc.Descriptor, s.VenueURL("mexc")), cextest.SimulatorChecks{
		// 100 BTC needs more than 100 levels
		From: cextest.Asset("btc"), To: cextest.Asset("usdt@trx"), Amounts: [3]string{"0.01", "20", "100"},
		Offers:   []swapscout.QuoteRequest{send("xmr", "btc", "10"), receive("ltc", "eth", "2"), send("usdt@bsc", "xmr", "5000"), send("firo", "usdt@trx", "100")},
		TooLarge: send("btc", "usdt@trx", "1000000"),
	})
}

// TestSimulatorShapes: the simulator speaks MEXC's shapes.
func TestSimulatorShapes(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("mexc"), []cextest.Answer{
		{Path: "/api/v3/exchangeInfo", Prefix: `{"timezone":"CST","serverTime":`},
		{Path: "/api/v3/depth?symbol=BTCUSDT&limit=1", Prefix: `{"lastUpdateId":`},
		{Path: "/api/v3/depth?symbol=NOPE", Status: 400, Prefix: `{"code":-1121,"msg":"Invalid symbol."}`},
		{Path: "/api/v3/depth?symbol=BTCUSDT&limit=x", Status: 400, Prefix: `{"code":700008,`},
		{Path: "/api/v3/depth?symbol=BTCUSDT&limit=10000", Prefix: `{"lastUpdateId":`},
	})
	if strings.Count(bodies["/api/v3/depth?symbol=BTCUSDT&limit=10000"], `],[`) != 2*5000-2 {
		t.Error("depth limit=10000: want 5000 levels a side")
	}
}
