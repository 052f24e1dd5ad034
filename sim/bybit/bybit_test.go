package bybit

import (
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/bybit"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	now := time.Date(2026, 7, 29, 14, 0, 10, 0, time.UTC)
	return venuetest.StartSim(t, sim.Config{Seed: 7, VenueLatency: map[string]time.Duration{"bybit": 0}, Now: func() time.Time { return now }}, "bybit", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, and too large past its
// 200 levels.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &bybit.Descriptor, s.VenueURL("bybit")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("usdt@trx"), Amounts: [3]string{"0.01", "5", "50"},
		Offers:   []swapscout.QuoteRequest{send("doge", "sol", "10000"), receive("sol", "btc", "0.5"), send("usdt@eth", "ton", "500")},
		TooLarge: send("btc", "usdt@trx", "100000"),
	})
}

// TestSimulatorQuirks: HTTP-200 retCode errors, the default limit of one
// level, and the IP ban with HTTP 403 past 600 requests in 5 s.
func TestSimulatorQuirks(t *testing.T) {
	s := startSim(t)
	bodies := cextest.CheckAnswers(t, s.VenueURL("bybit"), []cextest.Answer{
		{Path: "/v5/market/orderbook?category=spot&symbol=NOPE", Prefix: `{"retCode":10001,"retMsg":"params error: Not supported symbols","result":{}`},
		{Path: "/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=0", Prefix: `{"retCode":10001,`},
		{Path: "/v5/market/orderbook?category=linear&symbol=BTCUSDT", Prefix: `{"retCode":10001,`},
		{Path: "/v5/market/instruments-info?category=spot", Prefix: `{"retCode":0,"retMsg":"OK","result":{"category":"spot","list":[{"symbol":"BTCUSDT","baseCoin":"BTC"`},
		{Path: "/v5/market/orderbook?category=spot&symbol=BTCUSDT", Prefix: `{"retCode":0,`},
	})
	if b := bodies["/v5/market/orderbook?category=spot&symbol=BTCUSDT"]; strings.Count(b, `],[`) != 0 || !strings.Contains(b, `"a":[["`) {
		t.Errorf("default limit: %.200s, want one level a side", b)
	}
	var statuses []int
	for range 600 {
		status, _, _ := cextest.Get(t, s.VenueURL("bybit")+"/v5/market/orderbook?category=spot&symbol=NOPE", nil)
		statuses = append(statuses, status)
	}
	if i := slices.Index(statuses, 403); i+6 != 601 { // 5 requests came before the loop
		t.Errorf("first 403 at request %d, want 601", i+6)
	}
	if status, _, body := cextest.Get(t, s.VenueURL("bybit")+"/v5/market/instruments-info?category=spot", nil); status != 403 || body != "access too frequent" {
		t.Errorf("banned IP got %d %q, want 403 access too frequent", status, body)
	}
}
