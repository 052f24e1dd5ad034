package htx

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/htx"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 17, VenueLatency: map[string]time.Duration{"htx": 0}}, "htx", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, and too large past its
// 150 levels.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &htx.Descriptor, s.VenueURL("htx")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("xmr"), Amounts: [3]string{"0.01", "2", "20"},
		Offers:   []swapscout.QuoteRequest{send("trx", "xmr", "10000"), receive("xmr", "usdt@trx", "1000"), send("zec", "btc", "5")},
		TooLarge: send("btc", "xmr", "5000"),
	})
}

// TestSimulatorQuirks: HTTP-200 errors, numbers in the book, and the
// shallow depths.
func TestSimulatorQuirks(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("htx"), []cextest.Answer{
		{Path: "/market/depth?symbol=nope&type=step0", Prefix: `{"status":"error","err-code":"invalid-parameter","err-msg":"invalid symbol","ts":`},
		{Path: "/market/depth?symbol=btcusdt&type=step9", Prefix: `{"status":"error","err-code":"invalid-parameter","err-msg":"invalid type"`},
		{Path: "/market/depth?symbol=btcusdt&type=step0&depth=7", Prefix: `{"status":"error","err-code":"invalid-parameter","err-msg":"invalid depth"`},
		{Path: "/market/depth?symbol=btcusdt&type=step0&depth=5", Prefix: `{"ch":"market.btcusdt.depth.step0","status":"ok","ts":`},
		{Path: "/v2/settings/common/symbols", Prefix: `{"status":"ok","data":[{"tags":"","state":"online","wr":"1.5","sc":"btcusdt"`},
	})
	if b := bodies["/market/depth?symbol=btcusdt&type=step0&depth=5"]; strings.Count(b, "],[") != 2*4 || strings.Contains(b, `[["`) {
		t.Errorf("depth=5: %.200s, want five levels a side of bare numbers", b)
	}
}
