package sideshift_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simsideshift "github.com/swapscout/swapscout/sim/sideshift"
	"github.com/swapscout/swapscout/venue/sideshift"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth    = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr    = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
)

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &sideshift.Descriptor, simsideshift.Sim, btcETH)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &sideshift.Descriptor, simsideshift.Sim, btcETH)
}

func TestSwap(t *testing.T) {
	for _, rt := range []swapscout.RateType{swapscout.Float, swapscout.Fixed} {
		t.Run(rt.String(), func(t *testing.T) {
			venuetest.RunSwapSim(t, &sideshift.Descriptor, simsideshift.Sim, venuetest.SwapOptions{
				Req:           swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01"), RateType: rt},
				PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
				RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
				NoRefundTx:    true, NoRefundAmount: true, // the shift names no refund transaction or amount
				Words: sideshift.StatusWords.Words(), Map: sideshift.StatusWords.Status,
			})
		})
	}
}

// TestAgainstSim drives the adapter through the simulator: both directions
// at both rate types, refusals below and above the limits, every asset.
func TestAgainstSim(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "sideshift", simsideshift.Sim())
	q := venuetest.New(t, &sideshift.Descriptor, s.VenueURL("sideshift"))
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
			if o.RateType != rt || o.Min.Sign() <= 0 || o.Max.Cmp(o.Min) <= 0 || (rt == swapscout.Fixed) != (o.RateID != "") {
				t.Errorf("%s %s: rate type %s, limits %s..%s, rate id %q", rt, d, o.RateType, o.Min, o.Max, o.RateID)
			}
			if d == swapscout.Send && !o.AmountIn.Equal(req.Amount) || d == swapscout.Receive && o.AmountOut.Cmp(req.Amount) < 0 {
				t.Errorf("%s %s: in %s out %s does not answer %s", rt, d, o.AmountIn, o.AmountOut, req.Amount)
			}
		}
	}
	for _, c := range []struct {
		amount string
		rt     swapscout.RateType
		want   swapscout.FailureCode
	}{
		{"0.00000001", swapscout.Float, swapscout.CodeAmountTooSmall},
		{"0.00000001", swapscout.Fixed, swapscout.CodeAmountTooSmall},
		{"100", swapscout.Float, swapscout.CodeAmountTooLarge},
		{"100", swapscout.Fixed, swapscout.CodeAmountTooLarge},
	} {
		_, err := q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount(c.amount), RateType: c.rt})
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != c.want || ve.Min.Sign() <= 0 {
			t.Errorf("%s %s: error %v, want %s with the minimum", c.amount, c.rt, err, c.want)
		}
	}
	venuetest.CheckServedAssets(ctx, t, q, simsideshift.Sim().Profile.Assets, btc, xmr, venuetest.Always("0.1"))
}
