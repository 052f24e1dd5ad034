package exolix_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simexolix "github.com/swapscout/swapscout/sim/exolix"
	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr    = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("1")}
)

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &exolix.Descriptor, simexolix.Sim, btcXMR)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &exolix.Descriptor, simexolix.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &exolix.Descriptor, simexolix.Sim, venuetest.SwapOptions{
		Req:           swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01"), RateType: swapscout.Fixed},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // Exolix reports no refund transaction or amount
		Words: exolix.StatusWords.Words(), Map: exolix.StatusWords.Status,
	})
}

// TestAgainstSim drives the adapter through the simulator's quirks: both
// directions at both rate types, refusals below and above the limits (on 422
// when sending, on 200 when receiving), and every served asset.
func TestAgainstSim(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "exolix", simexolix.Sim())
	q := venuetest.New(t, &exolix.Descriptor, s.VenueURL("exolix"))
	ctx := context.Background()

	for _, rt := range []swapscout.RateType{swapscout.Float, swapscout.Fixed} {
		for _, d := range []swapscout.Direction{swapscout.Send, swapscout.Receive} {
			req := swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.05"), Direction: d, RateType: rt}
			if d == swapscout.Receive {
				req.Amount = swapscout.MustAmount("10")
			}
			o, err := q.Quote(ctx, req)
			if err != nil {
				t.Fatalf("%s %s: %v", rt, d, err)
			}
			if o.RateType != rt || o.Min.Sign() <= 0 || o.Max.Cmp(o.Min) <= 0 {
				t.Errorf("%s %s: rate type %s, limits %s..%s", rt, d, o.RateType, o.Min, o.Max)
			}
			if d == swapscout.Send && !o.AmountIn.Equal(req.Amount) || d == swapscout.Receive && !o.AmountOut.Equal(req.Amount) {
				t.Errorf("%s %s: in %s out %s does not keep the requested %s", rt, d, o.AmountIn, o.AmountOut, req.Amount)
			}
		}
	}

	for _, c := range []struct {
		name   string
		d      swapscout.Direction
		amount string
		want   swapscout.FailureCode
	}{
		{"send_below", swapscout.Send, "0.00000001", swapscout.CodeAmountTooSmall},
		{"receive_below", swapscout.Receive, "0.000001", swapscout.CodeAmountTooSmall},
		{"send_above", swapscout.Send, "100", swapscout.CodeAmountTooLarge},
		{"receive_above", swapscout.Receive, "100000", swapscout.CodeAmountTooLarge},
	} {
		_, err := q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount(c.amount), Direction: c.d})
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != c.want || ve.Min.Sign() <= 0 {
			t.Errorf("%s: error %v, want %s with the minimum", c.name, err, c.want)
		}
	}

	venuetest.CheckServedAssets(ctx, t, q, simexolix.Sim().Profile.Assets, btc, xmr, venuetest.Always("0.05"))
}
