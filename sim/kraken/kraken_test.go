package kraken

import (
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/kraken"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 5, Latency: time.Millisecond}, "kraken", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, deeper books when
// needed, and too large past the 500 levels Kraken serves.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &kraken.Descriptor, s.VenueURL("kraken")), cextest.SimulatorChecks{
		// 150 BTC of XMR needs more than 100 levels
		From: cextest.Asset("btc"), To: cextest.Asset("xmr"), Amounts: [3]string{"0.1", "20", "150"},
		Offers:   []swapscout.QuoteRequest{send("eth", "xmr", "2"), receive("xmr", "usdt@trx", "1000"), send("zec", "eth", "10")},
		TooLarge: send("btc", "xmr", "5000"),
	})
}

// TestSimulatorQuirks: the simulator answers an unknown pair and a bad count
// with HTTP 200 error envelopes, and keys a book by its canonical name
// whichever name was asked.
func TestSimulatorQuirks(t *testing.T) {
	cextest.CheckAnswers(t, startSim(t).VenueURL("kraken"), []cextest.Answer{
		{Path: "/0/public/Depth?pair=NOPE", Prefix: `{"error":["EQuery:Unknown asset pair"]}`},
		{Path: "/0/public/Depth?pair=XBTUSD&count=abc", Prefix: `{"error":["EGeneral:Invalid arguments"]}`},
		{Path: "/0/public/Depth?pair=XBTUSD&count=1", Prefix: `{"error":[],"result":{"XXBTZUSD":{"asks":[["`},
		{Path: "/0/public/Depth?pair=XXBTZUSD&count=1", Prefix: `{"error":[],"result":{"XXBTZUSD":{"asks":[["`},
		{Path: "/0/public/Depth?pair=SOLUSD&count=1", Prefix: `{"error":[],"result":{"SOLUSD":{"asks":[["`},
		{Path: "/0/public/AssetPairs?pair=XXBTZUSD", Prefix: `{"error":[],"result":{"XXBTZUSD":{"altname":"XBTUSD","wsname":"XBT/USD"`},
	})
}
