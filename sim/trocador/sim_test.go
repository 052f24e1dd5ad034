package trocador_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simtrocador "github.com/swapscout/swapscout/sim/trocador"
	"github.com/swapscout/swapscout/venue/trocador"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
)

// btcXMR is the request Cake's recording was made with.
var btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01")}

// req builds a request.
func req(from, to swapscout.Asset, amount string, d swapscout.Direction, rt swapscout.RateType) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: from, To: to, Amount: swapscout.MustAmount(amount), Direction: d, RateType: rt}
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &trocador.Descriptor, simtrocador.Sim, btcXMR)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &trocador.Descriptor, simtrocador.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &trocador.Descriptor, simtrocador.Sim, venuetest.SwapOptions{
		Req:           btcXMR,
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // Trocador reports no refund transaction or amount
		Words: trocador.StatusWords.Words(), Map: trocador.StatusWords.Status, NoAmountReceived: true,
	})
}

// TestSimulatorModes quotes every supported kind of request against the
// simulator, and checks it refuses what the venue refuses.
func TestSimulatorModes(t *testing.T) {
	d := &trocador.Descriptor
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, d.ID, simtrocador.Sim())
	q := venuetest.New(t, d, s.VenueURL(d.ID))
	for _, c := range []struct {
		req  swapscout.QuoteRequest
		want swapscout.FailureCode
	}{
		{req: req(btc, xmr, "0.01", swapscout.Send, swapscout.Float)},
		{req: req(btc, xmr, "0.01", swapscout.Send, swapscout.Fixed)},
		{req: req(btc, xmr, "1", swapscout.Receive, swapscout.Fixed)},
		{req: req(btc, xmr, "0.000001", swapscout.Send, swapscout.Float), want: swapscout.CodeUnsupportedPair},
		{req: req(btc, xmr, "1", swapscout.Receive, swapscout.Float), want: swapscout.CodeUnsupportedPair},
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
