package gemini

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/gemini"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "gemini", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, the whole book fetched
// when 100 levels are not enough, and too large past it.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &gemini.Descriptor, s.VenueURL("gemini")), cextest.SimulatorChecks{
		// 100 BTC needs more than 100 levels
		From: cextest.Asset("btc"), To: cextest.Asset("usdc@eth"), Amounts: [3]string{"0.01", "20", "100"},
		Offers:   []swapscout.QuoteRequest{send("eth", "btc", "3"), receive("sol", "eth", "2"), send("usdc@eth", "sol", "5000")},
		TooLarge: send("btc", "usdc@eth", "100000"),
	})
}

// TestSimulatorShapes: the simulator speaks Gemini's shapes.
func TestSimulatorShapes(t *testing.T) {
	bodies := cextest.CheckAnswers(t, startSim(t).VenueURL("gemini"), []cextest.Answer{
		{Path: "/v1/symbols", Prefix: `["btcusd","ethusd","ethbtc",`},
		{Path: "/v1/symbols/details/BTCUSD", Prefix: `{"symbol":"BTCUSD","base_currency":"BTC","quote_currency":"USD","tick_size":0.00000001,`},
		{Path: "/v1/book/BTCUSD?limit_bids=1&limit_asks=0", Prefix: `{"bids":[{"price":"`},
		{Path: "/v1/book/nope", Status: 400, Prefix: `{"result":"error","reason":"Bad Request","message":"Supplied value 'nope' is not a valid symbol.`},
		{Path: "/v1/symbols/details/nope", Status: 400, Prefix: `{"result":"error","reason":"Bad Request"`},
	})
	b := bodies["/v1/book/BTCUSD?limit_bids=1&limit_asks=0"]
	if bids, asks, ok := strings.Cut(b, `"asks"`); !ok || strings.Count(bids, `"price"`) != 1 || strings.Count(asks, `"price"`) != 500 {
		t.Errorf("want one bid and the whole ask side (500 levels): %.200s", b)
	}
}
