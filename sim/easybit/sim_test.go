package easybit_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simeasybit "github.com/swapscout/swapscout/sim/easybit"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/easybit"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcUSDT = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "usdt", Network: "trx"},
	Amount: swapscout.MustAmount("0.01"),
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &easybit.Descriptor, simeasybit.Sim, btcUSDT)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &easybit.Descriptor, simeasybit.Sim, btcUSDT)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &easybit.Descriptor, simeasybit.Sim, venuetest.SwapOptions{
		Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
			Amount: swapscout.MustAmount("0.01")},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // EasyBit reports no refund transaction or amount
		Words: easybit.StatusWords.Words(), Map: easybit.StatusWords.Status, NoAmountReceived: true,
	})
}

// TestSimulator checks the adapter against its simulator beyond the
// conformance suite: both directions, the minimum, a refused pair and a
// missing key.
func TestSimulator(t *testing.T) {
	url := startSim(t)
	q := venuetest.New(t, &easybit.Descriptor, url)
	ctx := context.Background()
	o, err := q.Quote(ctx, btcUSDT)
	if err != nil || o.AmountOut.Sign() <= 0 || o.Min.Sign() <= 0 || len(o.Fees) != 1 || o.ETAMax == 0 {
		t.Fatalf("send: %+v, %v", o, err)
	}
	reverse := btcUSDT
	reverse.Direction, reverse.Amount = swapscout.Receive, swapscout.MustAmount("500")
	if r, err := q.Quote(ctx, reverse); err != nil || !r.AmountOut.Equal(reverse.Amount) || r.AmountIn.Sign() <= 0 {
		t.Fatalf("receive: %+v, %v", r, err)
	}
	small := btcUSDT
	small.Amount = swapscout.MustAmount("0.00000001")
	if _, err := q.Quote(ctx, small); venuetest.Code(err) != swapscout.CodeAmountTooSmall {
		t.Errorf("below min: %v", err)
	}
	same := btcUSDT
	same.To = same.From
	if _, err := q.Quote(ctx, same); venuetest.Code(err) != swapscout.CodeUnsupportedPair {
		t.Errorf("btc→btc: %v", err)
	}
	noKey, _ := easybit.Descriptor.New(venue.Config{BaseURL: url, HTTP: venuetest.Client(t)})
	if _, err := noKey.Quote(ctx, btcUSDT); venuetest.Code(err) != swapscout.CodeNotConfigured {
		t.Errorf("without a key: %v", err)
	}
}

func startSim(t *testing.T) string {
	t.Helper()
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, easybit.Descriptor.ID, simeasybit.Sim())
	return s.VenueURL(easybit.Descriptor.ID)
}

// TestSimulatorFaults checks that the simulator's injected faults, written in
// the venue's own shapes, reach the adapter as the right codes.
func TestSimulatorFaults(t *testing.T) {
	for _, f := range []struct {
		name        string
		errs, limit float64
		want        swapscout.FailureCode
	}{
		{"error", 1, 0, swapscout.CodeUnavailable},
		{"rate_limit", 0, 1, swapscout.CodeRateLimited},
	} {
		t.Run(f.name, func(t *testing.T) {
			s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, ErrorRate: f.errs, RateLimitRate: f.limit}, easybit.Descriptor.ID, simeasybit.Sim())
			q := venuetest.New(t, &easybit.Descriptor, s.VenueURL(easybit.Descriptor.ID))
			if _, err := q.Quote(context.Background(), btcUSDT); venuetest.Code(err) != f.want {
				t.Errorf("Quote = %v, want %s", err, f.want)
			}
		})
	}
}
