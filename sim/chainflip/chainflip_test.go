package chainflip

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	adapter "github.com/swapscout/swapscout/venue/chainflip"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	usdcETH = swapscout.Asset{Ticker: "usdc", Network: "eth"}
	btcETH  = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
)

// TestAgainstSim drives the adapter through the simulator: offers for every
// mapped pair from BTC, the minimum below it, and unsupported assets.
func TestAgainstSim(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "chainflip", Venue())
	q := venuetest.New(t, &adapter.Descriptor, s.VenueURL("chainflip"))
	ctx := context.Background()
	o, err := q.Quote(ctx, btcETH)
	if err != nil {
		t.Fatal(err)
	}
	if !o.AmountIn.Equal(btcETH.Amount) || o.AmountOut.Sign() <= 0 || len(o.Fees) == 0 || o.ETAMax <= 0 {
		t.Errorf("offer %+v, want 0.1 in, something out, fees and a duration", o)
	}
	_, err = q.Quote(ctx, swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.00001")})
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall || ve.Min.Sign() <= 0 {
		t.Errorf("below the minimum: %v, want amount_too_small with the minimum", err)
	}
	venuetest.CheckServedAssets(ctx, t, q, Venue().Profile.Assets, btc, usdcETH, func(in swapscout.Asset) swapscout.Amount {
		if in == usdcETH {
			return swapscout.MustAmount("1000")
		}
		return swapscout.MustAmount("0.1")
	})
}

func TestSwapConformance(t *testing.T) {
	venuetest.RunSwapSim(t, &adapter.Descriptor, Venue, venuetest.SwapOptions{
		Req:           swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.01")},
		PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		Words:         adapter.StatusWords.Words(), Map: adapter.StatusWords.Status,
		// The adapter's order id is the channel's, issuedBlock-Network-channelId.
		SimOrderID: func(channelID string) string {
			f := strings.Split(channelID, "-")
			if len(f) != 3 {
				return ""
			}
			return orderID(f[0], f[2])
		},
	})
}

// TestOrderID: a channel's block and id name the simulated order they were
// made from, and nothing else does.
func TestOrderID(t *testing.T) {
	block, channel, ok := simChannel("00d7bbc9000033489")
	if ok {
		t.Errorf("a 17-digit id reads as block %d channel %d", block, channel)
	}
	block, channel, ok = simChannel("00d7bbc900003348")
	if !ok || block != 14138313 || channel != 13128 {
		t.Fatalf("simChannel = %d, %d, %v", block, channel, ok)
	}
	if got := orderID("14138313", "13128"); got != "00d7bbc900003348" {
		t.Errorf("orderID = %q", got)
	}
	for _, c := range [][2]string{{"014138313", "13128"}, {"14138313", "x"}, {"", "13128"}, {"4294967296", "1"}} {
		if got := orderID(c[0], c[1]); got != "" {
			t.Errorf("orderID(%q, %q) = %q, want none", c[0], c[1], got)
		}
	}
}
