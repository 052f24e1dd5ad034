package majesticbank_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simmajesticbank "github.com/swapscout/swapscout/sim/majesticbank"
	"github.com/swapscout/swapscout/venue/majesticbank"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
)

// req builds a request.
func req(from, to swapscout.Asset, amount string, d swapscout.Direction, rt swapscout.RateType) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: from, To: to, Amount: swapscout.MustAmount(amount), Direction: d, RateType: rt}
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &majesticbank.Descriptor, simmajesticbank.Sim, req(xmr, btc, "1", swapscout.Send, swapscout.Float))
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &majesticbank.Descriptor, simmajesticbank.Sim, req(xmr, btc, "1", swapscout.Send, swapscout.Float))
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &majesticbank.Descriptor, simmajesticbank.Sim, venuetest.SwapOptions{
		Req:           req(btc, xmr, "0.01", swapscout.Send, swapscout.Float),
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		NoRefund:      true, // no documented word for a refund
		Words:         majesticbank.StatusWords.Words(), Map: majesticbank.StatusWords.Status, NoAmountReceived: true,
	})
}

// TestSimulatorModes quotes every supported kind of request against the
// simulator, and checks it refuses what the venue refuses.
func TestSimulatorModes(t *testing.T) {
	d := &majesticbank.Descriptor
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, d.ID, simmajesticbank.Sim())
	q := venuetest.New(t, d, s.VenueURL(d.ID))
	for _, c := range []struct {
		req  swapscout.QuoteRequest
		want swapscout.FailureCode
	}{
		{req: req(xmr, btc, "1", swapscout.Send, swapscout.Float)},
		{req: req(xmr, btc, "1", swapscout.Send, swapscout.Fixed)},
		{req: req(xmr, btc, "0.01", swapscout.Receive, swapscout.Fixed)},
		{req: req(xmr, btc, "0.001", swapscout.Send, swapscout.Float), want: swapscout.CodeAmountTooSmall},
		{req: req(btc, xmr, "100", swapscout.Send, swapscout.Float), want: swapscout.CodeAmountTooLarge},
		{req: req(xmr, btc, "0.01", swapscout.Receive, swapscout.Float), want: swapscout.CodeUnsupportedPair},
	} {
		o, err := q.Quote(context.Background(), c.req)
		if c.want != "" {
			if code := venuetest.Code(err); code != c.want {
				t.Errorf("Quote(%s %s %s %s) code %s (%v), want %s", c.req.Amount, c.req.From, c.req.Direction, c.req.RateType, code, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("Quote(%s %s→%s %s %s): %v", c.req.Amount, c.req.From, c.req.To, c.req.Direction, c.req.RateType, err)
			continue
		}
		if o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 || o.RateType != c.req.RateType {
			t.Errorf("Quote(%s %s→%s %s %s) = in %s out %s %s", c.req.Amount, c.req.From, c.req.To, c.req.Direction, c.req.RateType, o.AmountIn, o.AmountOut, o.RateType)
		}
		if c.req.Direction == swapscout.Receive && !o.AmountOut.Equal(c.req.Amount) {
			t.Errorf("receive quote out %s, want %s", o.AmountOut, c.req.Amount)
		}
		if c.req.Direction == swapscout.Send && !o.AmountIn.Equal(c.req.Amount) {
			t.Errorf("send quote in %s, want %s", o.AmountIn, c.req.Amount)
		}
	}
}
