package nearintents

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
	adapter "github.com/swapscout/swapscout/venue/nearintents"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth    = swapscout.Asset{Ticker: "eth", Network: "eth"}
	btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
)

const (
	payout = "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C"
	refund = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
)

// start serves the simulated 1Click API with cfg and builds the adapter
// against it, with a key.
func start(t *testing.T, cfg sim.Config) (*sim.Server, *adapter.Client) {
	s := venuetest.StartSim(t, cfg, adapter.Descriptor.ID, Venue())
	return s, venuetest.New(t, &adapter.Descriptor, s.VenueURL(adapter.Descriptor.ID)).(*adapter.Client)
}

// TestSimulatorErrorBodies: the simulator's injected errors come as 1Click's
// error body with HTTP 500 and, every other time, with HTTP 200; the adapter
// reads both as unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.RunInjectedErrors(t, &adapter.Descriptor, Venue(), btcETH, func(root string) (*http.Response, error) {
		return http.Post(root+adapter.QuotePath, "application/json", nil)
	})
}

// TestSimulatorQuirks: the simulator speaks in base units, answers 201,
// pays 0.2% less to a quote asked without a key, and refuses an amount
// below its minimum in 1Click's words, with the minimum in base units.
func TestSimulatorQuirks(t *testing.T) {
	s, keyed := start(t, sim.Config{Seed: 1, Latency: time.Millisecond})
	ctx := context.Background()
	o, err := keyed.Quote(ctx, btcETH)
	if err != nil {
		t.Fatal(err)
	}
	if o.ExpiresAt.IsZero() || o.AmountOut.Scale() > 18 {
		t.Errorf("offer %+v: want an expiry and at most 18 decimals of ETH", o)
	}
	anon, err := adapter.Descriptor.New(venue.Config{BaseURL: s.VenueURL("nearintents"), HTTP: venuetest.Client(t),
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	o2, err := anon.Quote(ctx, btcETH)
	if err != nil {
		t.Fatal(err)
	}
	if o2.AmountOut.Cmp(o.AmountOut) >= 0 {
		t.Errorf("without a key %s, with one %s: want less without", o2.AmountOut, o.AmountOut)
	}
	dust := btcETH
	dust.Amount = swapscout.MustAmount("0.00000001")
	_, err = keyed.Quote(ctx, dust)
	if code := venuetest.Code(err); code != swapscout.CodeAmountTooSmall {
		t.Fatalf("dust: %v (%s), want amount_too_small", err, code)
	}
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Min.Sign() <= 0 {
		t.Errorf("dust refusal %v without the minimum", err)
	}
}

// TestSubmitDepositSimulated: against the simulator, an order's deposit
// hash is taken and answered with its status; an unknown address is not
// found.
func TestSubmitDepositSimulated(t *testing.T) {
	_, c := start(t, sim.Config{Seed: 1, Latency: time.Millisecond})
	ctx := context.Background()
	offer, err := c.Quote(ctx, btcETH)
	if err != nil {
		t.Fatal(err)
	}
	o, err := c.CreateSwap(ctx, swapscout.CreateSwapRequest{Request: btcETH, Offer: offer, PayoutAddress: payout, RefundAddress: refund})
	if err != nil {
		t.Fatal(err)
	}
	u, err := c.SubmitDeposit(ctx, o.Ref.ID, "5e2b8c1d9f3a7e6b4c0d2f8a1e3b5c7d9f0a2e4b6c8d0f1a3e5b7c9d1f3a5e7b")
	if err != nil || u.Status != swapscout.StatusWaiting {
		t.Errorf("SubmitDeposit = %+v, %v", u, err)
	}
	if _, err := c.SubmitDeposit(ctx, "bc1qnotanorder", "5e2b8c1d"); venuetest.Code(err) != venue.CodeOrderNotFound {
		t.Errorf("unknown address: %v", err)
	}
}

func TestSwapConformance(t *testing.T) {
	venuetest.RunSwapSim(t, &adapter.Descriptor, Venue, venuetest.SwapOptions{
		Req:           swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.01")},
		PayoutAddress: payout, RefundAddress: refund,
		NoRefundTx: true, // refundedAmount, but no refund transaction of its own
		Words:      adapter.StatusWords.Words(), Map: adapter.StatusWords.Status,
		SimOrderID: simOrderID,
	})
}
