package quotes_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/quotes"
)

// sleepyVenue answers every pair after a fixed latency (honouring its
// context), at a rate of its own.
type sleepyVenue struct {
	lat  time.Duration
	rate swapscout.Amount
}

func (v sleepyVenue) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	if v.lat > 0 {
		t := time.NewTimer(v.lat)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return swapscout.Offer{}, ctx.Err()
		}
	}
	// The rough market rate, less the venue's spread: plausible against
	// the engine's anchors.
	from, _ := swapscout.RoughUSD(req.From.Ticker)
	to, _ := swapscout.RoughUSD(req.To.Ticker)
	rate, err := swapscout.AmountFromFloat(from / to)
	if err != nil {
		return swapscout.Offer{}, err
	}
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: req.Amount.Mul(rate).Mul(v.rate).Round(8, swapscout.RoundDown), RateType: req.RateType}, nil
}

// noSwaps is a swap capability that is never used: the venues only have to
// be selectable for route legs.
type noSwaps struct{}

func (noSwaps) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	return swapscout.SwapOrder{}, errors.New("not here")
}
func (noSwaps) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, errors.New("not here")
}

// routeLatencies are twelve venues' latencies, the slowest 60 ms.
var routeLatencies = []time.Duration{
	8 * time.Millisecond, 12 * time.Millisecond, 15 * time.Millisecond, 18 * time.Millisecond,
	22 * time.Millisecond, 26 * time.Millisecond, 30 * time.Millisecond, 35 * time.Millisecond,
	40 * time.Millisecond, 45 * time.Millisecond, 52 * time.Millisecond, 60 * time.Millisecond,
}

func routeService() *quotes.Service { return routeServiceOver(routeLatencies) }

// routeServiceOver is routeService with the venues' latencies lats (0: the
// venue answers at once).
func routeServiceOver(lats []time.Duration) *quotes.Service {
	var evs []aggregate.Venue
	for i, lat := range lats {
		evs = append(evs, aggregate.Venue{ID: fmt.Sprintf("v%02d", i), Timeout: 2 * time.Second, Swapper: noSwaps{},
			Quoter: sleepyVenue{lat, swapscout.MustAmount(fmt.Sprintf("0.99%02d", i))}})
	}
	return quotes.New(quotes.Config{Engine: &aggregate.Service{Engine: aggregate.New(evs, aggregate.Options{})}, Composite: true})
}

// BenchmarkQuoteWithRoutes: a quote with routes through the six bridges
// over twelve venues (the slowest 60 ms), 1 + 3·6 fan-outs. A route's
// critical path is two venue calls one after the other (the best first
// leg is known once the slowest first leg has answered, then its second
// leg waits for the slowest venue again), so the overhead reported is the
// answer's time minus twice the slowest venue's latency: what the route
// search adds beyond waiting for venues. Target: p99 ≤ 5 ms.
//
//	go test -run XXX -bench QuoteWithRoutes -benchtime 200x ./quotes/
func BenchmarkQuoteWithRoutes(b *testing.B) {
	s := routeService()
	slowest := slices.Max(routeLatencies)
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "zec", Network: "zec"}, To: swapscout.Asset{Ticker: "ton", Network: "ton"},
		Amount: swapscout.MustAmount("10")}
	// direct: the same quote without routes (one fan-out, its path one
	// venue call), the machine's own noise on the same harness.
	for _, bc := range []struct {
		name  string
		mode  quotes.RouteMode
		calls time.Duration
	}{{"direct", quotes.RoutesOff, 1}, {"routes", quotes.RoutesOn, 2}} {
		b.Run(bc.name, func(b *testing.B) {
			var over []time.Duration
			for b.Loop() {
				start := time.Now()
				a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 3 * time.Second, Routes: bc.mode})
				total := time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				q, _ := a.Quote()
				if routes := slices.IndexFunc(q.Offers, func(o swapscout.Offer) bool { return len(o.Legs) == 2 }); (routes >= 0) != (bc.mode == quotes.RoutesOn) {
					b.Fatalf("route at %d among %d offers", routes, len(q.Offers))
				}
				over = append(over, total-bc.calls*slowest)
			}
			slices.Sort(over)
			p := func(f float64) float64 { return float64(over[int(f*float64(len(over)-1))].Microseconds()) / 1000 }
			b.ReportMetric(p(0.5), "ms-over-path-p50")
			b.ReportMetric(p(0.99), "ms-over-path-p99")
			b.ReportMetric(p(1), "ms-over-path-max")
		})
	}
}
