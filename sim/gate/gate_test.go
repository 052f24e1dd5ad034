package gate

import (
	"slices"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/gate"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	now := time.Date(2026, 7, 29, 14, 0, 10, 0, time.UTC)
	return venuetest.StartSim(t, sim.Config{Seed: 13, VenueLatency: map[string]time.Duration{"gate": 0}, Now: func() time.Time { return now }}, "gate", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, a deeper book
// (limit=1000) when 100 levels do not hold the amount, and too large past
// 1000.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &gate.Descriptor, s.VenueURL("gate")), cextest.SimulatorChecks{
		// 60 BTC needs more than 100 levels
		From: cextest.Asset("btc"), To: cextest.Asset("usdt@trx"), Amounts: [3]string{"0.01", "10", "60"},
		Offers:   []swapscout.QuoteRequest{send("btc", "firo", "0.1"), receive("xmr", "usdt@trx", "1000"), send("zec", "xmr", "10")},
		TooLarge: send("btc", "usdt@trx", "100000"),
	})
}

// TestSimulatorQuirks: labelled errors with HTTP 400, the optional id, and
// HTTP 429 past 200 requests in 10 s on one endpoint.
func TestSimulatorQuirks(t *testing.T) {
	s := startSim(t)
	cextest.CheckAnswers(t, s.VenueURL("gate"), []cextest.Answer{
		{Path: "/api/v4/spot/order_book?currency_pair=NOPE_USDT", Status: 400, Prefix: `{"label":"INVALID_CURRENCY_PAIR","message":"Invalid currency pair NOPE_USDT"}`},
		{Path: "/api/v4/spot/order_book?currency_pair=BTC_USDT&limit=5000", Status: 400, Prefix: `{"label":"INVALID_PARAM_VALUE",`},
		{Path: "/api/v4/spot/order_book?currency_pair=BTC_USDT&limit=1", Prefix: `{"current":`},
		{Path: "/api/v4/spot/order_book?currency_pair=BTC_USDT&limit=1&with_id=true", Prefix: `{"id":`},
		{Path: "/api/v4/spot/currency_pairs", Prefix: `[{"amount_precision":6,"base":"BTC","base_name":"BTC","buy_start":`},
	})
	var statuses []int
	for range 200 { // 4 book calls so far
		status, _, _ := cextest.Get(t, s.VenueURL("gate")+"/api/v4/spot/order_book?currency_pair=NOPE_USDT", nil)
		statuses = append(statuses, status)
	}
	if i := slices.Index(statuses, 429); i+4 != 200 {
		t.Errorf("first 429 at book request %d, want 201", i+5)
	}
	if status, _, _ := cextest.Get(t, s.VenueURL("gate")+"/api/v4/spot/currency_pairs", nil); status != 200 {
		t.Errorf("the pair list is limited apart from the book: HTTP %d", status)
	}
}
