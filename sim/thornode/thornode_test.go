package thornode

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/maya"
	"github.com/swapscout/swapscout/venue/thorchain"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth    = swapscout.Asset{Ticker: "eth", Network: "eth"}
	dash   = swapscout.Asset{Ticker: "dash", Network: "dash"}
	btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.01")}
)

// networks are the simulated nodes with their adapters' descriptors.
var networks = []struct {
	d   *venue.Descriptor
	sim func() sim.Venue
}{{&thorchain.Descriptor, THORChain}, {&maya.Descriptor, Maya}}

// TestAgainstSim: on each network, every served asset quotes against the
// simulated node with a memo deposit, an expiry, a wait, fees and a
// minimum; the least amount is refused with the node's minimum.
func TestAgainstSim(t *testing.T) {
	for _, n := range networks {
		t.Run(n.d.ID, func(t *testing.T) {
			s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, n.d.ID, n.sim())
			q := venuetest.New(t, n.d, s.VenueURL(n.d.ID))
			ctx := context.Background()
			for _, a := range n.sim().Profile.Assets {
				from, amt := btc, "0.05"
				if a == btc {
					from, amt = eth, "1"
				}
				o, err := q.Quote(ctx, swapscout.QuoteRequest{From: from, To: a, Amount: swapscout.MustAmount(amt)})
				if err != nil {
					t.Errorf("%s→%s: %v", from, a, err)
					continue
				}
				if o.Deposit != swapscout.DepositMemo || o.ExpiresAt.IsZero() || o.ETAMax <= 0 || len(o.Fees) == 0 || o.Min.Sign() <= 0 {
					t.Errorf("%s→%s: offer %+v lacks the memo deposit, expiry, wait, fees or minimum", from, a, o)
				}
			}
			_, err := q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.00000002")})
			if venuetest.Code(err) != swapscout.CodeAmountTooSmall {
				t.Errorf("tiny amount: %v, want amount_too_small", err)
			}
		})
	}
}

// TestSwapConformance runs each network's adapter through swaps on its
// simulated node, followed by their deposits' transactions.
func TestSwapConformance(t *testing.T) {
	const payout = "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe"
	for _, c := range []struct {
		n      int
		req    swapscout.QuoteRequest
		refund string
	}{
		{0, btcETH, "bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj"},
		{1, swapscout.QuoteRequest{From: dash, To: eth, Amount: swapscout.MustAmount("2")}, "XpESxaUmonkq8RaLLp46Brx2K39ggQe226"},
	} {
		n := networks[c.n]
		t.Run(n.d.ID, func(t *testing.T) {
			venuetest.RunDepositSwap(t, n.d, n.sim, venuetest.SwapOptions{Req: c.req, PayoutAddress: payout, RefundAddress: c.refund})
		})
	}
}

// TestSimulatorErrorBodies: injected errors come as the node's error body
// with HTTP 500 and, every other time, 200; both read as unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	for _, n := range networks {
		t.Run(n.d.ID, func(t *testing.T) {
			venuetest.RunInjectedErrors(t, n.d, n.sim(), btcETH, func(root string) (*http.Response, error) {
				return http.Get(root + "/any")
			})
		})
	}
}

// TestSimulatedLimit: on the simulated node, a swap made with a memo limit
// finishes when the network can pay it, and is refunded when what it would
// pay is below the limit the deposit's memo carries; the deposit is the
// memo the swap gave, and the simulated Midgard lists it with that memo.
func TestSimulatedLimit(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 5, Latency: time.Millisecond, SwapStage: 20 * time.Millisecond, PayoutSpread: 0.002},
		"thorchain", THORChain())
	q, err := thorchain.Descriptor.New(venue.Config{BaseURL: s.VenueURL("thorchain"), IndexerURL: s.VenueURL("thorchain"), HTTP: venuetest.Client(t)})
	if err != nil {
		t.Fatal(err)
	}
	sw := q.(swapscout.Swapper)
	c := &http.Client{Timeout: 5 * time.Second}
	defer c.CloseIdleConnections()
	for _, tc := range []struct {
		slip string
		want swapscout.SwapStatus
	}{
		{"0.005", swapscout.StatusFinished},  // pays 0.2 % under the quote: within 0.5 %
		{"0.0001", swapscout.StatusRefunded}, // 0.2 % under is below a 0.01 % limit
	} {
		req := swapscout.CreateSwapRequest{Request: swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.01")},
			PayoutAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe", RefundAddress: "bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj",
			MaxSlippage: swapscout.MustAmount(tc.slip)}
		order, err := sw.CreateSwap(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`^=:ETH\.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe:([0-9]+)/1/[0-9]+$`).FindStringSubmatch(order.DepositMemo)
		if m == nil {
			t.Fatalf("slippage %s: memo %q, want a limit", tc.slip, order.DepositMemo)
		}
		body, _ := json.Marshal(map[string]string{"address": order.DepositAddress, "memo": order.DepositMemo})
		r, err := c.Post(s.URL()+"/_sim/deposit/thorchain", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var paid struct {
			DepositTx string `json:"deposit_tx"`
		}
		json.NewDecoder(r.Body).Decode(&paid)
		r.Body.Close()
		if r.StatusCode != 200 || paid.DepositTx == "" {
			t.Fatalf("slippage %s: deposit answered %d %+v", tc.slip, r.StatusCode, paid)
		}
		var u swapscout.SwapUpdate
		for deadline := time.Now().Add(10 * time.Second); !u.Status.Terminal() && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if u, err = sw.SwapStatus(context.Background(), swapscout.OrderRef{ID: paid.DepositTx}); err != nil {
				t.Fatal(err)
			}
		}
		if u.Status != tc.want {
			t.Errorf("slippage %s (limit %s): status %s (%s), want %s", tc.slip, m[1], u.Status, u.VenueStatus, tc.want)
		}
		// Midgard lists the deposit with the memo it carried: the swap finds it.
		tx, found, err := q.(swapscout.DepositFinder).FindDeposit(context.Background(), &swapscout.Swap{From: btc, To: eth,
			AmountIn: req.Request.Amount, PayoutAddress: req.PayoutAddress, DepositMemo: order.DepositMemo})
		if err != nil || !found || !strings.EqualFold(tx, paid.DepositTx) {
			t.Errorf("slippage %s: FindDeposit = %q %v %v, want %s", tc.slip, tx, found, err, paid.DepositTx)
		}
	}
}
