package aggregate_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// A fan-out's answer slots are reused by the next one (fanBufs) once
// every call of the first has returned, including a call that answered
// after its request had given up on it: its late answer must never reach
// the next fan-out as one of its own.
func TestSlotsReusedAfterLateAnswers(t *testing.T) {
	for round := range 20 {
		started, gate := make(chan struct{}), make(chan struct{})
		late := quoterFunc(func(ctx context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
			select {
			case <-started:
			default:
				close(started)
			}
			<-gate
			return swapscout.Offer{AmountIn: r.Amount, AmountOut: swapscout.MustAmount("3.0")}, nil
		})
		now := func(out string) quoterFunc {
			return func(_ context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
				return swapscout.Offer{AmountIn: r.Amount, AmountOut: swapscout.MustAmount(out)}, nil
			}
		}
		e := newEngine(t, []aggregate.Venue{v("late", late), v("a", now("2.9")), v("b", now("3.1"))}, aggregate.Options{})
		ctx, cancel := context.WithCancel(context.Background())
		first := make(chan *swapscout.Quote, 1)
		go func() { first <- e.Quote(ctx, req, e.Venues(), nil) }()
		<-started
		cancel() // the request ends while "late" is still running
		q := <-first
		if len(q.Failures) == 0 || q.Failures[0].Venue != "late" {
			t.Fatalf("round %d: first quote's failures %+v, want late's timeout", round, q.Failures)
		}
		close(gate) // late answers now, to nobody
		for e.Detached() != 0 {
			runtime.Gosched()
		}
		q = e.Quote(context.Background(), req, e.Venues(), nil)
		if len(q.Offers) != 3 || len(q.Failures) != 0 {
			t.Fatalf("round %d: second quote: offers %+v, failures %+v; want three offers", round, q.Offers, q.Failures)
		}
	}
}
