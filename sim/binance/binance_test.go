package binance

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/binance"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	now := time.Date(2026, 7, 29, 14, 0, 10, 0, time.UTC) // the weight window stays put
	return venuetest.StartSim(t, sim.Config{Seed: 3, Latency: time.Millisecond, Now: func() time.Time { return now }}, "binance", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct, bridged,
// both directions, a larger amount at a worse rate, deeper books fetched
// when needed, and more than 5000 levels hold is amount_too_large.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	send, receive := cextest.Send, cextest.Receive
	cextest.CheckSimulator(t, venuetest.New(t, &binance.Descriptor, s.VenueURL("binance")), cextest.SimulatorChecks{
		// 300 BTC needs more than 100 levels
		From: cextest.Asset("btc"), To: cextest.Asset("usdt@trx"), Amounts: [3]string{"0.01", "100", "300"},
		Offers: []swapscout.QuoteRequest{send("doge", "ltc", "1000"), receive("ltc", "eth", "3"), send("usdt@eth", "sol", "5000"),
			send("near", "btc", "500")}, // NEARUSDT, BTCUSDT
		TooLarge:    send("btc", "usdt@trx", "1000000"),
		Unsupported: []swapscout.QuoteRequest{send("btc", "xmr", "1")},
	})
}

// TestSimulatorWeight: past 6000 weight a minute the simulator answers 429
// with Retry-After; calling on during it gets the IP banned with 418.
func TestSimulatorWeight(t *testing.T) {
	s := startSim(t)
	var statuses []int
	for range 28 {
		status, h, _ := cextest.Get(t, s.VenueURL("binance")+"/api/v3/depth?symbol=NOSUCH&limit=5000", nil) // weight 250 even when refused: 24 fit in 6000
		statuses = append(statuses, status)
		if status == 400 && h.Get("X-MBX-USED-WEIGHT-1M") == "" {
			t.Error("no X-MBX-USED-WEIGHT-1M header")
		}
		if status >= 418 && h.Get("Retry-After") == "" {
			t.Errorf("HTTP %d without Retry-After", status)
		}
	}
	want := append(append(slices.Repeat([]int{400}, 24), 429, 429, 429), 418) // 400: Invalid symbol.
	if !slices.Equal(statuses, want) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}
	if status, _, _ := cextest.Get(t, s.VenueURL("binance")+"/api/v3/exchangeInfo", nil); status != http.StatusTeapot {
		t.Errorf("banned client got HTTP %d, want 418", status)
	}
}
