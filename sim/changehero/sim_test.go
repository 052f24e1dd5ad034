package changehero_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simchangehero "github.com/swapscout/swapscout/sim/changehero"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/changehero"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcETH = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
	Amount: swapscout.MustAmount("0.1"), RateType: swapscout.Fixed,
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &changehero.Descriptor, simchangehero.Sim, btcETH)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &changehero.Descriptor, simchangehero.Sim, btcETH)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &changehero.Descriptor, simchangehero.Sim, venuetest.SwapOptions{
		Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
			Amount: swapscout.MustAmount("0.01"), RateType: swapscout.Fixed},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // ChangeHero reports no refund transaction or amount
		Words: changehero.StatusWords.Words(), Map: changehero.StatusWords.Status,
	})
}

// TestSimulator checks the adapter against its simulator beyond the
// conformance suite: float and fixed in both directions, the limits, a
// refused pair and a missing key.
func TestSimulator(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, changehero.Descriptor.ID, simchangehero.Sim())
	url := s.VenueURL(changehero.Descriptor.ID)
	q := venuetest.New(t, &changehero.Descriptor, url)
	ctx := context.Background()
	float := btcETH
	float.RateType = swapscout.Float
	if o, err := q.Quote(ctx, float); err != nil || o.AmountOut.Sign() <= 0 || o.Min.Sign() <= 0 {
		t.Fatalf("float: %+v, %v", o, err)
	}
	fixed, err := q.Quote(ctx, btcETH)
	if err != nil || fixed.RateID == "" || fixed.Max.Sign() <= 0 || fixed.AmountOut.Sign() <= 0 {
		t.Fatalf("fixed: %+v, %v", fixed, err)
	}
	reverse := btcETH
	reverse.Direction, reverse.Amount = swapscout.Receive, fixed.AmountOut
	if r, err := q.Quote(ctx, reverse); err != nil || r.AmountIn.Cmp(btcETH.Amount) < 0 {
		t.Fatalf("fixed receive %s: %+v, %v (want at least %s sent)", reverse.Amount, r, err, btcETH.Amount)
	}
	for _, rt := range []swapscout.RateType{swapscout.Float, swapscout.Fixed} {
		small := btcETH
		small.RateType, small.Amount = rt, swapscout.MustAmount("0.00000001")
		var ve *swapscout.VenueError
		if _, err := q.Quote(ctx, small); !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall || ve.Min.Sign() <= 0 {
			t.Errorf("%s below min: %v", rt, err)
		}
		same := btcETH
		same.RateType, same.To = rt, same.From
		if _, err := q.Quote(ctx, same); venuetest.Code(err) != swapscout.CodeUnsupportedPair {
			t.Errorf("%s btc→btc: %v", rt, err)
		}
	}
	noKey, _ := changehero.Descriptor.New(venue.Config{BaseURL: url, HTTP: venuetest.Client(t)})
	if _, err := noKey.Quote(ctx, btcETH); venuetest.Code(err) != swapscout.CodeNotConfigured {
		t.Errorf("without a key: %v", err)
	}
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
			s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, ErrorRate: f.errs, RateLimitRate: f.limit}, changehero.Descriptor.ID, simchangehero.Sim())
			q := venuetest.New(t, &changehero.Descriptor, s.VenueURL(changehero.Descriptor.ID))
			if _, err := q.Quote(context.Background(), btcETH); venuetest.Code(err) != f.want {
				t.Errorf("Quote = %v, want %s", err, f.want)
			}
		})
	}
}
