package letsexchange_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simletsexchange "github.com/swapscout/swapscout/sim/letsexchange"
	"github.com/swapscout/swapscout/venue/letsexchange"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr    = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("1")}
)

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &letsexchange.Descriptor, simletsexchange.Sim, btcXMR)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &letsexchange.Descriptor, simletsexchange.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &letsexchange.Descriptor, simletsexchange.Sim, venuetest.SwapOptions{
		Req:           swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.05"), RateType: swapscout.Fixed},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, // return_amount, but no refund transaction
		Words:         letsexchange.StatusWords.Words(), Map: letsexchange.StatusWords.Status,
	})
}

// TestAgainstSim drives the adapter through the simulator: every supported
// direction and rate type, refusals on both sides of the limits, and every
// served asset.
func TestAgainstSim(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "letsexchange", simletsexchange.Sim())
	q := venuetest.New(t, &letsexchange.Descriptor, s.VenueURL("letsexchange"))
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
		if o.Min.Sign() <= 0 || o.Max.Cmp(o.Min) <= 0 || len(o.Fees) != 1 {
			t.Errorf("%s %s: limits %s..%s, fees %v", c.rt, c.d, o.Min, o.Max, o.Fees)
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
		want   swapscout.FailureCode
	}{
		{"send_below", swapscout.Send, "0.0001", swapscout.CodeAmountTooSmall},
		{"send_above", swapscout.Send, "100", swapscout.CodeAmountTooLarge},
		{"receive_below", swapscout.Receive, "0.01", swapscout.CodeAmountTooSmall},
		{"receive_above", swapscout.Receive, "1000000", swapscout.CodeAmountTooLarge},
	} {
		_, err := q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount(c.amount), Direction: c.d, RateType: swapscout.Fixed})
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != c.want || ve.Min.Sign() <= 0 {
			t.Errorf("%s: error %v, want %s with the minimum", c.name, err, c.want)
		}
	}

	venuetest.CheckServedAssets(ctx, t, q, simletsexchange.Sim().Profile.Assets, btc, xmr, venuetest.Always("2"))
}
