package quickex_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simquickex "github.com/swapscout/swapscout/sim/quickex"
	"github.com/swapscout/swapscout/venue/quickex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
)

// btcUSDT is the research example's request: 0.1 BTC to USDT on Tron.
var btcUSDT = swapscout.QuoteRequest{From: btc, To: usdtTRX, Amount: swapscout.MustAmount("0.1")}

// req builds a request.
func req(from, to swapscout.Asset, amount string, d swapscout.Direction, rt swapscout.RateType) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: from, To: to, Amount: swapscout.MustAmount(amount), Direction: d, RateType: rt}
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &quickex.Descriptor, simquickex.Sim, btcUSDT)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &quickex.Descriptor, simquickex.Sim, btcUSDT)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &quickex.Descriptor, simquickex.Sim, venuetest.SwapOptions{
		Req: swapscout.QuoteRequest{From: btc, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
			Amount: swapscout.MustAmount("0.01"), RateType: swapscout.Fixed},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefund:      true, // no source shows a refund event
		Words:         quickex.StatusWords.Words(), Map: quickex.StatusWords.Status,
	})
}

// TestSimulatorModes quotes every supported kind of request against the
// simulator, and checks it refuses what the venue refuses.
func TestSimulatorModes(t *testing.T) {
	d := &quickex.Descriptor
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, d.ID, simquickex.Sim())
	q := venuetest.New(t, d, s.VenueURL(d.ID))
	for _, c := range []struct {
		req  swapscout.QuoteRequest
		want swapscout.FailureCode
	}{
		{req: req(btc, usdtTRX, "0.1", swapscout.Send, swapscout.Float)},
		{req: req(btc, usdtTRX, "0.1", swapscout.Send, swapscout.Fixed)},
		{req: req(btc, usdtTRX, "0.00001", swapscout.Send, swapscout.Float), want: swapscout.CodeAmountTooSmall},
		{req: req(btc, usdtTRX, "100", swapscout.Send, swapscout.Float), want: swapscout.CodeAmountTooLarge},
		{req: req(btc, usdtTRX, "100", swapscout.Receive, swapscout.Fixed), want: swapscout.CodeUnsupportedPair},
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
