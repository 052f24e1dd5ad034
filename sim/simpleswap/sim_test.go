package simpleswap_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simsimpleswap "github.com/swapscout/swapscout/sim/simpleswap"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcXMR = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.01"),
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &simpleswap.Descriptor, simsimpleswap.Sim, btcXMR)
}

func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &simpleswap.Descriptor, simsimpleswap.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	fixed := btcXMR
	fixed.RateType = swapscout.Fixed
	venuetest.RunSwapSim(t, &simpleswap.Descriptor, simsimpleswap.Sim, venuetest.SwapOptions{
		Req:           fixed,
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // SimpleSwap reports no refund transaction or amount
		Words: simpleswap.StatusWords.Words(), Map: simpleswap.StatusWords.Status, NoAmountReceived: true,
	})
}

// startSim serves SimpleSwap's simulator on loopback and returns its base URL.
func startSim(t *testing.T) string {
	t.Helper()
	return venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, "simpleswap", simsimpleswap.Sim()).VenueURL("simpleswap")
}

func withAmount(r swapscout.QuoteRequest, a string) swapscout.QuoteRequest {
	r.Amount = swapscout.MustAmount(a)
	return r
}

// TestSimulator runs every direction and rate type against the simulator,
// and its errors: a missing key and an amount out of range.
func TestSimulator(t *testing.T) {
	url := startSim(t)
	q := venuetest.New(t, &simpleswap.Descriptor, url)
	for _, dir := range []swapscout.Direction{swapscout.Send, swapscout.Receive} {
		for _, rt := range []swapscout.RateType{swapscout.Float, swapscout.Fixed} {
			req := btcXMR
			req.Direction, req.RateType = dir, rt
			if dir == swapscout.Receive {
				req.Amount = swapscout.MustAmount("1")
			}
			o, err := q.Quote(context.Background(), req)
			if err != nil {
				t.Fatalf("%s %s: %v", dir, rt, err)
			}
			if dir == swapscout.Send && (!o.AmountIn.Equal(req.Amount) || o.Min.Sign() <= 0 || o.Max.Sign() <= 0) {
				t.Errorf("%s %s: offer %+v, want amount in %s and limits", dir, rt, o, req.Amount)
			}
			if dir == swapscout.Receive && !o.AmountOut.Equal(req.Amount) {
				t.Errorf("%s %s: offer out %s, want %s", dir, rt, o.AmountOut, req.Amount)
			}
			if (o.RateID != "") != (rt == swapscout.Fixed) || o.ExpiresAt.IsZero() == (rt == swapscout.Fixed) {
				t.Errorf("%s %s: rate id %q expires %v", dir, rt, o.RateID, o.ExpiresAt)
			}
		}
	}
	for _, c := range []struct {
		amount string
		dir    swapscout.Direction
		want   swapscout.FailureCode
	}{
		{"0.00001", swapscout.Send, swapscout.CodeAmountTooSmall},
		{"1000", swapscout.Send, swapscout.CodeAmountTooLarge},
		{"0.001", swapscout.Receive, swapscout.CodeAmountTooSmall},
		{"100000", swapscout.Receive, swapscout.CodeAmountTooLarge},
	} {
		req := withAmount(btcXMR, c.amount)
		req.Direction = c.dir
		if _, err := q.Quote(context.Background(), req); venuetest.Code(err) != c.want {
			t.Errorf("%s %s: err %v, want %s", c.dir, c.amount, err, c.want)
		}
	}
	noKey := simpleswap.New(venue.Config{BaseURL: url, HTTP: venuetest.Client(t)})
	if _, err := noKey.Quote(context.Background(), btcXMR); venuetest.Code(err) != swapscout.CodeNotConfigured {
		t.Errorf("without a key: err %v, want not_configured", err)
	}
}
