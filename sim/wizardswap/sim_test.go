package wizardswap_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simwizardswap "github.com/swapscout/swapscout/sim/wizardswap"
	"github.com/swapscout/swapscout/venue/venuetest"
	"github.com/swapscout/swapscout/venue/wizardswap"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcETH = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
	Amount: swapscout.MustAmount("0.02"),
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &wizardswap.Descriptor, simwizardswap.Sim, btcETH)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &wizardswap.Descriptor, simwizardswap.Sim, venuetest.SwapOptions{
		Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
			Amount: swapscout.MustAmount("0.01")},
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		NoRefundTx:    true, NoRefundAmount: true, // WizardSwap reports no refund transaction or amount
		Words: wizardswap.StatusWords.Words(), Map: wizardswap.StatusWords.Status, NoAmountReceived: true,
	})
}

// TestSimulator checks the adapter against its simulator beyond the
// conformance suite: the TAB before every body, the minimum, a refused pair.
func TestSimulator(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, wizardswap.Descriptor.ID, simwizardswap.Sim())
	url := s.VenueURL(wizardswap.Descriptor.ID)
	resp, err := http.Get(url + "/pairs/btc")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if len(body) == 0 || body[0] != '\t' {
		t.Errorf("GET /pairs/btc = %q, want a TAB first", body)
	}
	q := venuetest.New(t, &wizardswap.Descriptor, url)
	ctx := context.Background()
	if o, err := q.Quote(ctx, btcETH); err != nil || o.AmountOut.Sign() <= 0 {
		t.Fatalf("send: %+v, %v", o, err)
	}
	small := btcETH
	small.Amount = swapscout.MustAmount("0.00000001")
	if _, err := q.Quote(ctx, small); venuetest.Code(err) != swapscout.CodeAmountTooSmall {
		t.Errorf("below min: %v", err)
	}
	large := btcETH // beyond the reserve: "Insufficient liquidity."
	large.Amount = swapscout.MustAmount("100")
	if _, err := q.Quote(ctx, large); venuetest.Code(err) != swapscout.CodeUnsupportedPair {
		t.Errorf("100 BTC: %v", err)
	}
	same := btcETH
	same.To = same.From
	if _, err := q.Quote(ctx, same); venuetest.Code(err) != swapscout.CodeUnsupportedPair {
		t.Errorf("btc→btc: %v", err)
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
		{"rate_limit", 0, 1, swapscout.CodeUnsupportedPair},
	} {
		t.Run(f.name, func(t *testing.T) {
			s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, ErrorRate: f.errs, RateLimitRate: f.limit}, wizardswap.Descriptor.ID, simwizardswap.Sim())
			q := venuetest.New(t, &wizardswap.Descriptor, s.VenueURL(wizardswap.Descriptor.ID))
			if _, err := q.Quote(context.Background(), btcETH); venuetest.Code(err) != f.want {
				t.Errorf("Quote = %v, want %s", err, f.want)
			}
		})
	}
}
