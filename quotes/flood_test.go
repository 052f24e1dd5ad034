package quotes_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/venue"
)

// rateClock is a venue.RateClock the test moves: each venue call moves it
// on by the venue's answer time, so the guards learn one without the wall
// clock; a wait for a token fails (no test here should wait).
type rateClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *rateClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *rateClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func (c *rateClock) Sleep(ctx context.Context, d time.Duration) error {
	return fmt.Errorf("waited %s for a token", d)
}

// limitedVenue quotes some pairs at fixed rates, each call through its
// venue.Guard (as Fetch does), taking answer on the rate clock.
type limitedVenue struct {
	guard  *venue.Guard
	clk    *rateClock
	answer time.Duration
	rates  map[string]string // "from>to" tickers → what the venue pays of the market rate
}

func (v *limitedVenue) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	err := v.guard.Do(ctx, func(context.Context) error {
		v.clk.add(v.answer)
		return nil
	})
	if err != nil {
		return swapscout.Offer{}, err
	}
	spread, ok := v.rates[req.From.Ticker+">"+req.To.Ticker]
	if !ok {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "no such pair")
	}
	// The rough market rate less the venue's spread: plausible against
	// the engine's anchors.
	from, _ := swapscout.RoughUSD(req.From.Ticker)
	to, _ := swapscout.RoughUSD(req.To.Ticker)
	rate, err := swapscout.AmountFromFloat(from / to)
	if err != nil {
		return swapscout.Offer{}, err
	}
	out := req.Amount.Mul(rate).Mul(swapscout.MustAmount(spread)).Round(8, swapscout.RoundDown)
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: out}, nil
}

// TestShortDeadlineFloodLeavesRoutes: one client sends a flood of uncached
// quotes with deadline=10ms, one after the other (so never past its
// interactive share: none is marked bulk), to venues that usually answer in
// 200 ms; the next normal quote still has every offer the first one had,
// its two-leg route included. Before, the flood's calls took every token at
// full priority, and a route leg could use none of what was left.
func TestShortDeadlineFloodLeavesRoutes(t *testing.T) {
	clk := &rateClock{t: time.Unix(1_800_000_000, 0)}
	rates := map[string]map[string]string{
		"alpha":   {"btc>eth": "0.97", "btc>xmr": "0.995"},
		"bravo":   {"xmr>eth": "0.995"},
		"charlie": {"btc>eth": "0.96"},
	}
	var vs []aggregate.Venue
	for _, id := range []string{"alpha", "bravo", "charlie"} {
		// Twenty calls at once, and none comes back within the test.
		g := venue.NewGuard(id, venue.Limit{Rate: 1e-4, Burst: 20}, clk.Now)
		g.SetRateClock(clk)
		vs = append(vs, aggregate.Venue{ID: id, Timeout: time.Second, Swapper: noSwaps{},
			Quoter: &limitedVenue{guard: g, clk: clk, answer: 200 * time.Millisecond, rates: rates[id]}})
	}
	e := aggregate.New(vs, aggregate.Options{})
	defer e.Close(context.Background())
	s := quotes.New(quotes.Config{Engine: &aggregate.Service{Engine: e}, Composite: true})
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	quote := func(amount string, deadline time.Duration) []string {
		t.Helper()
		req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount(amount)}
		a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: deadline, Routes: quotes.RoutesOn})
		if err != nil {
			t.Fatal(err)
		}
		q, _ := a.Quote()
		var got []string
		for _, o := range q.Offers {
			got = append(got, o.Venue)
		}
		if deadline >= time.Second && len(q.Failures) > 0 {
			t.Logf("quote %s failures: %+v", amount, q.Failures)
		}
		return got
	}
	base := quote("1", 2*time.Second)
	if !slices.Contains(base, "alpha>xmr@xmr>bravo") || !slices.Contains(base, "charlie") {
		t.Fatalf("baseline offers %v, want the route and both direct offers", base)
	}
	for i := range 60 {
		quote(fmt.Sprintf("0.1%03d", i), 10*time.Millisecond)
	}
	if got := quote("2", 2*time.Second); !slices.Equal(got, base) {
		t.Errorf("after the flood: offers %v, want %v as before it", got, base)
	}
}
