package stealthex_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simstealthex "github.com/swapscout/swapscout/sim/stealthex"
	"github.com/swapscout/swapscout/venue/stealthex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr    = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01")}
)

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &stealthex.Descriptor, simstealthex.Sim, btcXMR)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &stealthex.Descriptor, simstealthex.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &stealthex.Descriptor, simstealthex.Sim, venuetest.SwapOptions{
		Req:           swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01"), RateType: swapscout.Fixed},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // StealthEX reports no refund transaction or amount
		Words: stealthex.StatusWords.Words(), Map: stealthex.StatusWords.Status,
	})
}

// TestAgainstSim drives the adapter through the simulator: every supported
// direction and rate type, refusals below the minimum on both sides, and
// every served asset.
func TestAgainstSim(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "stealthex", simstealthex.Sim())
	q := venuetest.New(t, &stealthex.Descriptor, s.VenueURL("stealthex"))
	ctx := context.Background()

	for _, c := range []struct {
		d  swapscout.Direction
		rt swapscout.RateType
	}{{swapscout.Send, swapscout.Float}, {swapscout.Send, swapscout.Fixed}, {swapscout.Receive, swapscout.Fixed}} {
		req := swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.05"), Direction: c.d, RateType: c.rt}
		if c.d == swapscout.Receive {
			req.Amount = swapscout.MustAmount("10")
		}
		o, err := q.Quote(ctx, req)
		if err != nil {
			t.Fatalf("%s %s: %v", c.rt, c.d, err)
		}
		if send := c.d == swapscout.Send; send != (o.Min.Sign() > 0) || send == (o.MinOut.Sign() > 0) {
			t.Errorf("%s %s: min %s min_out %s, want the limits on the side the amount names", c.rt, c.d, o.Min, o.MinOut)
		}
		if fixed := c.rt == swapscout.Fixed; fixed != (o.RateID != "") || fixed && !o.ExpiresAt.After(time.Now()) {
			t.Errorf("%s %s: rate id %q expires %s", c.rt, c.d, o.RateID, o.ExpiresAt)
		}
		if c.d == swapscout.Send && !o.AmountIn.Equal(req.Amount) || c.d == swapscout.Receive && !o.AmountOut.Equal(req.Amount) {
			t.Errorf("%s %s: in %s out %s does not keep the requested %s", c.rt, c.d, o.AmountIn, o.AmountOut, req.Amount)
		}
	}
	for _, c := range []struct {
		name   string
		d      swapscout.Direction
		amount string
	}{{"send_below", swapscout.Send, "0.00001"}, {"receive_below", swapscout.Receive, "0.001"}} {
		_, err := q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount(c.amount), Direction: c.d, RateType: swapscout.Fixed})
		if code := venuetest.Code(err); code != swapscout.CodeAmountTooSmall {
			t.Errorf("%s: code %s (%v), want amount_too_small", c.name, code, err)
		}
	}

	venuetest.CheckServedAssets(ctx, t, q, simstealthex.Sim().Profile.Assets, btc, xmr, venuetest.Always("0.5"))
}
