package bitget

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/bitget"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 13, Latency: time.Millisecond}, "bitget", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, and too large past the
// 150 levels Bitget serves.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &bitget.Descriptor, s.VenueURL("bitget")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("usdt@trx"), Amounts: [3]string{"0.01", "20", "100"},
		Offers:   []swapscout.QuoteRequest{send("xmr", "btc", "10"), receive("ltc", "eth", "2"), send("usdt@bsc", "sol", "5000")},
		TooLarge: send("btc", "usdt@trx", "1000"),
	})
}

// TestSimulatorShapes: the simulator speaks Bitget's shapes.
func TestSimulatorShapes(t *testing.T) {
	const book = "/api/v2/spot/market/orderbook"
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("bitget"), []cextest.Answer{
		{Path: "/api/v2/spot/public/symbols", Prefix: `{"code":"00000","msg":"success","requestTime":`},
		{Path: "/api/v2/spot/public/coins", Prefix: `{"code":"00000","msg":"success","requestTime":`},
		{Path: book + "?symbol=BTCUSDT&type=step0&limit=1", Prefix: `{"code":"00000","msg":"success","requestTime":`},
		{Path: book + "?symbol=NOPE&type=step0", Status: 400, Prefix: `{"code":"40034","msg":"Parameter NOPE does not exist",`},
		{Path: book + "?symbol=BTCUSDT&type=step9", Status: 400, Prefix: `{"code":"40017",`},
		{Path: book + "?type=step0", Status: 400, Prefix: `{"code":"40019",`},
	})
	if b := bodies[book+"?symbol=BTCUSDT&type=step0&limit=1"]; !strings.Contains(b, `"data":{"asks":[["`) {
		t.Errorf("orderbook %.200s", b)
	}
	if b := bodies["/api/v2/spot/public/coins"]; !strings.Contains(b, `{"chain":"BTC","needTag":"false","withdrawable":"true","rechargeable":"true","withdrawFee":"`) {
		t.Errorf("coins %.300s", b)
	}
}
