package sideshift_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simsideshift "github.com/swapscout/swapscout/sim/sideshift"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/sideshift"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// simClock is the simulator's settable clock.
type simClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *simClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *simClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// TestCancelSwap: a shift is cancelled through /v2/cancel-order, as the
// docs say: refused while younger than 5 minutes (the error says when to
// ask again), done after; cancelling it again is done too (already
// expired); an unknown order is order_not_found; the cancelled shift reads
// expired.
func TestCancelSwap(t *testing.T) {
	clk := &simClock{t: time.Now()}
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, Now: clk.now}, "sideshift", simsideshift.Sim())
	q := venuetest.New(t, &sideshift.Descriptor, s.VenueURL("sideshift"))
	sw := q.(swapscout.Swapper)
	ctx := context.Background()
	req := swapscout.CreateSwapRequest{Request: btcETH, Offer: swapscout.Offer{AmountIn: btcETH.Amount, RateType: swapscout.Float},
		PayoutAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", RefundAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}
	o, err := sw.CreateSwap(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	c := q.(swapscout.SwapCanceller)
	err = c.CancelSwap(ctx, o.Ref)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != venue.CodeBadRequest || ve.RetryAfter != sideshift.CancelAge {
		t.Fatalf("cancel at once = %v; want refused, to ask again after %s", err, sideshift.CancelAge)
	}
	clk.add(sideshift.CancelAge)
	if err := c.CancelSwap(ctx, o.Ref); err != nil {
		t.Fatalf("cancel after 5 minutes = %v", err)
	}
	if err := c.CancelSwap(ctx, o.Ref); err != nil {
		t.Errorf("cancel again = %v; want done (already expired)", err)
	}
	if u, err := sw.SwapStatus(ctx, o.Ref); err != nil || u.Status != swapscout.StatusExpired {
		t.Errorf("status after the cancel = %+v, %v; want expired", u, err)
	}
	if err := c.CancelSwap(ctx, swapscout.OrderRef{ID: "nosuchorder"}); venuetest.Code(err) != venue.CodeOrderNotFound {
		t.Errorf("cancel of an unknown order = %v (%s); want order_not_found", err, venuetest.Code(err))
	}
}
