package godex_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simgodex "github.com/swapscout/swapscout/sim/godex"
	"github.com/swapscout/swapscout/venue/godex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcXMR = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.01"),
}

func withAmount(r swapscout.QuoteRequest, a string) swapscout.QuoteRequest {
	r.Amount = swapscout.MustAmount(a)
	return r
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &godex.Descriptor, simgodex.Sim, btcXMR)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &godex.Descriptor, simgodex.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &godex.Descriptor, simgodex.Sim, venuetest.SwapOptions{
		Req:           withAmount(btcXMR, "0.05"),
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // Godex reports no refund transaction or amount
		Words: godex.StatusWords.Words(), Map: godex.StatusWords.Status,
	})
}

// TestSimulator quotes both directions, the networks check and the limits
// against the simulator.
func TestSimulator(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, "godex", simgodex.Sim())
	q := venuetest.New(t, &godex.Descriptor, s.VenueURL("godex"))
	reverse := withAmount(btcXMR, "1")
	reverse.Direction = swapscout.Receive
	tokens := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdt", Network: "ton"}, To: swapscout.Asset{Ticker: "eth", Network: "base"},
		Amount: swapscout.MustAmount("300")}
	for _, req := range []swapscout.QuoteRequest{btcXMR, reverse, tokens} {
		o, err := q.Quote(context.Background(), req)
		if err != nil {
			t.Fatalf("%s→%s %s: %v", req.From, req.To, req.Direction, err)
		}
		side := o.AmountIn
		if req.Direction == swapscout.Receive {
			side = o.AmountOut
		}
		if !side.Equal(req.Amount) || o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 || o.RateType != swapscout.Fixed {
			t.Errorf("%s→%s %s: offer %+v", req.From, req.To, req.Direction, o)
		}
	}
	for _, c := range []struct {
		req  swapscout.QuoteRequest
		want swapscout.FailureCode
	}{
		{withAmount(btcXMR, "0.00001"), swapscout.CodeAmountTooSmall},
		{withAmount(btcXMR, "100"), swapscout.CodeAmountTooLarge},
		{withAmount(reverse, "0.01"), swapscout.CodeAmountTooSmall},
		{swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "eth", Network: "eth"}, To: swapscout.Asset{Ticker: "eth", Network: "base"},
			Amount: swapscout.MustAmount("1")}, swapscout.CodeUnsupportedPair},
	} {
		if _, err := q.Quote(context.Background(), c.req); venuetest.Code(err) != c.want {
			t.Errorf("%s→%s %s %s: err %v, want %s", c.req.From, c.req.To, c.req.Direction, c.req.Amount, err, c.want)
		}
	}
}
