package kucoin

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/kucoin"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var send, receive = cextest.Send, cextest.Receive

func startSim(t *testing.T) *sim.Server {
	t.Helper()
	now := time.Date(2026, 7, 29, 14, 0, 10, 0, time.UTC)
	return venuetest.StartSim(t, sim.Config{Seed: 11, VenueLatency: map[string]time.Duration{"kucoin": 0}, Now: func() time.Time { return now }}, "kucoin", Sim())
}

// TestSimulator quotes the simulator with the adapter: direct and bridged,
// both directions, worse rates for larger amounts, and too large past its
// 100 levels.
func TestSimulator(t *testing.T) {
	s := startSim(t)
	cextest.CheckSimulator(t, venuetest.New(t, &kucoin.Descriptor, s.VenueURL("kucoin")), cextest.SimulatorChecks{
		From: cextest.Asset("btc"), To: cextest.Asset("xmr"), Amounts: [3]string{"0.01", "2", "20"},
		Offers:      []swapscout.QuoteRequest{send("ltc", "xmr", "10"), receive("xmr", "usdt@trx", "1000"), send("zec", "eth@arbitrum", "5")},
		TooLarge:    send("btc", "xmr", "5000"),
		Unsupported: []swapscout.QuoteRequest{send("btc", "firo", "1")},
	})
}

// TestSimulatorQuirks: the envelope errors, both book levels, and the
// resource pool's 429 once 2000 weight is spent in 30 s.
func TestSimulatorQuirks(t *testing.T) {
	s := startSim(t)
	bodies := cextest.CheckAnswers(t, s.VenueURL("kucoin"), []cextest.Answer{
		{Path: "/api/v1/market/orderbook/level2_100?symbol=NOPE-USDT", Prefix: `{"code":"900001","msg":"symbol not exists"}`},
		{Path: "/api/v1/market/orderbook/level2_100", Status: 400, Prefix: `{"code":"400100",`},
		{Path: "/api/v1/market/orderbook/level2_20?symbol=BTC-USDT", Prefix: `{"code":"200000","data":{"sequence":"`},
		{Path: "/api/v2/symbols", Prefix: `{"code":"200000","data":[{"symbol":"BTC-USDT","name":"BTC-USDT","baseCurrency":"BTC"`},
	})
	if b := bodies["/api/v1/market/orderbook/level2_20?symbol=BTC-USDT"]; strings.Count(b, `"],["`) != 2*19 {
		t.Errorf("level2_20 has %d level separators, want 38", strings.Count(b, `"],["`))
	}
	var last int
	var h http.Header
	for range 497 { // 4 calls so far weighed 14; 496 more at 4 fill 1998, and the next is refused
		last, h, _ = cextest.Get(t, s.VenueURL("kucoin")+"/api/v1/market/orderbook/level2_100?symbol=NOPE-USDT", nil)
	}
	if last != 429 || h.Get("gw-ratelimit-remaining") == "" || h.Get("gw-ratelimit-reset") == "" {
		t.Errorf("after 2000 weight: HTTP %d, headers %v; want 429 with gw-ratelimit-*", last, h)
	}
}

// TestSimulatorCatalogue: an asset the adapter maps from the catalogue
// (1INCH on ERC20) trades against USDT on the simulator, so it quotes to
// BTC through USDT, and back, paid out at the simulated list's fee.
func TestSimulatorCatalogue(t *testing.T) {
	s := startSim(t)
	q := venuetest.New(t, &kucoin.Descriptor, s.VenueURL("kucoin"))
	o, err := q.Quote(t.Context(), send("1inch@eth", "btc", "20000"))
	if err != nil || o.Route != "1INCH/USDT > BTC/USDT" || o.AmountOut.Sign() <= 0 {
		t.Fatalf("1inch → btc: %+v, %v; want an offer through USDT", o, err)
	}
	o, err = q.Quote(t.Context(), send("btc", "1inch@eth", "0.01"))
	if err != nil {
		t.Fatalf("btc → 1inch: %v", err)
	}
	var withdrawal bool
	for _, f := range o.Fees {
		withdrawal = withdrawal || f.Kind == "withdrawal" && f.Asset.Ticker == "1inch" && f.Amount.Sign() > 0
	}
	if !withdrawal {
		t.Errorf("btc → 1inch fees %v: want the list's withdrawal fee", o.Fees)
	}
}
