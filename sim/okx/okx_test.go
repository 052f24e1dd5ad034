package okx

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/okx"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 17, Latency: time.Millisecond}, "okx", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, larger amounts at worse rates, and more than 400 levels
// hold is too large.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &okx.Descriptor, s.VenueURL("okx")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("usdt@trx"), Amounts: [3]string{"0.01", "20", "120"},
		Offers:   []swapscout.QuoteRequest{send("ton", "btc", "500"), receive("ltc", "eth", "3"), send("usdc@base", "sol", "5000")},
		TooLarge: send("btc", "usdt@trx", "10000"),
	})
}

// TestSimulatorQuirks: the envelope with a string code, errors with HTTP 200
// or 400, levels of four strings.
func TestSimulatorQuirks(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("okx"), []cextest.Answer{
		{Path: "/api/v5/market/books?instId=NOPE-USDT", Prefix: `{"code":"51001","msg":"Instrument ID does not exist","data":[]}`},
		{Path: "/api/v5/market/books", Status: 400, Prefix: `{"code":"50014","msg":"Parameter instId can not be empty"`},
		{Path: "/api/v5/market/books?instId=BTC-USDT&sz=401", Status: 400, Prefix: `{"code":"51000","msg":"Parameter sz error"`},
		{Path: "/api/v5/market/books?instId=BTC-USDT", Prefix: `{"code":"0","msg":"","data":[{"asks":[["`},
		{Path: "/api/v5/public/instruments", Status: 400, Prefix: `{"code":"50014"`},
		{Path: "/api/v5/public/instruments?instType=SPOT", Prefix: `{"code":"0","msg":"","data":[{"instType":"SPOT","instId":"BTC-USDT"`},
		{Path: "/api/v5/market/books?instId=BTC-USDT&sz=1", Prefix: `{"code":"0"`},
	})
	if b := bodies["/api/v5/market/books?instId=BTC-USDT&sz=1"]; strings.Count(b, `","0","`) != 2 {
		t.Errorf("one level a side of four strings: %s", b)
	}
}
